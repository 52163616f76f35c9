import Foundation
import SceneModel

/// The only place that writes to the terminal.
enum Terminal {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    /// A remark on standard error that is neither an error nor a warning.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    /// Prints diagnostics one a line on standard error, in file order.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = diagnostics.map(\.description).joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension Terminal {
    /// A status line for people, on standard error so that standard output stays clean for data.
    static func status(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}

/// Counts in words: "1 scene", "2 scenes", "1,024 diagrams".
enum Plural {
    static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
        let digits = String(number)
        var grouped = ""
        for (offset, character) in digits.reversed().enumerated() {
            if offset > 0, offset % 3 == 0, character != "-" { grouped.append(",") }
            grouped.append(character)
        }
        return String(grouped.reversed()) + " " + (number == 1 ? singular : plural ?? singular + "s")
    }
}
