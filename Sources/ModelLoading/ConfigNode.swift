import Foundation
import SceneModel
import Yams

/// A YAML/JSON node with its position, detached from the parser.
struct ConfigNode: Sendable {
    enum Content: Sendable {
        /// A scalar's text; `plain` is false for quoted and block scalars.
        case scalar(String, plain: Bool)
        case mapping([MappingEntry])
        case sequence([ConfigNode])
    }

    struct MappingEntry: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var keyIsScalar: Bool
        var value: ConfigNode
    }

    var content: Content
    var location: SourceLocation

    /// A plain `null`, `~` or empty scalar.
    var isNull: Bool {
        if case .scalar(let text, true) = content { return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL" }
        return false
    }

    /// How the node is described in messages: "a mapping", "a list", "'text'".
    var kindDescription: String {
        switch content {
        case .scalar(let text, _): return isNull ? "nothing" : "'\(text)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}

/// Parses YAML (and JSON, which is read as YAML flow style) into `ConfigNode`s.
enum ConfigParser {
    /// The document's root, or a diagnostic with the parser's position.
    static func parse(_ text: String, file: String) -> Result<ConfigNode?, Diagnostic> {
        var source = text
        if file.lowercased().hasSuffix(".json") {
            // Tabs are legal JSON whitespace but not YAML indentation; inside JSON strings they must be escaped,
            // so replacing them one for one keeps every column.
            source = source.replacingOccurrences(of: "\t", with: " ")
        }
        if let marker = ConflictMarker.find(in: source) {
            return .failure(.error("merge conflict marker '\(marker.text)' found; resolve the conflict first",
                                   at: SourceLocation(file: file, line: marker.line, column: 1)))
        }
        do {
            guard let node = try Yams.compose(yaml: source) else { return .success(nil) }
            return .success(convert(node, file: file))
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, file: file, text: source))
        } catch {
            return .failure(.error("cannot read YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1)))
        }
    }

    /// 1-based line and column (in Unicode scalars) of a UTF-8 byte offset.
    static func linePosition(ofUTF8Offset offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    private static func location(_ mark: Mark?, file: String) -> SourceLocation {
        SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    private static func convert(_ node: Node, file: String) -> ConfigNode {
        let here = location(node.mark, file: file)
        switch node {
        case .scalar(let scalar):
            return ConfigNode(content: .scalar(scalar.string, plain: scalar.style == .plain), location: here)
        case .mapping(let mapping):
            let entries = mapping.map { key, value -> ConfigNode.MappingEntry in
                let keyText: String
                let isScalar: Bool
                if case .scalar(let scalar) = key {
                    keyText = scalar.string
                    isScalar = true
                } else {
                    keyText = "<complex key>"
                    isScalar = false
                }
                return ConfigNode.MappingEntry(key: keyText, keyLocation: location(key.mark, file: file),
                                               keyIsScalar: isScalar, value: convert(value, file: file))
            }
            return ConfigNode(content: .mapping(entries), location: here)
        case .sequence(let sequence):
            return ConfigNode(content: .sequence(sequence.map { convert($0, file: file) }), location: here)
        }
    }

    private static func diagnostic(for error: YamlError, file: String, text: String) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return .error("invalid YAML: \(detail)", at: location(mark, file: file))
        case .parser(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return .error("invalid YAML: \(detail)", at: location(mark, file: file))
        case .reader(let problem, let offset, let value, _):
            let position = linePosition(ofUTF8Offset: offset ?? 0, in: text)
            return .error("invalid YAML: \(problem) (byte 0x\(String(value, radix: 16)))",
                          at: SourceLocation(file: file, line: position.line, column: position.column))
        case .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return .error("invalid YAML: \(detail)", at: location(mark, file: file))
        case .dataCouldNotBeDecoded:
            return .error("the file is not valid UTF-8", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return .error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}
