import DocSite
import Foundation
import ModelLoading
import SceneModel
import TextFormats

/// The only place that writes to standard output and standard error.
enum Terminal {
    /// Writes to standard output. When it cannot be written (a full disk, a closed descriptor), the command cannot
    /// do its job: it says so on standard error and ends with status 1, rather than trapping in Foundation's writer.
    static func standardOutput(_ bytes: [UInt8]) {
        if let reason = FileDescriptor.writeAll(bytes, to: STDOUT_FILENO) {
            standardError(Array("error: cannot write standard output: \(reason)\n".utf8))
            exit(1)
        }
    }

    /// Writes to standard error; when that cannot be written, the message is lost and the command goes on (its exit
    /// status still tells).
    static func standardError(_ bytes: [UInt8]) {
        _ = FileDescriptor.writeAll(bytes, to: STDERR_FILENO)
    }

    /// Bytes on standard output as they are (a rendered diagram).
    static func data(_ bytes: [UInt8]) {
        standardOutput(bytes)
    }

    /// Replaces the current line of standard error (a progress line on a terminal).
    static func redraw(_ line: String) {
        standardError(Array("\r\u{1B}[2K\(line)".utf8))
    }

    static func out(_ text: String) {
        standardOutput(Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func error(_ message: String) {
        standardError(Array("error: \(line(message))\n".utf8))
    }

    /// The files of a folder scenograph wrote that a replacement removed, because its manifest did not list them
    /// (a person's notes kept in it): said, since the folder is replaced as a whole.
    static func warnRemoved(_ unlisted: [String], from folder: String, verbose: Bool = false) {
        guard !unlisted.isEmpty else { return }
        let listed = verbose ? unlisted : Array(unlisted.prefix(5))
        let shown = listed.map { "'\($0)'" }.joined(separator: ", ") + (unlisted.count > listed.count ? ", and \(unlisted.count - listed.count) more (--verbose lists each)" : "")
        // Empty folders (`notes/`) are counted as what they are.
        let folders = unlisted.filter { $0.hasSuffix("/") }.count, files = unlisted.count - folders
        let what = [files > 0 ? Plural.count(files, "file") : nil, folders > 0 ? Plural.count(folders, "empty folder") : nil]
            .compactMap { $0 }.joined(separator: " and ")
        warning("removed \(what) that scenograph did not write from \(folder): \(shown); it replaces the folder as a whole, so keep other files elsewhere")
    }

    static func warning(_ message: String) {
        standardError(Array("warning: \(line(message))\n".utf8))
    }

    /// A remark on standard error that is neither an error nor a warning.
    static func note(_ message: String) {
        standardError(Array("\(message)\n".utf8))
    }

    /// Prints diagnostics one a line on standard error, in file order.
    static func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = diagnostics.map { line($0.description) }.joined(separator: "\n") + "\n"
        standardError(Array(text.utf8))
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
            standardOutput(Array(buffer.utf8))
            buffer = ""
        }
    }

    /// A status line for people, on standard error so that standard output stays clean for data.
    static func status(_ message: String) {
        standardError(Array("\(message)\n".utf8))
    }
}

extension Terminal {
    static func line(_ text: String) -> String { TerminalText.line(text) }
}

extension Terminal {
    /// Warnings of one category are reported on one line when there are more than this many (unless `--verbose`).
    static let groupingThreshold = 3

    /// Prints diagnostics as `output` says: only errors with `--quiet`; otherwise in file order, warnings of a
    /// category that has more than `groupingThreshold` of them on one line at the first one's position
    /// ("17 deprecated segues: 'A.b' (push), … [deprecated-segue]"), unless `--verbose`.
    static func report(_ diagnostics: [Diagnostic], _ output: OutputOptions) {
        report(arranged(diagnostics, quiet: output.quiet, verbose: output.verbose))
    }

    /// A load's diagnostics, then its notes (not with `--quiet`).
    static func report(_ result: LoadResult, _ output: OutputOptions) {
        report(result.diagnostics, output)
        if !output.quiet {
            for note in result.notes { Terminal.note("note: \(line(note))") }
        }
    }

    /// The diagnostics to print: errors only when `quiet`; repeated warnings of a category grouped unless `verbose`,
    /// each app's apart (`app` tells which app a diagnostic is of, when one list holds several apps' findings: one
    /// line placed in one app's file must not stand for another's).
    static func arranged(_ diagnostics: [Diagnostic], quiet: Bool, verbose: Bool, app: (Diagnostic) -> Int = { _ in 0 }) -> [Diagnostic] {
        if quiet { return diagnostics.filter(\.isError) }
        guard !verbose else { return diagnostics }
        struct Key: Hashable {
            var category: String
            var app: Int
        }
        var groups: [Key: [Diagnostic]] = [:]
        for diagnostic in diagnostics where !diagnostic.isError {
            if let category = diagnostic.category { groups[Key(category: category, app: app(diagnostic)), default: []].append(diagnostic) }
        }
        var printed: Set<Key> = []
        var result: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard !diagnostic.isError, let category = diagnostic.category, case let key = Key(category: category, app: app(diagnostic)),
                  let group = groups[key], group.count > groupingThreshold else {
                result.append(diagnostic)
                continue
            }
            guard printed.insert(key).inserted else { continue }
            result.append(grouped(group, category: category))
        }
        return result
    }

    /// One warning standing for `group`: its count, the category's plural and the first few subjects.
    static func grouped(_ group: [Diagnostic], category: String) -> Diagnostic {
        let plural = DiagnosticCategory.named(category)?.plural ?? "\(category) warnings"
        let shown = 5
        // A finding without a subject (a lint rule's) is named by the first thing its message quotes ('orphan').
        func quoted(_ message: String) -> String? {
            guard let open = message.firstIndex(of: "'"), let close = message[message.index(after: open)...].firstIndex(of: "'") else { return nil }
            return String(message[open...close])
        }
        // Each subject once, in order, with how many findings name it when more than one do (one undeclared
        // condition guarding 23 segues is 'c' ×23, not 'c' five times and 18 more).
        var counts: [String: Int] = [:]
        var distinct: [String] = []
        for diagnostic in group {
            let subject = diagnostic.subject ?? quoted(diagnostic.message)
                ?? "line \(diagnostic.location.line) of \(diagnostic.location.file)"
            if counts[subject] == nil { distinct.append(subject) }
            counts[subject, default: 0] += 1
        }
        let subjects = distinct.prefix(shown).map { subject in (counts[subject] ?? 1) > 1 ? "\(subject) ×\(counts[subject] ?? 1)" : subject }
        let more = distinct.count > shown ? ", and \(distinct.count - shown) more" : ""
        // When every subject is named, what --verbose adds is each one's own line and message.
        let hint = distinct.count > shown ? "--verbose lists each" : "--verbose gives each its line"
        let message = "\(Plural.count(group.count, plural, plural: plural)): \(subjects.joined(separator: ", "))\(more) (\(hint))"
        return Diagnostic(.warning, at: group[0].location, message, category: category)
    }
}

/// Counts in words: "1 scene", "2 scenes", "1,024 diagrams".
enum Plural {
    static func count(_ number: Int, _ singular: String, plural: String? = nil) -> String {
        NumberText.grouped(number) + " " + (number == 1 ? singular : plural ?? singular + "s")
    }
}
