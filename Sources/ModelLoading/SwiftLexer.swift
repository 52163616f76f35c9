/// Tokens of Swift source, enough to follow declarations and calls: comments are dropped, string literals are one
/// token each (with their text when it has no interpolation), every other character of punctuation is a token.
///
/// A careful lexical scan, not a parser: Scenograph does not link SwiftSyntax, which would add minutes to every
/// build. It knows line and block comments (nested), single-line, multi-line and raw strings with interpolation,
/// and backticked identifiers.
struct SwiftToken: Equatable {
    enum Kind: Equatable {
        case identifier
        /// A string literal; `text` is its value when it has no interpolation.
        case string
        /// A string literal with interpolation: its value is known only when the code runs.
        case dynamicString
        case number
        case punctuation
    }

    var kind: Kind
    var text: String
    /// 1-based line and column of the token's first character.
    var line: Int
    var column: Int

    func isPunctuation(_ character: String) -> Bool { kind == .punctuation && text == character }
    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}

struct SwiftLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    private init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    static func tokens(_ source: String) -> [SwiftToken] {
        var lexer = SwiftLexer(source)
        return lexer.run()
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func run() -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        while index < scalars.count {
            let scalar = scalars[index]
            let startLine = line, startColumn = index - lineStart + 1
            if scalar.properties.isWhitespace {
                advance()
            } else if scalar == "/", peek(1) == "/" {
                while index < scalars.count, scalars[index] != "\n" { advance() }
            } else if scalar == "/", peek(1) == "*" {
                skipBlockComment()
            } else if scalar == "#" || scalar == "\"" {
                // A raw string's delimiter is `#…#"`; a lone `#` (`#if`, `#selector`) is punctuation.
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                guard peek(hashes) == "\"" else {
                    tokens.append(SwiftToken(kind: .punctuation, text: "#", line: startLine, column: startColumn))
                    advance()
                    continue
                }
                for _ in 0..<hashes { advance() }
                let (text, dynamic) = readString(hashes: hashes)
                tokens.append(SwiftToken(kind: dynamic ? .dynamicString : .string, text: text, line: startLine, column: startColumn))
            } else if Self.isIdentifierStart(scalar) || scalar == "$" {
                var text = ""
                while let next = peek(), Self.isIdentifierPart(next) || next == "$" {
                    text.unicodeScalars.append(next)
                    advance()
                }
                tokens.append(SwiftToken(kind: .identifier, text: text, line: startLine, column: startColumn))
            } else if scalar == "`" {
                advance()
                var text = ""
                while let next = peek(), next != "`", next != "\n" {
                    text.unicodeScalars.append(next)
                    advance()
                }
                if peek() == "`" { advance() }
                tokens.append(SwiftToken(kind: .identifier, text: text, line: startLine, column: startColumn))
            } else if ("0"..."9").contains(scalar) {
                var text = ""
                while let next = peek(), Self.isIdentifierPart(next) || next == "." && (peek(1).map { ("0"..."9").contains($0) } ?? false) {
                    text.unicodeScalars.append(next)
                    advance()
                }
                tokens.append(SwiftToken(kind: .number, text: text, line: startLine, column: startColumn))
            } else {
                tokens.append(SwiftToken(kind: .punctuation, text: String(scalar), line: startLine, column: startColumn))
                advance()
            }
        }
        return tokens
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < scalars.count {
            if scalars[index] == "/", peek(1) == "*" {
                depth += 1
                advance(); advance()
            } else if scalars[index] == "*", peek(1) == "/" {
                depth -= 1
                advance(); advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    /// Reads a string literal from its opening quote; returns its value and whether it interpolates.
    private mutating func readString(hashes: Int) -> (String, Bool) {
        let multiline = peek(1) == "\"" && peek(2) == "\""
        let quotes = multiline ? 3 : 1
        for _ in 0..<quotes { advance() }
        var text = ""
        var dynamic = false
        func closes(_ lexer: SwiftLexer) -> Bool {
            for offset in 0..<quotes where lexer.peek(offset) != "\"" { return false }
            for offset in 0..<hashes where lexer.peek(quotes + offset) != "#" { return false }
            return true
        }
        while index < scalars.count {
            if closes(self) {
                for _ in 0..<(quotes + hashes) { advance() }
                break
            }
            let scalar = scalars[index]
            if !multiline, scalar == "\n" { break }
            // An escape needs as many `#` after the backslash as the delimiter has.
            if scalar == "\\", (0..<hashes).allSatisfy({ peek(1 + $0) == "#" }) {
                let escaped = peek(1 + hashes)
                for _ in 0...hashes { advance() }
                if escaped == "(" {
                    dynamic = true
                    var depth = 0
                    while index < scalars.count {
                        let inner = scalars[index]
                        advance()
                        if inner == "(" { depth += 1 }
                        if inner == ")" {
                            depth -= 1
                            if depth == 0 { break }
                        }
                    }
                } else if let escaped, index < scalars.count {
                    text.unicodeScalars.append(escaped == "n" ? "\n" : escaped == "t" ? "\t" : escaped)
                    advance()
                }
                continue
            }
            text.unicodeScalars.append(scalar)
            advance()
        }
        return (text, dynamic)
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || (scalar.value > 0x7F && scalar.properties.isAlphabetic)
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }
}
