import Foundation
import SceneModel

/// Finds unwind actions (`@IBAction func name(_ segue: UIStoryboardSegue)`) in Swift sources, by class.
///
/// The scan is lexical: comments and string literals are skipped, type bodies are followed by their braces, and each
/// action belongs to the innermost `class`, `struct`, `enum`, `actor` or `extension` around it. Action names are the
/// Objective-C selectors Interface Builder writes, without the colon: `unwindToLibrary(_:)` → `unwindToLibrary`,
/// `unwind(segue:)` → `unwindWithSegue`, `unwind(to:)` → `unwindTo`.
public struct UnwindActionScanner: Sendable {
    public init() {}

    /// The unwind actions of one Swift source, as (type name, action name) in source order.
    public func scan(source: String) -> [(type: String, action: String)] {
        let code = Array(Self.blankingCommentsAndStrings(source).unicodeScalars)
        var found: [(String, String)] = []
        var types: [(name: String, depth: Int)] = []
        var pendingType: String?
        var depth = 0
        var index = 0
        while index < code.count {
            let scalar = code[index]
            if scalar == "{" {
                depth += 1
                if let name = pendingType {
                    types.append((name, depth))
                    pendingType = nil
                }
                index += 1
                continue
            }
            if scalar == "}" {
                if let last = types.last, last.depth == depth { types.removeLast() }
                depth -= 1
                index += 1
                continue
            }
            if scalar == ";" { pendingType = nil }
            if Self.isIdentifierStart(scalar), index == 0 || !Self.isIdentifierPart(code[index - 1]) && code[index - 1] != "@" && code[index - 1] != "." {
                let word = Self.identifier(in: code, at: index)
                switch word {
                case "class", "struct", "enum", "actor", "extension", "protocol":
                    var next = Self.skipSpaces(code, from: index + word.count)
                    let name = Self.typeName(in: code, at: &next)
                    // `class func` and `class var` declare members, not types.
                    if let name, !["func", "var", "let", "subscript", "init", "override", "final", "private", "public", "internal", "fileprivate", "open", "static"].contains(name) {
                        pendingType = name
                    }
                default:
                    break
                }
                index += max(word.count, 1)
                continue
            }
            if scalar == "@", Self.identifier(in: code, at: index + 1) == "IBAction" {
                if let action = Self.unwindAction(in: code, after: index + 1 + "IBAction".count), let type = types.last?.name {
                    found.append((type, action))
                }
                index += 1 + "IBAction".count
                continue
            }
            index += 1
        }
        return found
    }

    // MARK: - Lexing

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    static func identifier(in code: [Unicode.Scalar], at start: Int) -> String {
        var end = start
        while end < code.count, isIdentifierPart(code[end]) { end += 1 }
        var text = ""
        text.unicodeScalars.append(contentsOf: code[min(start, code.count)..<end])
        return text
    }

    static func skipSpaces(_ code: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < code.count, code[index].properties.isWhitespace { index += 1 }
        return index
    }

    /// A type name, possibly qualified (`Outer.Inner`): the last component is returned.
    static func typeName(in code: [Unicode.Scalar], at index: inout Int) -> String? {
        var name: String?
        while index < code.count, isIdentifierStart(code[index]) {
            let part = identifier(in: code, at: index)
            name = part
            index += part.count
            guard index < code.count, code[index] == "." else { break }
            index += 1
        }
        return name
    }

    /// The selector name of the unwind action declared after `@IBAction`, when the function takes one `UIStoryboardSegue`.
    static func unwindAction(in code: [Unicode.Scalar], after start: Int) -> String? {
        var index = skipSpaces(code, from: start)
        // Modifiers and attributes may stand between `@IBAction` and `func`.
        while index < code.count {
            if code[index] == "@" {
                index += 1
                index += identifier(in: code, at: index).count
                if index < code.count, code[index] == "(" { index = skipBalanced(code, from: index) }
                index = skipSpaces(code, from: index)
                continue
            }
            let word = identifier(in: code, at: index)
            if word.isEmpty { return nil }
            index = skipSpaces(code, from: index + word.count)
            if word == "func" { break }
        }
        let name = identifier(in: code, at: index)
        guard !name.isEmpty else { return nil }
        index = skipSpaces(code, from: index + name.count)
        guard index < code.count, code[index] == "(" else { return nil }
        let end = skipBalanced(code, from: index)
        var parameters = ""
        parameters.unicodeScalars.append(contentsOf: code[(index + 1)..<max(index + 1, end - 1)])
        let parts = parameters.split(separator: ",")
        guard parts.count == 1, let colon = parts[0].firstIndex(of: ":") else { return nil }
        let type = parts[0][parts[0].index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            .trimmingCharacters(in: CharacterSet(charactersIn: "!?"))
        guard type == "UIStoryboardSegue" || type == "UIKit.UIStoryboardSegue" else { return nil }
        let names = parts[0][..<colon].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        guard let label = names.first else { return nil }
        return selectorName(base: name, firstLabel: label)
    }

    /// The index just after the bracket group opening at `start`.
    static func skipBalanced(_ code: [Unicode.Scalar], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < code.count {
            if code[index] == "(" { depth += 1 }
            if code[index] == ")" {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return index
    }

    private static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to",
        "until", "using", "via", "when", "with", "within",
    ]

    /// Swift's Objective-C name for a one-argument method, without the colon.
    static func selectorName(base: String, firstLabel label: String) -> String {
        if label == "_" { return base }
        let capitalized = label.prefix(1).uppercased() + label.dropFirst()
        let firstWord = String(label.prefix { !$0.isUppercase })
        return prepositions.contains(firstWord) ? base + capitalized : base + "With" + capitalized
    }

    /// `source` with comments and string literals replaced by spaces (newlines kept).
    static func blankingCommentsAndStrings(_ source: String) -> String {
        let scalars = Array(source.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        func blank(_ scalar: Unicode.Scalar) { output.append(scalar == "\n" ? "\n" : " ") }
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if scalar == "/", next == "/" {
                while index < scalars.count, scalars[index] != "\n" { blank(scalars[index]); index += 1 }
            } else if scalar == "/", next == "*" {
                var depth = 0
                while index < scalars.count {
                    if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                        depth += 1; blank(scalars[index]); blank(scalars[index + 1]); index += 2; continue
                    }
                    if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                        depth -= 1; blank(scalars[index]); blank(scalars[index + 1]); index += 2
                        if depth == 0 { break }
                        continue
                    }
                    blank(scalars[index]); index += 1
                }
            } else if scalar == "\"" {
                let triple = index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\""
                let delimiter = triple ? 3 : 1
                for _ in 0..<delimiter { blank(scalars[index]); index += 1 }
                while index < scalars.count {
                    if scalars[index] == "\\" {
                        blank(scalars[index]); index += 1
                        if index < scalars.count { blank(scalars[index]); index += 1 }
                        continue
                    }
                    if scalars[index] == "\"" {
                        if !triple {
                            blank(scalars[index]); index += 1; break
                        }
                        if index + 2 < scalars.count, scalars[index + 1] == "\"", scalars[index + 2] == "\"" {
                            for _ in 0..<3 { blank(scalars[index]); index += 1 }
                            break
                        }
                    }
                    if !triple, scalars[index] == "\n" { break }
                    blank(scalars[index]); index += 1
                }
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return String(output)
    }
}
