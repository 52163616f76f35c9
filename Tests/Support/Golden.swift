import Foundation

/// Golden files: text compared byte for byte with a committed file, rewritten instead when
/// `SCENOGRAPH_UPDATE_GOLDEN=1` (then review the diff).
public enum Golden {
    /// Nil when `text` matches the file at `url` (or the file was rewritten); otherwise what is wrong.
    public static func mismatch(_ text: String, _ url: URL) -> String? {
        if ProcessInfo.processInfo.environment["SCENOGRAPH_UPDATE_GOLDEN"] == "1" {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .atomic)
                return nil
            } catch {
                return "cannot write \(url.path): \(error)"
            }
        }
        guard let expected = try? Data(contentsOf: url) else {
            return "no golden file \(url.path); run with SCENOGRAPH_UPDATE_GOLDEN=1"
        }
        guard Data(text.utf8) != expected else { return nil }
        let old = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        return "\(url.lastPathComponent) differs from its golden file from line \(line + 1) "
            + "(golden: \(line < old.count ? String(old[line]) : "<end>"); now: \(line < new.count ? String(new[line]) : "<end>")); "
            + "run with SCENOGRAPH_UPDATE_GOLDEN=1 and review the diff"
    }

    /// Canonical JSON of a template context (`[String: Any]` of strings, numbers, booleans, arrays and
    /// dictionaries): keys sorted, two-space indent, one value a line, so that a change shows as a small diff.
    public static func json(_ value: Any, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case let dictionary as [String: Any]:
            if dictionary.isEmpty { return "{}" }
            let items = dictionary.keys.sorted().map { key in inner + quoted(key) + ": " + json(dictionary[key] as Any, indent: inner) }
            return "{\n" + items.joined(separator: ",\n") + "\n" + indent + "}"
        case let array as [Any]:
            if array.isEmpty { return "[]" }
            return "[\n" + array.map { inner + json($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case let string as String: return quoted(string)
        case let bool as Bool: return bool ? "true" : "false"
        case let int as Int: return String(int)
        case let double as Double: return String(double)
        case Optional<Any>.none: return "null"
        default: return quoted("\(value)")
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
