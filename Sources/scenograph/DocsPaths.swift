import Foundation
import SceneModel
import Simulator

/// How the generated docs name the app's files: relative to the app's folder (the model file's, or the one holding
/// every storyboard given), standardized, so that the docs are the same bytes whatever folder `generate` runs in,
/// and publish no machine's absolute paths. The terminal keeps the paths as given.
enum DocsPaths {
    /// The folder the docs name files from.
    static func root(of app: ModelInput.App) -> [String] {
        if let model = app.model { return folder(of: model) }
        var common: [String]?
        for storyboard in app.storyboards {
            let components = folder(of: storyboard)
            common = common.map { Array(zip($0, components).prefix { $0.0 == $0.1 }.map(\.0)) } ?? components
        }
        return common ?? folder(of: ".")
    }

    /// `diagnostics` with their files named from `root` (`root(of:)`).
    static func relative(_ diagnostics: [Diagnostic], root: [String]) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.location.file != SourceLocation.unknown.file, !diagnostic.location.file.hasPrefix("<") {
                diagnostic.location.file = relative(diagnostic.location.file, root: root)
            }
            return diagnostic
        }
    }

    /// `trace` with the files of its steps' errors and failed expectations named from `root`: a flow error's place is
    /// printed in its page and drawn in its diagrams.
    static func relative(_ trace: FlowTrace, root: [String]) -> FlowTrace {
        func relative(_ location: SourceLocation) -> SourceLocation {
            var location = location
            if location.file != SourceLocation.unknown.file, !location.file.hasPrefix("<") { location.file = Self.relative(location.file, root: root) }
            return location
        }
        var trace = trace
        trace.steps = trace.steps.map { step in
            var step = step
            if let error = step.error { step.error?.location = relative(error.location) }
            step.failures = step.failures.map { failure in
                var failure = failure
                failure.location = relative(failure.location)
                return failure
            }
            return step
        }
        return trace
    }

    /// `path` from the folder `root` (its components): `Base.lproj/Main.storyboard`, `../src/Main.storyboard`.
    static func relative(_ path: String, root: [String]) -> String {
        let components = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let shared = zip(root, components).prefix { $0.0 == $0.1 }.count
        let parts = Array(repeating: "..", count: root.count - shared) + components[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    private static func folder(of path: String) -> [String] {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().pathComponents
    }
}
