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
