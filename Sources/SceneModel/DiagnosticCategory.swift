/// A kind of finding: its id (printed as ` [id]` after a diagnostic), default severity, what it means
/// and how to fix it. The one registry of ids: lint rules, flow results and, as they get ids, validation
/// findings all live here, and the model's `lint:` setting names them.
public struct DiagnosticCategory: Sendable, Hashable, Identifiable {
    /// Who finds diagnostics of a category.
    public enum Source: String, Sendable, Hashable {
        /// A navigation lint rule (`scenograph check`).
        case lint
        /// Loading and validating the model.
        case validation
        /// Simulating the model's flows.
        case flow
    }

    public let id: String
    public let source: Source
    public let defaultSeverity: Diagnostic.Severity
    /// One line: what the finding means.
    public let summary: String
    /// One line: how to make it go away.
    public let fixHint: String

    public init(id: String, source: Source, defaultSeverity: Diagnostic.Severity, summary: String, fixHint: String) {
        self.id = id
        self.source = source
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.fixHint = fixHint
    }
}

extension DiagnosticCategory {
    // MARK: - Lint rules

    public static let unreachableScene = DiagnosticCategory(
        id: "unreachable-scene", source: .lint, defaultSeverity: .warning,
        summary: "a scene nothing can reach: not initial, no segue or relationship leads to it, and no storyboard ID for code to instantiate it",
        fixHint: "add a segue or relationship to it, give it a 'storyboardID' if code instantiates it, or remove it")
    public static let showOutsideNavigation = DiagnosticCategory(
        id: "show-outside-navigation", source: .lint, defaultSeverity: .warning,
        summary: "a show segue whose source is never inside a navigation controller, so UIKit presents the destination modally",
        fixHint: "embed the source in a navigation controller, or make the segue 'present' if a modal is intended")
    public static let showDetailOutsideSplit = DiagnosticCategory(
        id: "show-detail-outside-split", source: .lint, defaultSeverity: .warning,
        summary: "a showDetail segue whose source is never inside a split view controller, so UIKit presents the destination modally",
        fixHint: "put the source in a split view controller, or use 'show' or 'present'")
    public static let noWayBack = DiagnosticCategory(
        id: "no-way-back", source: .lint, defaultSeverity: .warning,
        summary: "a presented scene with no way back: no unwind to a scene below it, no dismiss or swipe in any flow, and not a sheet",
        fixHint: "add an unwind segue to a scene below it (and the action to that scene's 'unwindActions'), or dismiss it in a flow")
    public static let unwindUnimplemented = DiagnosticCategory(
        id: "unwind-unimplemented", source: .lint, defaultSeverity: .warning,
        summary: "an unwind segue whose action no scene implements: UIKit finds no destination and nothing happens",
        fixHint: "add the action to the 'unwindActions' of the scene it should return to, or fix its spelling")
    public static let duplicateSegueID = DiagnosticCategory(
        id: "duplicate-segue-id", source: .lint, defaultSeverity: .warning,
        summary: "two segues of one source scene share an identifier: performSegue(withIdentifier:) can reach only one of them",
        fixHint: "give each segue of the scene its own identifier")
    public static let popoverWithoutAnchor = DiagnosticCategory(
        id: "popover-without-anchor", source: .lint, defaultSeverity: .error,
        summary: "a popover segue with no anchor: UIKit raises an exception when it fires",
        fixHint: "set the segue's 'anchor' (the source view or bar button item)")
    public static let partialCurlMisuse = DiagnosticCategory(
        id: "partial-curl-misuse", source: .lint, defaultSeverity: .error,
        summary: "the partialCurl transition with a presentation style other than fullScreen: UIKit raises an exception",
        fixHint: "present full screen with partialCurl, or choose another modalTransitionStyle")
    public static let contextStyleMisuse = DiagnosticCategory(
        id: "context-style-misuse", source: .lint, defaultSeverity: .warning,
        summary: "currentContext or overCurrentContext where UIKit cannot honour it: no scene above the source defines a presentation context, or the segue is a popover",
        fixHint: "set 'definesPresentationContext: true' on the scene whose area it should cover, or use fullScreen/overFullScreen")
    public static let manualSegueUnused = DiagnosticCategory(
        id: "manual-segue-unused", source: .lint, defaultSeverity: .warning,
        summary: "a manual segue (no trigger) that no flow performs: nothing shows the code path that fires it",
        fixHint: "add a flow step 'perform: Scene.segue', give the segue its 'trigger', or remove it")

    // MARK: - Flows

    public static let flowExpectation = DiagnosticCategory(
        id: "flow-expectation", source: .flow, defaultSeverity: .error,
        summary: "an 'expect' of a flow does not hold",
        fixHint: "fix the model or the flow so that the simulated state matches, or update the expectation")
    public static let flowError = DiagnosticCategory(
        id: "flow-error", source: .flow, defaultSeverity: .error,
        summary: "a flow step cannot happen (UIKit would raise, or the control is not on screen)",
        fixHint: "change the step or the model so that the step can happen")

    // MARK: - Limits

    /// Input past a limit of docs/model-format.md. It cannot be turned off or down (see `configurableIDs`):
    /// past a limit the input is not read, or the docs cannot be written.
    public static let limit = DiagnosticCategory(
        id: "limit", source: .validation, defaultSeverity: .error,
        summary: "the input is past a documented limit of the reader: nesting, copies made by aliases, identifier length or storyboard nesting",
        fixHint: "flatten the nesting, repeat less through aliases, or shorten the identifier (docs/model-format.md, Limits)")

    /// Diagnostics of validation that have no category of their own yet.
    public static let validation = DiagnosticCategory(
        id: "validation", source: .validation, defaultSeverity: .error,
        summary: "the model breaks a rule of the format or of UIKit",
        fixHint: "see the message")

    /// Every category, lint rules first, in the order docs list them.
    public static let all: [DiagnosticCategory] = [
        unreachableScene, showOutsideNavigation, showDetailOutsideSplit, noWayBack, unwindUnimplemented,
        duplicateSegueID, popoverWithoutAnchor, partialCurlMisuse, contextStyleMisuse, manualSegueUnused,
        flowExpectation, flowError, limit, validation,
    ]

    /// The navigation lint rules.
    public static var lintRules: [DiagnosticCategory] { all.filter { $0.source == .lint } }

    /// The category with identifier `id`.
    public static func named(_ id: String) -> DiagnosticCategory? { all.first { $0.id == id } }

    /// The ids a model's `lint:` setting may name: every id but `limit`.
    public static var configurableIDs: [String] { all.filter { $0 != limit }.map(\.id) }
}
