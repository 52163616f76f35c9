/// A JSON value whose objects keep their keys in the order they were built.
///
/// The trace's JSON is read by people as well as programs, so its key order is part of
/// the contract (model-format.md §2). `JSONEncoder` does not promise an order unless
/// keys are sorted, so the trace types describe themselves as `JSONValue`s and
/// `JSONValue.render()` writes them deterministically.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int(let i): hasher.combine(i)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let entries):
            for entry in entries {
                hasher.combine(entry.key)
                hasher.combine(entry.value)
            }
        }
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// Pretty-printed JSON with two-space indentation. An array of scalars, and an object
    /// whose values are scalars or arrays of scalars, are written on one line (so each event,
    /// presentation and container entry reads as one line); everything else is split.
    public func render() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out.append("\n")
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array(let items): return items.isEmpty
        case .object(let entries): return entries.isEmpty
        default: return true
        }
    }

    private var isFlat: Bool {
        if case .array(let items) = self { return items.allSatisfy(\.isScalar) }
        return isScalar
    }

    /// The pretty-printed form of this value as it appears nested `indent` spaces deep in a
    /// larger document (no trailing newline): what `render()` writes for it there.
    public func render(indent: Int) -> String {
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    /// The one-line form.
    public func compact() -> String {
        var out = ""
        writeCompact(into: &out)
        return out
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): out.append(String(i))
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let items):
            out.append("[")
            for (offset, item) in items.enumerated() {
                if offset > 0 { out.append(", ") }
                item.writeCompact(into: &out)
            }
            out.append("]")
        case .object(let entries):
            out.append("{")
            for (offset, entry) in entries.enumerated() {
                if offset > 0 { out.append(", ") }
                JSONValue.writeString(entry.key, into: &out)
                out.append(": ")
                entry.value.writeCompact(into: &out)
            }
            out.append("}")
        }
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .array(let items) where !items.isEmpty:
            if items.allSatisfy(\.isScalar) {
                writeCompact(into: &out)
                return
            }
            out.append("[\n")
            for (offset, item) in items.enumerated() {
                out.append(String(repeating: " ", count: indent + 2))
                item.write(into: &out, indent: indent + 2)
                out.append(offset == items.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: " ", count: indent) + "]")
        case .object(let entries) where !entries.isEmpty:
            if entries.allSatisfy({ $0.value.isFlat }) {
                writeCompact(into: &out)
                return
            }
            out.append("{\n")
            for (offset, entry) in entries.enumerated() {
                out.append(String(repeating: " ", count: indent + 2))
                JSONValue.writeString(entry.key, into: &out)
                out.append(": ")
                entry.value.write(into: &out, indent: indent + 2)
                out.append(offset == entries.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: " ", count: indent) + "}")
        default:
            writeCompact(into: &out)
        }
    }

    private static func writeString(_ text: String, into out: inout String) {
        out.append("\"")
        // Most strings need no escaping: append them whole (the trace's text is mostly names).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(text)
            out.append("\"")
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }
}

/// A type with a fixed JSON form.
public protocol JSONRepresentable {
    var json: JSONValue { get }
}

extension JSONValue: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes through any `Encoder`, keys in order (the encoder may still reorder them).
    public func encode(to encoder: Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .int(let i):
            var container = encoder.singleValueContainer()
            try container.encode(i)
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let entries):
            var container = encoder.container(keyedBy: Key.self)
            for entry in entries { try container.encode(entry.value, forKey: Key(entry.key)) }
        }
    }
}
