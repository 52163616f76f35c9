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
    /// What several findings of the category are called when they are reported as one line ("17 deprecated
    /// segues: …"): a plural noun phrase.
    public let plural: String

    public init(id: String, source: Source, defaultSeverity: Diagnostic.Severity, summary: String, fixHint: String,
                plural: String? = nil) {
        self.id = id
        self.source = source
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.fixHint = fixHint
        self.plural = plural ?? "\(id) findings"
    }
}

extension DiagnosticCategory {
    // MARK: - Lint rules

    public static let unreachableScene = DiagnosticCategory(
        id: "unreachable-scene", source: .lint, defaultSeverity: .warning,
        summary: "a scene nothing can reach: no container, segue or flow leads to it from the initial scene, from a storyboard's initial view controller or from a scene with a storyboard ID, and it has no storyboard ID for code to instantiate it",
        fixHint: "add a segue or relationship to it, give it a 'storyboardID' if code instantiates it, or remove it", plural: "unreachable scenes")
    public static let showOutsideNavigation = DiagnosticCategory(
        id: "show-outside-navigation", source: .lint, defaultSeverity: .warning,
        summary: "a show segue whose source is never inside a navigation controller, so UIKit presents the destination modally (an error for a deprecated `push` segue, which makes UIKit raise instead); a scene nothing reaches is left to `unreachable-scene`",
        fixHint: "embed the source in a navigation controller, or make the segue 'present' if a modal is intended", plural: "show segues outside navigation controllers")
    public static let showDetailOutsideSplit = DiagnosticCategory(
        id: "show-detail-outside-split", source: .lint, defaultSeverity: .warning,
        summary: "a showDetail segue whose source is never inside a split view controller, so UIKit presents the destination modally; a scene nothing reaches is left to `unreachable-scene`",
        fixHint: "put the source in a split view controller, or use 'show' or 'present'", plural: "showDetail segues outside split views")
    public static let noWayBack = DiagnosticCategory(
        id: "no-way-back", source: .lint, defaultSeverity: .warning,
        summary: "a presented scene with no way back: no unwind to a scene below it, no dismiss or swipe in any flow, and not a sheet",
        fixHint: "add an unwind segue to a scene below it (and the action to that scene's 'unwindActions'), or dismiss it in a flow", plural: "presented scenes with no way back")
    public static let unwindUnimplemented = DiagnosticCategory(
        id: "unwind-unimplemented", source: .lint, defaultSeverity: .warning,
        summary: "an unwind segue whose action no scene implements: UIKit finds no destination and nothing happens",
        fixHint: "add the action to the 'unwindActions' of the scene it should return to, or fix its spelling", plural: "unwind segues whose action no scene implements")
    public static let duplicateSegueID = DiagnosticCategory(
        id: "duplicate-segue-id", source: .lint, defaultSeverity: .warning,
        summary: "two segues of one source scene share an identifier: performSegue(withIdentifier:) can reach only one of them (in a storyboard, which the importer reads as two ids such as `go` and `go-2`, the import reports it)",
        fixHint: "give each segue of the scene its own identifier", plural: "duplicate segue identifiers")
    public static let popoverWithoutAnchor = DiagnosticCategory(
        id: "popover-without-anchor", source: .lint, defaultSeverity: .error,
        summary: "a popover segue with no anchor: UIKit raises an exception when it fires",
        fixHint: "set the segue's 'anchor' (the source view or bar button item)", plural: "popovers without an anchor")
    public static let partialCurlMisuse = DiagnosticCategory(
        id: "partial-curl-misuse", source: .lint, defaultSeverity: .error,
        summary: "the partialCurl transition with a presentation style other than fullScreen: UIKit raises an exception",
        fixHint: "present full screen with partialCurl, or choose another modalTransitionStyle", plural: "partialCurl misuses")
    public static let contextStyleMisuse = DiagnosticCategory(
        id: "context-style-misuse", source: .lint, defaultSeverity: .warning,
        summary: "currentContext or overCurrentContext where UIKit cannot honour it: no scene above the source defines a presentation context, or the segue is a popover",
        fixHint: "set 'definesPresentationContext: true' on the scene whose area it should cover, or use fullScreen/overFullScreen", plural: "context styles UIKit cannot honour")
    public static let manualSegueUnused = DiagnosticCategory(
        id: "manual-segue-unused", source: .lint, defaultSeverity: .warning,
        summary: "a manual segue (no trigger) that no flow performs, in a model that has flows: nothing shows the code path that fires it",
        fixHint: "add a flow step 'perform: Scene.segue', give the segue its 'trigger', or remove it", plural: "manual segues no flow performs")

    // MARK: - Flows

    public static let flowExpectation = DiagnosticCategory(
        id: "flow-expectation", source: .flow, defaultSeverity: .error,
        summary: "an 'expect' of a flow does not hold",
        fixHint: "fix the model or the flow so that the simulated state matches, or update the expectation", plural: "failed expectations")
    public static let flowError = DiagnosticCategory(
        id: "flow-error", source: .flow, defaultSeverity: .error,
        summary: "a flow step cannot happen (UIKit would raise, or the control is not on screen)",
        fixHint: "change the step or the model so that the step can happen", plural: "flow steps that cannot happen")

    public static let uikitWarning = DiagnosticCategory(
        id: "uikit-warning", source: .flow, defaultSeverity: .warning,
        summary: "a call of a flow that UIKit rejects without changing anything (presenting on a view controller that already presents, dismissing nothing)",
        fixHint: "change the step, unless the flow documents what the app does wrong", plural: "UIKit warnings")

    // MARK: - Loading and validation

    public static let syntax = DiagnosticCategory(
        id: "syntax", source: .validation, defaultSeverity: .error,
        summary: "a file that is not well-formed YAML, JSON or XML, or not UTF-8",
        fixHint: "fix the file at the position given (a bad indentation, an unclosed bracket, a merge left unresolved)",
        plural: "syntax errors")
    public static let limit = DiagnosticCategory(
        id: "limit", source: .validation, defaultSeverity: .error,
        summary: "input past one of Scenograph's limits (nesting, aliases, identifier length)",
        fixHint: "simplify the input; docs/model-format.md lists the limits", plural: "inputs past a limit")
    public static let modelFormat = DiagnosticCategory(
        id: "model-format", source: .validation, defaultSeverity: .error,
        summary: "a key, value or identifier the model format does not allow where it is written",
        fixHint: "see the message; docs/model-format.md lists every key and value", plural: "format errors")
    public static let inputFile = DiagnosticCategory(
        id: "input-file", source: .validation, defaultSeverity: .error,
        summary: "a file or folder named on the command line or in the model that cannot be read or holds nothing to import",
        fixHint: "check the path: command-line paths are relative to the current folder, 'storyboards:' and 'sources:' to the model file",
        plural: "unreadable inputs")
    public static let unknownReference = DiagnosticCategory(
        id: "unknown-reference", source: .validation, defaultSeverity: .error,
        summary: "a scene, segue or tab named where the model has none of that name, or a bare scene name two storyboards share",
        fixHint: "use an identifier the model has (the message suggests the closest), or the qualified one",
        plural: "unknown names")
    public static let unmatchedAnnotation = DiagnosticCategory(
        id: "unmatched-annotation", source: .validation, defaultSeverity: .error,
        summary: "a 'scenes:' entry of a model with storyboards that matches no imported scene and does not say it adds one",
        fixHint: "fix the identifier (the message suggests one), or write 'new: true' or the scene's 'kind' for a scene the storyboards lack",
        plural: "unmatched annotations")
    public static let containment = DiagnosticCategory(
        id: "containment", source: .validation, defaultSeverity: .error,
        summary: "containers UIKit cannot build: a missing root, tab or column, a scene with two parents, a cycle, a navigation controller as a navigation controller's root",
        fixHint: "give each container the children its kind needs and each scene at most one parent", plural: "containment errors")
    public static let unsupportedStoryboard = DiagnosticCategory(
        id: "unsupported-storyboard", source: .validation, defaultSeverity: .error,
        summary: "a file that is not an iOS storyboard: a XIB, a macOS or watchOS storyboard, an unknown runtime",
        fixHint: "give iOS, iPad or tvOS storyboards only", plural: "unsupported files")
    public static let tvOSStoryboard = DiagnosticCategory(
        id: "tvos-storyboard", source: .validation, defaultSeverity: .warning,
        summary: "a tvOS storyboard: imported, and simulated with iOS's UIKit rules",
        fixHint: "disable the category if iOS's rules are close enough for the app", plural: "tvOS storyboards")
    public static let launchScreen = DiagnosticCategory(
        id: "launch-screen", source: .validation, defaultSeverity: .warning,
        summary: "a launch screen storyboard: it has no navigation and is skipped",
        fixHint: "leave it out of the storyboards given, or disable the category", plural: "launch screens skipped")
    public static let duplicateInput = DiagnosticCategory(
        id: "duplicate-input", source: .validation, defaultSeverity: .warning,
        summary: "a model or storyboard given twice: it is read once",
        fixHint: "give each file once", plural: "files given twice")
    public static let storyboardReference = DiagnosticCategory(
        id: "storyboard-reference", source: .validation, defaultSeverity: .warning,
        summary: "a storyboard reference to a storyboard or storyboard ID that is not among the imported files: a stand-in scene takes its place",
        fixHint: "import the referenced storyboard too, or fix the referenced storyboard ID", plural: "unresolved storyboard references")
    public static let storyboardIgnored = DiagnosticCategory(
        id: "storyboard-ignored", source: .validation, defaultSeverity: .warning,
        summary: "something in a storyboard that has no meaning for navigation or no mapping, and is left out (an unknown element, relationship, segue kind or style value)",
        fixHint: "nothing to change in the app; disable the category once checked", plural: "storyboard parts left out")
    public static let containerSetInCode = DiagnosticCategory(
        id: "container-set-in-code", source: .validation, defaultSeverity: .warning,
        summary: "a container whose children the storyboard does not give (UIKit gets them in code), imported as a content scene",
        fixHint: "give the scene its 'kind' and children under 'scenes:' in a model to simulate it", plural: "containers filled in code")
    public static let noInitialScene = DiagnosticCategory(
        id: "no-initial-scene", source: .validation, defaultSeverity: .warning,
        summary: "no imported storyboard has an initial view controller: the first scene no container holds is taken",
        fixHint: "set 'initial:' in a model, or the main storyboard's initial view controller", plural: "guessed initial scenes")
    public static let deprecatedSegue = DiagnosticCategory(
        id: "deprecated-segue", source: .validation, defaultSeverity: .warning,
        summary: "a deprecated segue kind (push, modal, replace, the storyboard's popover): it behaves as its modern kind",
        fixHint: "in Interface Builder, make it Show, Present Modally, Show Detail or Present As Popover", plural: "deprecated segues")
    public static let undeclaredCondition = DiagnosticCategory(
        id: "undeclared-condition", source: .validation, defaultSeverity: .warning,
        summary: "a condition a guard, a flow or a 'set' step names that 'conditions:' does not declare: it defaults to true",
        fixHint: "declare it under 'conditions:', or fix its spelling", plural: "undeclared conditions")
    public static let ineffectiveSetting = DiagnosticCategory(
        id: "ineffective-setting", source: .validation, defaultSeverity: .warning,
        summary: "a setting that has no effect where it is written (an embed segue's trigger, a column its split style does not show, a modal style on a segue that does not present)",
        fixHint: "remove it, or change what keeps it from having an effect", plural: "ineffective settings")
    public static let emptyCheck = DiagnosticCategory(
        id: "empty-check", source: .validation, defaultSeverity: .warning,
        summary: "a flow with no steps, or an 'expect' that checks nothing: it passes whatever the app does",
        fixHint: "add steps or checks, or remove it", plural: "checks that check nothing")
    public static let initialInContainer = DiagnosticCategory(
        id: "initial-in-container", source: .validation, defaultSeverity: .warning,
        summary: "the initial scene is also a container's child; at launch it is installed as the window's root, outside that container",
        fixHint: "make the container the initial scene", plural: "initial scenes inside containers")
    public static let pushNavigationController = DiagnosticCategory(
        id: "push-navigation-controller", source: .validation, defaultSeverity: .warning,
        summary: "a flow step pushes a navigation controller, which UIKit rejects with an exception",
        fixHint: "push the navigation controller's root, or present the navigation controller", plural: "pushed navigation controllers")
    public static let unknownCategory = DiagnosticCategory(
        id: "unknown-category", source: .validation, defaultSeverity: .warning,
        summary: "a 'lint:' (or 'warnings:') setting names an id no category has",
        fixHint: "use an id of this table (the message suggests the closest)", plural: "unknown category ids")
    public static let codeUnresolved = DiagnosticCategory(
        id: "code-unresolved", source: .validation, defaultSeverity: .warning,
        summary: "a navigation call in the Swift sources whose destination or segue cannot be known without running the code",
        fixHint: "nothing to change in the app; add the segue under 'scenes:' ('kind: code') if it matters", plural: "unresolved navigation calls")

    /// Diagnostics of validation that have no category of their own yet.
    public static let validation = DiagnosticCategory(
        id: "validation", source: .validation, defaultSeverity: .error,
        summary: "the model breaks a rule of the format or of UIKit",
        fixHint: "see the message")

    /// Every category, lint rules first, in the order docs list them.
    public static let all: [DiagnosticCategory] = [
        unreachableScene, showOutsideNavigation, showDetailOutsideSplit, noWayBack, unwindUnimplemented,
        duplicateSegueID, popoverWithoutAnchor, partialCurlMisuse, contextStyleMisuse, manualSegueUnused,
        flowExpectation, flowError, uikitWarning,
        syntax, limit, modelFormat, inputFile, unknownReference, unmatchedAnnotation, containment,
        unsupportedStoryboard, tvOSStoryboard, launchScreen, duplicateInput, storyboardReference, storyboardIgnored,
        containerSetInCode, noInitialScene, deprecatedSegue, undeclaredCondition, ineffectiveSetting, emptyCheck, initialInContainer,
        pushNavigationController, unknownCategory, codeUnresolved, validation,
    ]

    /// The navigation lint rules.
    public static var lintRules: [DiagnosticCategory] { all.filter { $0.source == .lint } }

    /// The category with identifier `id`.
    public static func named(_ id: String) -> DiagnosticCategory? { all.first { $0.id == id } }

    /// Whether a model's `lint:` setting may turn this kind of finding off or down: lint rules and warnings may,
    /// but not errors that leave the model unusable (syntax, limits, unknown references, …) nor flows that fail —
    /// turning those off would only move the failure to `generate`.
    public var isConfigurable: Bool {
        switch source {
        case .lint: true
        case .validation: defaultSeverity == .warning
        case .flow: defaultSeverity == .warning
        }
    }

    /// The ids a model's `lint:` setting may turn off or down.
    public static var configurableIDs: [String] { all.filter(\.isConfigurable).map(\.id) }
}
