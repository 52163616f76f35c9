import Foundation
import SceneModel
import TextFormats

/// The only place that writes to standard output and standard error.
enum Terminal {
    /// Bytes on standard output as they are (a rendered diagram).
    static func data(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Replaces the current line of standard error (a progress line on a terminal).
    static func redraw(_ line: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }

    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(line(message))\n".utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(line(message))\n".utf8))
    }

    /// A remark on standard error that is neither an error nor a warning.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    /// Prints diagnostics one a line on standard error, in file order.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = diagnostics.map { line($0.description) }.joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension Terminal {
    /// Standard output written in pieces, buffered into large writes.
    final class Stream {
        private var buffer = ""
        private let limit = 1 << 16

        func write(_ text: String) {
            buffer += text
            if buffer.utf8.count >= limit { flush() }
        }

        /// Writes what is buffered, ending the output with a newline if it has none.
        func finish() {
            if !buffer.isEmpty, !buffer.hasSuffix("\n") { buffer += "\n" }
            flush()
        }

        private func flush() {
            guard !buffer.isEmpty else { return }
            FileHandle.standardOutput.write(Data(buffer.utf8))
            buffer = ""
        }
    }

    /// A status line for people, on standard error so that standard output stays clean for data.
    static func status(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}

extension Terminal {
    static func line(_ text: String) -> String { TerminalText.line(text) }
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
