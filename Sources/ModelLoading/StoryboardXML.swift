import TextFormats
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SceneModel

/// One XML element of a storyboard, with the position of its `<`.
struct StoryboardElement: Sendable {
    var name: String
    var attributes: [String: String]
    var location: SourceLocation
    var children: [StoryboardElement]

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// The value of a boolean Interface Builder attribute (`YES`/`NO`), if written.
    func flag(_ attribute: String) -> Bool? {
        switch attributes[attribute] {
        case "YES": true
        case "NO": false
        default: nil
        }
    }

    /// The first direct child named `name` (and with `key`, when given).
    func child(_ name: String, key: String? = nil) -> StoryboardElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// Every element of the subtree, this one first, in document order.
    func forEachDescendant(_ body: (StoryboardElement) -> Void) {
        body(self)
        for child in children { child.forEachDescendant(body) }
    }
}

/// Reads a storyboard's XML into `StoryboardElement`s with Foundation's `XMLParser`.
enum StoryboardXML {
    /// `data` with each CR that no LF follows made an LF (the same length); `data` itself when it has none.
    static func loneCarriageReturnsAsLineFeeds(_ data: Data) -> Data {
        guard data.contains(0x0D) else { return data }
        var bytes = [UInt8](data)
        for index in bytes.indices where bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
            bytes[index] = 0x0A
        }
        return Data(bytes)
    }

    /// The document element, or the first problem with its position: a merge-conflict marker, malformed XML.
    /// `size`: the file's size when `data` holds only its beginning (a file over the limit is not read whole).
    static func parse(_ data: Data, file: String, size: Int? = nil) -> Result<StoryboardElement, Diagnostic> {
        if let size = size ?? (data.count > InputLimits.storyboardBytes ? data.count : nil) {
            return .failure(.error("the storyboard is \(NumberText.grouped(size)) bytes, more than the \(NumberText.grouped(InputLimits.storyboardBytes)) the XML parser reads",
                                   at: SourceLocation(file: file, line: 1, column: 1), category: .limit))
        }
        // XML ends a line at a lone CR too (and reads it as a line feed, XML 1.0 § 2.11); the scans below count line
        // feeds, so a file with classic Mac line ends was one long line 1 in their positions. Made line feeds here,
        // byte for byte, the positions are those of the file as written and the parser reads what it would anyway.
        let data = Self.loneCarriageReturnsAsLineFeeds(data)
        if let bad = InputFile.firstInvalidByte(in: data) {
            return .failure(.error("the storyboard is not valid UTF-8: \(bad.detail)" + (bad.otherEncoding == nil ? " (Interface Builder writes UTF-8)" : ""),
                                   at: SourceLocation(file: file, line: bad.line, column: bad.column), category: .syntax))
        }
        let text = String(decoding: data, as: UTF8.self)
        if let marker = ConflictMarker.find(in: text) {
            return .failure(.error("merge conflict marker '\(marker.text)' found; the storyboard was committed in the middle of a merge: resolve the conflict first",
                                   at: SourceLocation(file: file, line: marker.line, column: 1), category: .syntax))
        }
        let bytes = Array(data)
        if let declared = declaredEncoding(in: bytes), !["utf-8", "utf8"].contains(declared.name.lowercased()) {
            // The bytes are UTF-8 (checked above): a prolog saying otherwise would have the parser read them as that.
            return .failure(.error("the storyboard declares the encoding '\(declared.name)'; Interface Builder writes UTF-8, the one encoding read (the bytes are UTF-8: write encoding=\"UTF-8\")",
                                   at: SourceLocation(file: file, line: declared.line, column: declared.column), category: .syntax))
        }
        if let declaration = documentTypeDeclaration(in: bytes) {
            // The size limit counts the file's bytes; entities declared here could expand it a thousandfold in the parser.
            return .failure(.error("a document type declaration ('<!DOCTYPE'), which Interface Builder never writes: its entities could expand without bound, so a storyboard with one is not read; remove it",
                                   at: SourceLocation(file: file, line: declaration.line, column: declaration.column), category: .limit))
        }
        if let crowded = firstCrowdedTag(in: bytes) {
            return .failure(.error("<\(crowded.name)> has more than \(InputLimits.storyboardAttributes) attributes; Interface Builder writes a few dozen at most, and the XML parser's time grows with the square of their number",
                                   at: SourceLocation(file: file, line: crowded.line, column: crowded.column), category: .limit))
        }
        let builder = TreeBuilder(file: file, bytes: bytes)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let finished = parser.parse()
        if let problem = builder.firstError {
            return .failure(problem)
        }
        guard finished, let root = builder.root else {
            let position = SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
            let reason = builder.root == nil && builder.stack.isEmpty ? "the file is empty or not XML" : "the XML ends before its elements are closed"
            return .failure(.error("malformed XML: \(reason)", at: position, category: .syntax))
        }
        return .success(root)
    }

    /// The encoding the XML declaration names (`<?xml version="1.0" encoding="UTF-8"?>`) and the column of its
    /// value, if the file starts with one that names an encoding.
    static func declaredEncoding(in bytes: [UInt8]) -> (name: String, line: Int, column: Int)? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard bytes[start...].starts(with: Array("<?xml".utf8)),
              let end = ByteSearch.firstIndex(of: Array("?>".utf8), in: bytes[start...]),
              let key = ByteSearch.firstIndex(of: Array("encoding".utf8), in: bytes[start..<end]) else { return nil }
        var index = key + "encoding".utf8.count
        while index < end, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "=")].contains(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        guard let close = bytes[(index + 1)..<end].firstIndex(of: quote) else { return nil }
        let lineStart = bytes[..<(index + 1)].lastIndex(of: 0x0A).map { $0 + 1 } ?? start
        let column = String(decoding: bytes[lineStart..<(index + 1)], as: UTF8.self).unicodeScalars.count + 1
        let line = bytes[..<index].filter { $0 == 0x0A }.count + 1
        return (String(decoding: bytes[(index + 1)..<close], as: UTF8.self), line, column)
    }

    /// Where `<!DOCTYPE` first appears, if anywhere (columns count characters, as the parser's do). Anywhere, even in
    /// a comment: telling a comment from a processing instruction that holds `<!--` would take the parser's own
    /// rules, and Interface Builder writes neither the declaration nor such a comment.
    static func documentTypeDeclaration(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        guard let found = ByteSearch.firstIndex(of: Array("<!DOCTYPE".utf8), in: bytes[...]) else { return nil }
        return place(of: found, in: bytes)
    }

    /// The line and column of the byte at `index`; columns count characters (Unicode scalars), as the parser's and
    /// every other position do.
    static func place(of index: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for offset in 0..<index where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        return (line, String(decoding: bytes[lineStart..<index], as: UTF8.self).unicodeScalars.count + 1)
    }

    /// The byte offset of column `column` (in scalars) of the line starting at byte `lineStart`.
    static func byteOffset(ofColumn column: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
        let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.endIndex
        let text = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self).unicodeScalars
        return lineStart + text.prefix(Swift.max(column - 1, 0)).reduce(0) { $0 + String($1).utf8.count }
    }

    /// The first tag with more than `InputLimits.storyboardAttributes` attributes (counted by their `=` outside quoted
    /// values), with its name and where it starts (columns count characters, as the parser's do); comments, CDATA sections
    /// and processing instructions are skipped. One pass over the bytes.
    /// What `firstCrowdedTag` skips: comments, CDATA sections and processing instructions, by their delimiters.
    private static let skippedMarkup = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")].map { (open: Array($0.0.utf8), close: Array($0.1.utf8)) }

    static func firstCrowdedTag(in bytes: [UInt8]) -> (name: String, line: Int, column: Int)? {
        enum State { case text, tag, quoted(UInt8), skipping([UInt8]) }
        var state = State.text
        var tagStart = 0, attributes = 0
        var index = 0
        func starts(with marker: [UInt8], at offset: Int) -> Bool {
            offset + marker.count <= bytes.count && bytes[offset..<(offset + marker.count)].elementsEqual(marker)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch state {
            case .text:
                if byte == UInt8(ascii: "<") {
                    if let skipped = Self.skippedMarkup.first(where: { starts(with: $0.open, at: index) }) { state = .skipping(skipped.close) }
                    else { state = .tag; tagStart = index; attributes = 0 }
                }
            case .tag:
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    state = .quoted(byte)
                } else if byte == UInt8(ascii: ">") {
                    state = .text
                } else if byte == UInt8(ascii: "=") {
                    attributes += 1
                    if attributes > InputLimits.storyboardAttributes {
                        let name = bytes[(tagStart + 1)...].prefix { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/")) }
                        let place = place(of: tagStart, in: bytes)
                        return (String(decoding: name.prefix(100), as: UTF8.self), place.line, place.column)
                    }
                }
            case .quoted(let quote):
                if byte == quote { state = .tag }
            case .skipping(let end):
                if byte == end[end.count - 1], index + 1 >= end.count, bytes[(index + 1 - end.count)...index].elementsEqual(end) { state = .text }
            }
            index += 1
        }
        return nil
    }

    /// The first character XML 1.0 forbids in a document (a control character other than tab, line feed and
    /// carriage return, or U+FFFE/U+FFFF), with its position (columns count characters, as the parser's do).
    static func firstForbiddenCharacter(in bytes: [UInt8]) -> (scalar: String, line: Int, column: Int)? {
        var line = 1, lineStart = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == 0x0A {
                line += 1
                lineStart = offset + 1
                continue
            }
            let forbidden: UInt32?
            if byte < 0x20, byte != 0x09, byte != 0x0D {
                forbidden = UInt32(byte)
            } else if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] == 0xBE || bytes[offset + 2] == 0xBF {
                forbidden = bytes[offset + 2] == 0xBE ? 0xFFFE : 0xFFFF
            } else {
                forbidden = nil
            }
            if let forbidden {
                let hex = String(forbidden, radix: 16, uppercase: true)
                let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
                return (String(repeating: "0", count: max(0, 4 - hex.count)) + hex, line, column)
            }
        }
        return nil
    }

    /// A readable explanation of libxml2's error code (XMLParser reports libxml2's numbers on every platform;
    /// the names are those of libxml2's `xmlParserErrors`).
    static func describe(code: Int) -> String {
        switch code {
        case 1: "the parser gave up (the document is too large or too deeply nested for it)"
        case 2: "the parser ran out of memory"
        case 3: "the document does not start like XML"
        case 4: "no element found: the file is empty or not XML (a storyboard starts with <?xml …?> and <document …>)"
        case 5: "the document ends too early (an element is not closed)"
        case 6, 7, 8: "an invalid character reference ('&#…;')"
        case 9: "an invalid character"
        case 10, 14: "the document ends inside a reference"
        case 11, 12, 15, 16: "a reference outside the document element"
        case 22: "'&' is not followed by a name (write '&amp;' for '&')"
        case 23: "an entity reference is missing its ';'"
        case 13, 17: "a reference inside the document type declaration"
        case 18...21, 24, 25: "a malformed or misplaced parameter entity reference ('%name;')"
        case 26, 27: "an undeclared entity (write '&amp;' for '&')"
        case 28, 29, 30: "an entity that cannot be used here"
        case 31, 32, 79, 81: "an unknown or unsupported character encoding"
        case 33, 34: "a quoted string is not started or not closed"
        case 36, 37: "an entity declaration is not finished"
        case 38: "'<' inside an attribute value (write '&lt;')"
        case 39, 43: "an attribute value must start with a quote"
        case 40, 44: "an attribute value is not closed (missing quote)"
        case 41: "an attribute has no value"
        case 42: "an attribute is written twice"
        case 45: "a comment is not closed"
        case 46, 47: "a processing instruction ('<?…?>') is not finished"
        case 48...55, 58...61, 83, 95: "a malformed document type declaration"
        case 56, 57: "the XML declaration ('<?xml …?>') is not finished"
        case 62: "']]>' outside a CDATA section"
        case 63: "a CDATA section is not closed"
        case 64: "a processing instruction uses the reserved name 'xml' (the XML declaration must come first)"
        case 65: "a space is required here (between attributes)"
        case 66, 67, 69, 70, 71, 84: "a malformed declaration"
        case 68: "a name is required here (a stray '<'?)"
        case 72: "'<' is required here"
        case 73: "'>' is required here (the tag is not closed)"
        case 74: "'</' is required here"
        case 75: "'=' is required after an attribute name"
        case 76: "the closing tag does not match the open element"
        case 77: "a tag is not finished"
        case 78: "the XML declaration's 'standalone' must be 'yes' or 'no'"
        case 80: "'--' inside a comment"
        case 85: "the elements are not balanced"
        case 86: "extra content after the document element"
        case 87, 88, 90: "an entity's replacement text is not well-formed"
        case 89: "entities refer to each other in a loop, or expand too much"
        case 91, 92: "an invalid URI"
        case 96: "the XML declaration has no version"
        case 104: "an entity expands too much"
        case 108, 109: "an unsupported XML version"
        case 110: "a name is too long"
        case 111: "the parser was stopped"
        case 35, 99, 100, 106: "a malformed namespace declaration"
        case 82, 103: "the document says it is standalone but is not"
        case 93: "an unsupported catalog processing instruction"
        case 94: "the document has no document type declaration"
        case 97: "an unknown XML version"
        case 98: "an invalid 'xml:lang' value"
        case 101: "the text declaration of an entity has no encoding"
        case 102: "an invalid 'xml:space' value"
        case 105: "a notation cannot be processed"
        case 107: "an entity is declared twice"
        case 201: "an undeclared namespace prefix"
        case 202: "a malformed qualified name"
        case 203: "an attribute is written twice (with namespaces)"
        default: "XML parser error \(code)"
        }
    }

    /// Collects the element tree and the first error with its position.
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        let file: String
        /// Finds where each tag starts (the parser reports where it ends).
        private var tags: TagLocator
        var stack: [StoryboardElement] = []
        var root: StoryboardElement?
        var firstError: Diagnostic?

        /// The document's bytes, to quote what an error is about.
        private let bytes: [UInt8]

        init(file: String, bytes: [UInt8]) {
            self.file = file
            self.bytes = bytes
            self.tags = TagLocator(bytes: bytes)
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let location = tagStart(line: parser.lineNumber, column: parser.columnNumber)
            guard stack.count < InputLimits.storyboardDepth else {
                // The tree is walked recursively: stop reading before it is deeper than the stack allows.
                if firstError == nil {
                    firstError = .error("elements nested more than \(InputLimits.storyboardDepth) levels deep (<\(elementName)>); a storyboard may nest at most \(InputLimits.storyboardDepth)",
                                        at: location, category: .limit)
                }
                parser.abortParsing()
                return
            }
            // An attribute the import keeps (a class, an id, a title) becomes a value of the model it writes, which
            // must load back: one past a model value's limit is refused here, where it is.
            if let (name, value) = attributeDict.sorted(by: { $0.key < $1.key }).first(where: { $0.value.utf8.count > InputLimits.yamlScalarBytes }) {
                if firstError == nil {
                    firstError = .error("<\(elementName)>'s attribute '\(name)' is \(NumberText.grouped(value.utf8.count)) bytes, more than the \(NumberText.grouped(InputLimits.yamlScalarBytes)) a value of the model may have",
                                        at: location, category: .limit)
                }
                parser.abortParsing()
                return
            }
            // XML allows DEL and the C1 controls (`&#x9B;`); a model's text may not hold them (the docs cannot show
            // them): they are dropped, so that what the import writes loads back.
            let attributes = attributeDict.mapValues(Markdown.removingControls)
            stack.append(StoryboardElement(name: elementName, attributes: attributes, location: location, children: []))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty {
                if root == nil { root = element }
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard firstError == nil else { return }
            let code = (parseError as NSError).code
            let line = max(parser.lineNumber, 1), column = max(parser.columnNumber, 1)
            var message = "malformed XML: \(StoryboardXML.describe(code: code))"
            var location = SourceLocation(file: file, line: line, column: column)
            if code == 76 {
                // The parser stops after the closing tag; point at its `</` instead.
                location = tagStart(line: line, column: column)
                if let open = stack.last { message += " <\(open.name)> opened at line \(open.location.line)" }
            }
            if code == 42, let duplicate = duplicateAttribute(line: line, column: column) {
                // The parser stops at the end of the tag: the second of the two is named, where it is.
                message += ": '\(duplicate.name)'"
                location = SourceLocation(file: file, line: duplicate.line, column: duplicate.column)
            }
            // An entity is named and placed at its '&' (the parser stops past it); a '&' that starts none is told to
            // be written '&amp;'.
            if (26...30).contains(code) || (6...8).contains(code), let entity = entityReference(line: line, column: column) {
                message += ": '\(entity.text)'"
                location.column = entity.column
            }
            if code == 23, case let text = scalars(ofLine: line), let amp = text[..<Swift.min(text.count, Swift.max(column, 1))].lastIndex(of: "&") {
                location.column = amp + 1
            }
            if code == 68, let amp = ampersand(line: line, column: column) {
                message = "malformed XML: a '&' that starts no entity reference; write '&amp;' for '&' in text"
                location.column = amp
            }
            // The first forbidden character is the one the parser met, unless it stopped earlier (at a reference).
            if code == 9, let invalid = StoryboardXML.firstForbiddenCharacter(in: bytes),
               (invalid.line, invalid.column) <= (line, column) {
                let what = invalid.scalar.hasPrefix("FFF") ? "a noncharacter" : "a control character other than tab, newline and carriage return"
                message += ": U+\(invalid.scalar) (\(what), which XML does not allow)"
                location = SourceLocation(file: file, line: invalid.line, column: invalid.column)
            } else if code == 9, let reference = entityReference(line: line, column: column), reference.text.hasPrefix("&#") {
                message += ": '\(reference.text)' (a reference to a character XML does not allow)"
                location.column = reference.column
            }
            firstError = .error(message, at: location, category: .syntax)
        }

        /// The attribute written a second time in the tag the parser stopped in (at or before `line`:`column`), and
        /// where that second one starts (columns count characters, as the parser's do).
        private func duplicateAttribute(line: Int, column: Int) -> (name: String, line: Int, column: Int)? {
            var index = 0, current = 1
            while current < line, let newline = bytes[index...].firstIndex(of: 0x0A) {
                index = newline + 1
                current += 1
            }
            let end = Swift.min(bytes.count, StoryboardXML.byteOffset(ofColumn: column, lineStart: index, in: bytes))
            guard let open = bytes[..<end].lastIndex(of: UInt8(ascii: "<")) else { return nil }
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            var cursor = open + 1
            while cursor < end, !isSpace(bytes[cursor]) { cursor += 1 }
            var seen: Set<[UInt8]> = []
            while cursor < end {
                while cursor < end, isSpace(bytes[cursor]) { cursor += 1 }
                let nameStart = cursor
                while cursor < end, bytes[cursor] != UInt8(ascii: "="), !isSpace(bytes[cursor]) { cursor += 1 }
                let name = Array(bytes[nameStart..<cursor])
                guard !name.isEmpty, !name.contains(UInt8(ascii: ">")) else { return nil }
                if !seen.insert(name).inserted {
                    let place = StoryboardXML.place(of: nameStart, in: bytes)
                    return (String(decoding: name, as: UTF8.self), place.line, place.column)
                }
                while cursor < end, bytes[cursor] != UInt8(ascii: "\""), bytes[cursor] != UInt8(ascii: "'") { cursor += 1 }
                guard cursor < end else { return nil }
                let quote = bytes[cursor]
                cursor += 1
                while cursor < end, bytes[cursor] != quote { cursor += 1 }
                cursor += 1
            }
            return nil
        }

        /// The entity reference (`&nosuch;`, `%p;`) the parser stopped at or just after, on its line.
        /// The scalars of line `line` (the parser's columns count them).
        private func scalars(ofLine line: Int) -> [Unicode.Scalar] {
            var start = 0, current = 1
            while current < line, let newline = bytes[start...].firstIndex(of: 0x0A) {
                start = newline + 1
                current += 1
            }
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
            return Array(String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
        }

        /// The entity reference (`&name;`, `&#…;`, `%name;`) the parser stopped at or just past, and its column.
        private func entityReference(line: Int, column: Int) -> (text: String, column: Int)? {
            let text = scalars(ofLine: line)
            let limit = Swift.min(text.count, Swift.max(column, 1))
            guard let amp = text[..<limit].lastIndex(where: { $0 == "&" || $0 == "%" }),
                  let semicolon = text[amp...].firstIndex(of: ";"), semicolon - amp <= 64 else { return nil }
            return (String(String.UnicodeScalarView(text[amp...semicolon])), amp + 1)
        }

        /// The column of a '&' the parser stopped just past (one that starts no reference: `Tom & Jerry`).
        private func ampersand(line: Int, column: Int) -> Int? {
            let text = scalars(ofLine: line)
            for index in [column - 2, column - 1] where index >= 0 && index < text.count && text[index] == "&" { return index + 1 }
            return nil
        }

        private func tagStart(line: Int, column: Int) -> SourceLocation {
            let start = tags.tagStart(line: line, column: column)
            return SourceLocation(file: file, line: start.line, column: start.column)
        }
    }
}

/// Finds the `<` that opens the tag the XML parser has just read up to.
///
/// The parser reports tags in document order, so a cursor moves forward through the text and the search
/// for each `<` goes back no further than the previous tag: the whole file costs one pass, even when it is a
/// single line of thousands of tags.
struct TagLocator {
    private let bytes: [UInt8]
    /// The byte offset where each line starts.
    private let lineStarts: [Int]
    /// The cursor: a byte offset with its 1-based line and column (in Unicode scalars).
    private var offset = 0, line = 1, column = 1
    /// Where the previous tag's `<` was found; no later tag starts before it.
    private var floor = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The 1-based line and column of the `<` before (`line`, `column`), or that position itself when there is none.
    mutating func tagStart(line targetLine: Int, column targetColumn: Int) -> (line: Int, column: Int) {
        let targetLine = min(max(targetLine, 1), lineStarts.count), targetColumn = max(targetColumn, 1)
        moveCursor(line: targetLine, column: targetColumn)
        // Walk back to the `<` (the character at the reported column included), counting the characters
        // passed to keep its column.
        var index = min(offset, bytes.count - 1)
        var passed = 0
        while index >= floor {
            if bytes[index] == UInt8(ascii: "<") {
                floor = index + 1
                guard index >= lineStarts[line - 1] else { return position(of: index) }
                return (line, index == offset ? column : column - passed - 1)
            }
            if index < offset && bytes[index] & 0xC0 != 0x80 { passed += 1 }
            index -= 1
        }
        return (targetLine, targetColumn)
    }

    /// Moves the cursor to (`line`, `column`), or to the end of that line when it is shorter.
    private mutating func moveCursor(line targetLine: Int, column targetColumn: Int) {
        // A later line starts from its first character; going back (which the parser does not do) starts its line again.
        if targetLine != line || targetColumn < column {
            offset = lineStarts[targetLine - 1]
            line = targetLine
            column = 1
        }
        while offset < bytes.count && column < targetColumn && bytes[offset] != 0x0A {
            offset += Self.sequenceLength(bytes[offset])
            column += 1
        }
    }

    /// The line and column of a byte offset on an earlier line than the cursor's.
    private func position(of index: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for byte in bytes[lineStarts[low]..<index] where byte & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }
}

/// Git's merge-conflict markers, which make YAML and XML unreadable and deserve their own message.
enum ConflictMarker {
    /// The first marker line (`<<<<<<<`, `=======`, `>>>>>>>`) with its 1-based line number. Lines end at line feeds
    /// (a carriage return before one is ignored); the text is scanned as UTF-8 bytes, line feed to line feed.
    static func find(in text: String) -> (text: String, line: Int)? {
        var text = text
        return text.withUTF8 { bytes -> (text: String, line: Int)? in
            var start = 0, line = 1
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                if let marker = marker(bytes[start..<end]) { return (marker, line) }
                start = end + 1
                line += 1
            }
            return nil
        }
    }

    /// The marker a line is: seven `<` or `>` then nothing or a space (`<<<<<<< HEAD`), or seven `=` then only
    /// blanks.
    private static func marker(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard line.count >= 7, let first = line.first, first == 0x3C || first == 0x3E || first == 0x3D,
              line.prefix(7).allSatisfy({ $0 == first }) else { return nil }
        let rest = line.dropFirst(7)
        let isMarker = first == 0x3D
            ? rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            : rest.first == 0x20 || rest.isEmpty || (rest.count == 1 && rest.first == 0x0D)
        return isMarker ? String(repeating: Character(Unicode.Scalar(first)), count: 7) : nil
    }
}
