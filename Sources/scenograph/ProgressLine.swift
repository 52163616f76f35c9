import DocSite
import Foundation

/// `[12/48] rendering flows/share-a-photo-sequence.svg` on a terminal; nothing when standard error is not one.
final class ProgressLine {
    enum Mode { case quiet, normal, verbose }

    private let mode: Mode
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var drawn = false

    init(mode: Mode) { self.mode = mode }

    func report(_ event: DocSiteProgress) {
        let line: String
        switch event {
        case .diagram(let index, let total, let path, let cached):
            line = "[\(index)/\(total)] \(cached ? "unchanged" : "rendering") \(path)"
        case .page(let path):
            guard mode == .verbose else { return }
            line = "writing \(path)"
        }
        switch mode {
        case .quiet: return
        case .verbose: Terminal.status(line)
        case .normal:
            guard isTerminal else { return }
            Terminal.redraw(line)
            drawn = true
        }
    }

    func finish() {
        if drawn { Terminal.redraw("") }
        drawn = false
    }
}
