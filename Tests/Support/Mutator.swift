import Foundation

/// SplitMix64: a tiny deterministic generator, so that every damaged input can be rebuilt from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is not positive).
    public mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Random but reproducible damage to a model (YAML) or a storyboard (XML), byte by byte: what a careless
/// edit, a bad merge, a wrong encoding or a hostile author could produce. Shared by the in-process mutation
/// tests and the fuzz harness, which runs the built executable on each damaged file.
public enum Mutator {
    public enum Format: String, Sendable {
        case yaml, xml
    }

    public enum Mutation: String, CaseIterable, Sendable {
        case byteFlip, deletion, lineDuplication, lineSwap, bracketOrQuote, keyRename, valueSwap,
             deepNesting, alias, invalidUTF8, truncation, longValue
    }

    /// How often each mutation is drawn: those that often keep a model valid (swapped references, moved or
    /// removed lines, aliases) weigh more, so that damaged inputs get past loading as often as they stop there.
    static let weights: [(Mutation, Int)] = [
        (.byteFlip, 1), (.deletion, 2), (.lineDuplication, 1), (.lineSwap, 2), (.bracketOrQuote, 1), (.keyRename, 1),
        (.valueSwap, 4), (.deepNesting, 1), (.alias, 2), (.invalidUTF8, 1), (.truncation, 1), (.longValue, 2),
    ]
    static let drawn: [Mutation] = weights.flatMap { Array(repeating: $0.0, count: $0.1) }

    /// `bytes` with one mutation (most often), two or three, and the mutations in the order applied.
    public static func mutate(_ bytes: [UInt8], format: Format, random: inout SeededGenerator) -> (bytes: [UInt8], applied: [Mutation]) {
        var result = bytes
        var applied: [Mutation] = []
        for _ in 0..<random.pick([1, 1, 1, 1, 1, 1, 1, 2, 2, 3]) {
            let mutation = random.pick(drawn)
            result = apply(mutation, to: result, format: format, random: &random)
            applied.append(mutation)
        }
        return (result, applied)
    }

    /// `bytes` with one mutation of the given kind.
    public static func apply(_ mutation: Mutation, to bytes: [UInt8], format: Format, random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        let position = random.below(bytes.count + 1)
        switch mutation {
        case .byteFlip:
            for _ in 0...random.below(4) where !bytes.isEmpty {
                bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            }
        case .deletion:
            if random.below(2) == 0 {
                // A whole line: often an optional key, a segue or a step.
                var lines = splitLines(bytes)
                if !lines.isEmpty { lines.remove(at: random.below(lines.count)) }
                bytes = joinLines(lines)
            } else {
                let length = random.pick([1, 2, 5, 20, 200])
                bytes.removeSubrange(position..<min(bytes.count, position + length))
            }
        case .lineDuplication, .lineSwap:
            var lines = splitLines(bytes)
            guard !lines.isEmpty else { break }
            let line = random.below(lines.count)
            if mutation == .lineDuplication {
                let block = Array(lines[line..<min(lines.count, line + 1 + random.below(4))])
                lines.insert(contentsOf: block, at: line)
            } else {
                lines.swapAt(line, random.below(lines.count))
            }
            bytes = joinLines(lines)
        case .bracketOrQuote:
            let pieces = format == .yaml
                ? ["[", "]", "{", "}", "\"", "'", ":", ": ", "- ", "#", "&", "*", "!", "|", ">", ",", "?", "%", "@", "`", "\t", "\r", "\\", "---\n"]
                : ["<", ">", "</", "/>", "\"", "'", "&", "&amp;", "&#0;", "&#x110000;", "<![CDATA[", "]]>", "<!--", "-->", "<?", "?>", "=", "\r", "<!DOCTYPE d>"]
            bytes.insert(contentsOf: Array(random.pick(pieces).utf8), at: position)
        case .keyRename:
            bytes = renameKey(bytes, format: format, random: &random)
        case .valueSwap:
            bytes = swapValues(bytes, format: format, random: &random)
        case .deepNesting:
            bytes = nest(bytes, at: position, format: format, random: &random)
        case .alias:
            bytes = addAliases(bytes, format: format, random: &random)
        case .invalidUTF8:
            let sequences: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFE, 0xFF]]
            bytes.insert(contentsOf: random.pick(sequences), at: position)
        case .truncation:
            bytes = Array(bytes.prefix(position))
        case .longValue:
            // Inside a value when there is one: a long title, summary, name or reference.
            let piece = random.pick(["x", "é", "[", " ", "a-", "<b>", "`", "|"])
            let values = valueRanges(bytes, format: format)
            let at = values.isEmpty ? position : random.pick(values).upperBound
            bytes.insert(contentsOf: Array(String(repeating: piece, count: random.pick([130, 300, 5_000, 100_000])).utf8), at: at)
        }
        return bytes
    }

    // MARK: - Lines

    static func splitLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    }

    static func joinLines(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
        Array(lines.joined(separator: [0x0A]))
    }

    // MARK: - Structure-aware mutations

    /// Ranges of names: YAML keys (`name:` at a line's start) or XML element and attribute names.
    static func nameRanges(_ bytes: [UInt8], format: Format) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        func isName(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x2D
        }
        while index < bytes.count {
            guard isName(bytes[index]), index == 0 || !isName(bytes[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && isName(bytes[end]) { end += 1 }
            let before = index > 0 ? bytes[index - 1] : 0x0A
            let after = end < bytes.count ? bytes[end] : 0
            let isKey = format == .yaml
                ? after == UInt8(ascii: ":") && (before == 0x20 || before == 0x0A || before == UInt8(ascii: "{"))
                : before == UInt8(ascii: "<") || before == UInt8(ascii: "/") || (before == 0x20 && after == UInt8(ascii: "="))
            if isKey { ranges.append(index..<end) }
            index = end
        }
        return ranges
    }

    /// Values with the key or attribute they belong to: YAML text after `key: ` up to the end of the line or
    /// of a flow entry, XML attribute values inside their quotes.
    static func keyedValues(_ bytes: [UInt8], format: Format) -> [(key: ArraySlice<UInt8>, range: Range<Int>)] {
        var values: [(ArraySlice<UInt8>, Range<Int>)] = []
        func key(before colon: Int) -> ArraySlice<UInt8> {
            var start = colon
            while start > 0, ![0x20, 0x0A, 0x09, UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "<")].contains(bytes[start - 1]) { start -= 1 }
            return bytes[start..<colon]
        }
        var index = 0
        while index + 1 < bytes.count {
            if format == .yaml, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == 0x20 {
                var end = index + 2
                while end < bytes.count && ![0x0A, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[end]) { end += 1 }
                if end > index + 2 { values.append((key(before: index), index + 2..<end)) }
                index = end
            } else if format == .xml, bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "\"") {
                var end = index + 2
                while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
                values.append((key(before: index), index + 2..<end))
                index = end + 1
            } else {
                index += 1
            }
        }
        return values
    }

    static func valueRanges(_ bytes: [UInt8], format: Format) -> [Range<Int>] {
        keyedValues(bytes, format: format).map(\.range)
    }

    static func renameKey(_ bytes: [UInt8], format: Format, random: inout SeededGenerator) -> [UInt8] {
        let names = nameRanges(bytes, format: format)
        guard !names.isEmpty else { return bytes }
        let target = random.pick(names)
        var name = Array(bytes[target])
        switch random.below(3) {
        case 0: name = Array(bytes[random.pick(names)])  // another name of the file
        case 1: name.remove(at: random.below(name.count))  // a typo
        default: name.insert(random.pick(Array("_-xé".utf8)), at: random.below(name.count + 1))
        }
        var result = bytes
        result.replaceSubrange(target, with: name)
        return result
    }

    static func swapValues(_ bytes: [UInt8], format: Format, random: inout SeededGenerator) -> [UInt8] {
        let values = keyedValues(bytes, format: format)
        guard values.count >= 2 else { return bytes }
        let chosen = random.pick(values)
        // Mostly with a value of the same key (a destination for a destination), which keeps the file readable
        // and moves a reference; sometimes with any value.
        let alike = values.filter { $0.key == chosen.key && $0.range != chosen.range }
        var first = chosen.range
        var second = random.below(4) > 0 && !alike.isEmpty ? random.pick(alike).range : random.pick(values).range
        if first.lowerBound > second.lowerBound { swap(&first, &second) }
        guard first.upperBound <= second.lowerBound else { return bytes }
        var result = Array(bytes[..<first.lowerBound])
        result += bytes[second]
        result += bytes[first.upperBound..<second.lowerBound]
        result += bytes[first]
        result += bytes[second.upperBound...]
        return result
    }

    /// Nesting around the limits and far past them, mostly where a value or an element may start (a bracket
    /// inside plain text or an attribute opens nothing).
    static func nest(_ bytes: [UInt8], at position: Int, format: Format, random: inout SeededGenerator) -> [UInt8] {
        let depth = random.pick([5, 99, 100, 101, 999, 1_000, 1_001, 5_000, 100_000])
        var at = position
        if random.below(4) > 0 {
            switch format {
            case .yaml:
                let values = valueRanges(bytes, format: .yaml)
                if !values.isEmpty { at = random.pick(values).lowerBound }
            case .xml:
                let ends = bytes.indices.filter { bytes[$0] == UInt8(ascii: ">") }
                if !ends.isEmpty { at = random.pick(ends) + 1 }
            }
        }
        let inserted: String
        switch format {
        case .yaml:
            switch random.below(4) {
            case 0: inserted = String(repeating: "[", count: depth) + String(repeating: "]", count: random.below(2) * depth)
            case 1: inserted = String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: random.below(2) * depth)
            // Indentation grows with depth, so these stay at the limits (5,000 levels would be 12 MB of spaces).
            case 2: inserted = "\n" + (0..<min(depth, 1_001)).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + "\n"
            default: inserted = "\n" + (0..<min(depth, 1_001)).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n") + "\n"
            }
        case .xml:
            inserted = String(repeating: "<view>", count: depth) + String(repeating: "</view>", count: random.below(2) * depth)
        }
        var result = bytes
        result.insert(contentsOf: Array(inserted.utf8), at: at)
        return result
    }

    /// YAML anchors and aliases, up to a small bomb; XML entities, up to a small bomb.
    static func addAliases(_ bytes: [UInt8], format: Format, random: inout SeededGenerator) -> [UInt8] {
        let levels = random.pick([1, 3, 8]), fanOut = random.pick([2, 10])
        switch format {
        case .yaml:
            let values = valueRanges(bytes, format: .yaml)
            if random.below(2) == 0, values.count >= 2 {
                // Anchor one value and refer to it from another place.
                var first = random.pick(values), second = random.pick(values)
                if first.lowerBound > second.lowerBound { swap(&first, &second) }
                guard first.upperBound <= second.lowerBound else { return bytes }
                var result = Array(bytes[..<first.lowerBound]) + Array("&fuzz ".utf8) + Array(bytes[first])
                result += bytes[first.upperBound..<second.lowerBound]
                result += Array("*fuzz".utf8)
                result += bytes[second.upperBound...]
                return result
            }
            var lines = ["b0: &b0 [x, x]"]
            for level in 1...levels {
                lines.append("b\(level): &b\(level) [" + Array(repeating: "*b\(level - 1)", count: fanOut).joined(separator: ", ") + "]")
            }
            return bytes + Array(("\n" + lines.joined(separator: "\n") + "\n").utf8)
        case .xml:
            var entities = ["<!ENTITY e0 \"lol\">"]
            for level in 1...levels {
                entities.append("<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: fanOut) + "\">")
            }
            let doctype = "<!DOCTYPE document [" + entities.joined() + "]>\n"
            var result = bytes
            // After the XML declaration when there is one, and a reference in some attribute value.
            let values = valueRanges(bytes, format: .xml)
            if let value = values.isEmpty ? nil : random.pick(values) {
                result.insert(contentsOf: Array("&e\(levels);".utf8), at: value.lowerBound)
            }
            let declarationEnd = result.firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? 0
            result.insert(contentsOf: Array(doctype.utf8), at: result.starts(with: Array("<?xml".utf8)) ? declarationEnd : 0)
            return result
        }
    }
}
