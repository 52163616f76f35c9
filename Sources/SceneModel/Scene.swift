/// A view controller of the app, as declared in the model.
public struct Scene: Sendable, Hashable, Identifiable {
    public var id: String
    /// Where the scene's identifier is written.
    public var location: SourceLocation
    public var kind: SceneKind
    /// The Swift class the model names; `className` falls back to the kind's UIKit class.
    public var customClass: Located<String>?
    public var title: String?
    public var storyboardID: String?
    public var summary: String?

    /// The summary the storyboard importer gives a copy of a scene the storyboard gives more than one parent.
    public static func copySummary(of root: String, in parent: String) -> String {
        "Another instance of '\(root)', in '\(parent)': the storyboard gives this scene more than one parent."
    }

    /// Whether `summary` is one `copySummary` made, not words of the model's author.
    public static func isCopySummary(_ summary: String?) -> Bool {
        guard let summary else { return false }
        return summary.hasPrefix("Another instance of '") && summary.hasSuffix("': the storyboard gives this scene more than one parent.")
    }

    // MARK: Container fields
    public var root: Located<String>?
    public var tabs: [Located<String>]
    public var selected: Located<String>?
    public var primary: Located<String>?
    public var secondary: Located<String>?
    public var supplementary: Located<String>?
    /// Split (column styles): the view controller shown instead of the columns in compact width.
    public var compact: Located<String>?
    public var splitStyle: SplitStyle
    public var collapse: CollapseSide
    public var pages: [Located<String>]
    public var pageTransition: PageTransition
    public var children: [Located<String>]
    public var overrides: [Located<ShowOverride>]

    // MARK: Presentation
    /// As written; `nil` means the kind's default (see `definesPresentationContext`).
    public var definesPresentationContextSetting: Bool?
    public var providesPresentationContextTransitionStyle: Bool
    public var modalPresentationStyle: PresentationStyle
    public var modalTransitionStyle: TransitionStyle
    public var isModalInPresentation: Bool

    public var unwindActions: [Located<String>]
    public var segues: [Segue]
    /// The scene's `lint:` setting: categories of findings turned off for this scene (only `disable`).
    public var lint = LintSettings()

    /// Where the scene came from when it was imported from a storyboard.
    public var origin: Origin?
    /// For a stand-in the importer made for a storyboard reference it could not resolve: what it stands in for
    /// (`the initial view controller of Help.storyboard`); nil for every other scene.
    public var standsInFor: String?

    public struct Origin: Sendable, Hashable {
        public var storyboard: String
        public var objectID: String
        /// Whether the scene is its storyboard's initial view controller, which code may instantiate with
        /// `instantiateInitialViewController()` (a scene's origin only; a segue's is always false).
        public var isInitial: Bool
        public init(storyboard: String, objectID: String, isInitial: Bool = false) {
            self.storyboard = storyboard
            self.objectID = objectID
            self.isInitial = isInitial
        }
    }

    public init(id: String, kind: SceneKind = .content, location: SourceLocation = .unknown) {
        self.id = id
        self.location = location
        self.kind = kind
        self.customClass = nil
        self.tabs = []
        self.splitStyle = .classic
        self.collapse = .secondary
        self.pages = []
        self.pageTransition = .scroll
        self.children = []
        self.overrides = []
        self.definesPresentationContextSetting = nil
        self.providesPresentationContextTransitionStyle = false
        self.modalPresentationStyle = .automatic
        self.modalTransitionStyle = .coverVertical
        self.isModalInPresentation = false
        self.unwindActions = []
        self.segues = []
    }

    /// The Swift class: the model's, else the kind's UIKit class.
    public var className: String { customClass?.value ?? kind.defaultClass }

    /// `definesPresentationContext`, with UIKit's default (true for navigation controllers).
    public var definesPresentationContext: Bool { definesPresentationContextSetting ?? (kind == .navigation) }

    /// The initially selected tab of a tab bar: `selected`, else the first tab.
    public var selectedTab: String? { selected?.value ?? tabs.first?.value }

    /// Relationship children in container order (stack root, tabs, columns then the compact
    /// column, first page, children).
    public var relationshipChildren: [Located<String>] {
        switch kind {
        case .navigation: return root.map { [$0] } ?? []
        case .tabBar: return tabs
        case .split: return [primary, supplementary, secondary, compact].compactMap { $0 }
        case .page: return pages.first.map { [$0] } ?? []
        case .container: return children
        case .content, .table, .collection: return []
        }
    }

    /// Every scene this one names as a container child, including all pages.
    public var containedScenes: [Located<String>] {
        kind == .page ? pages : relationshipChildren
    }

    /// The segue with identifier `id`.
    public func segue(_ id: String) -> Segue? { segues.first { $0.id == id } }

    /// Whether the class implements the unwind action `name`.
    public func implementsUnwind(_ name: String) -> Bool { unwindActions.contains { $0.value == name } }
}

/// A segue whose source is a scene.
public struct Segue: Sendable, Hashable, Identifiable {
    public var id: String
    public var source: String
    public var location: SourceLocation
    public var kind: Located<SegueKind>
    public var destination: Located<String>?
    public var action: Located<String>?
    public var trigger: String?
    /// What diagrams call the segue instead of its identifier: imported segues the storyboard gives no identifier
    /// are labelled with their trigger, since the identifier made for them only repeats the kind and destination.
    public var label: String?
    public var modalPresentationStyle: Located<PresentationStyle>?
    public var modalTransitionStyle: Located<TransitionStyle>?
    public var anchor: String?
    public var adaptivePresentationStyle: AdaptivePresentationStyle?
    public var guardCondition: Located<String>?
    public var animated: Bool
    public var customClass: String?
    public var summary: String?
    public var passes: String?
    /// `code` segues: the UIKit call the code makes.
    public var call: Located<CodeCall>?
    /// `code` segues: where the code makes the call, `path:line` (documentation).
    public var codeLocation: String?
    /// Where the segue came from when it was imported from a storyboard: its `<segue>` object. It stays when the
    /// identifier made up for a segue the storyboard does not name changes with its kind, destination or trigger,
    /// so that `diff` tells a changed segue from a removed one and a new one.
    public var origin: Scene.Origin?
    /// The identifier the storyboard gives the segue, as written (`Zoom Into Artwork`): the string
    /// `performSegue(withIdentifier:)` and `prepare(for:sender:)` compare. Nil when the storyboard gives none (the id
    /// is made up from the segue's kind, destination and trigger) and for segues not imported from a storyboard.
    public var storyboardIdentifier: String?

    public init(id: String, source: String, kind: SegueKind, destination: String? = nil, location: SourceLocation = .unknown) {
        self.id = id
        self.source = source
        self.location = location
        self.kind = Located(kind, at: location)
        self.destination = destination.map { Located($0, at: location) }
        self.animated = true
    }

    /// `scene.segue`, as flows reference it.
    public var qualifiedID: String { "\(source).\(id)" }

    /// The segue's name in diagrams: its `label`, else its identifier.
    public var displayName: String { label ?? id }

    /// A segue with no trigger is manual: only code can perform it.
    public var isManual: Bool { trigger == nil }

    /// The kind the segue behaves as: a deprecated kind's modern one, a `code` segue's call as the kind that behaves
    /// the same (`dismiss` stays `code`).
    public var effectiveKind: SegueKind {
        if kind.value == .code { return call?.value.segueKind?.effective ?? .code }
        return kind.value.effective
    }

    /// Whether the segue presents its destination modally (possibly after adaptation).
    public var presents: Bool { effectiveKind.isModal }
}
