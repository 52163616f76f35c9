/// The whole scene model of an app: scenes, segues and flows, validated.
///
/// Scenes, and the relations between them (containers, embedders, unwind implementers, incoming segues), are
/// looked up through indexes built with them: `scenes` changes only through `replaceScenes(_:)`, which rebuilds
/// them, so an index can never be stale, and a lookup costs the same in a model of 20 scenes as in one of 2,000.
/// Equality ignores the indexes.
public struct SceneModel: Sendable, Hashable {
    public static let supportedFormat = 1

    /// The deepest containment a model may have: the most parent-to-child links (relationship
    /// children and embed segues) on any chain of scenes. `validate` rejects a deeper model
    /// and the simulator stops a flow that would instantiate one (a model built in code, or
    /// with a cycle). Apps nest a handful of containers; 100 leaves room for generated models
    /// while keeping the simulator's recursive instantiation far from the stack's limit.
    public static let maximumContainmentDepth = 100

    /// The file the model was read from.
    public var path: String
    public var name: String
    /// Whether `name` was made up from the inputs' folder or Xcode project, not given (a model's `name:`,
    /// `--name`, an Info.plist's bundle name): such names differ between checkouts and are not compared.
    public var nameIsDerived = false
    public var summary: String?
    public var environment: Environment
    /// Where the model sets its environment: the `ios:` value when it sets one, else the `environment:` key.
    public var environmentLocation: SourceLocation?
    public var conditions: [Condition]
    public var storyboards: [Located<String>]
    /// The storyboard whose scenes have bare identifiers and whose initial view controller is the initial scene
    /// (a name or a path, one of `storyboards`).
    public var mainStoryboard: Located<String>?
    /// Folders of Swift sources scanned for code-driven navigation (relative to the model file).
    public var sources: [Located<String>] = []
    public var initial: Located<String>?
    /// Scenes in file order.
    public private(set) var scenes: [Scene]
    /// Flows in file order.
    public var flows: [Flow]
    /// The `lint:` setting: categories of findings turned off or re-levelled.
    public var lint = LintSettings()

    private var sceneIndex: [String: Int]
    private var relations: Relations

    public init(path: String = "<memory>", name: String, summary: String? = nil, environment: Environment = Environment(),
                conditions: [Condition] = [], storyboards: [Located<String>] = [], initial: Located<String>? = nil,
                scenes: [Scene] = [], flows: [Flow] = []) {
        self.path = path
        self.name = name
        self.summary = summary
        self.environment = environment
        self.conditions = conditions
        self.storyboards = storyboards
        self.initial = initial
        self.scenes = scenes
        self.flows = flows
        self.sceneIndex = Self.index(scenes)
        self.relations = Relations(scenes)
    }

    /// Replaces every scene, and the index with them.
    public mutating func replaceScenes(_ scenes: [Scene]) {
        self.scenes = scenes
        sceneIndex = Self.index(scenes)
        relations = Relations(scenes)
    }

    /// The first position of each scene id.
    private static func index(_ scenes: [Scene]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (offset, scene) in scenes.enumerated() where index[scene.id] == nil {
            index[scene.id] = offset
        }
        return index
    }

    public static func == (lhs: SceneModel, rhs: SceneModel) -> Bool {
        lhs.path == rhs.path && lhs.name == rhs.name && lhs.summary == rhs.summary && lhs.environment == rhs.environment
            && lhs.environmentLocation == rhs.environmentLocation && lhs.conditions == rhs.conditions
            && lhs.storyboards == rhs.storyboards && lhs.mainStoryboard == rhs.mainStoryboard && lhs.sources == rhs.sources
            && lhs.initial == rhs.initial && lhs.scenes == rhs.scenes && lhs.flows == rhs.flows
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(name)
        hasher.combine(scenes)
        hasher.combine(flows)
    }

    public func scene(_ id: String) -> Scene? {
        sceneIndex[id].map { scenes[$0] }
    }

    public func flow(_ id: String) -> Flow? { flows.first { $0.id == id } }

    public var sceneIDs: [String] { scenes.map(\.id) }

    /// The scenes whose ids are in `ids`, in file order (each id's first scene), without scanning the others.
    public func scenes(among ids: Set<String>) -> [Scene] {
        ids.compactMap { sceneIndex[$0] }.sorted().map { scenes[$0] }
    }

    /// The segue referenced as `scene.segue`.
    public func segue(_ ref: SegueReference) -> Segue? { scene(ref.scene)?.segue(ref.segue) }

    /// The declared value of a condition; an undeclared condition is true.
    public func condition(_ name: String) -> Bool {
        conditions.first { $0.name == name }?.value ?? true
    }

    /// The container scene that lists `id` as a relationship child (root, tab, column, page, child), if any:
    /// the first in file order.
    public func container(of id: String) -> Scene? {
        relations.container[id].map { scenes[$0] }
    }

    /// The scene whose embed segue targets `id`, if any: the first in file order, with its first such segue.
    public func embedder(of id: String) -> (scene: Scene, segue: Segue)? {
        relations.embedder[id].map { (scenes[$0.scene], scenes[$0.scene].segues[$0.segue]) }
    }

    /// Every segue in file order.
    public var allSegues: [Segue] { scenes.flatMap(\.segues) }

    /// The scenes implementing unwind action `name`, in file order.
    public func scenesImplementing(unwindAction name: String) -> [Scene] {
        (relations.implementers[name] ?? []).map { scenes[$0] }
    }

    /// The segues that lead to scene `id`, in file order: those whose destination is `id`, and unwind segues
    /// whose action `id` implements (an unwind is listed once even when the scene names the action twice).
    public func segues(reaching id: String) -> [Segue] {
        var positions = Set(relations.incoming[id] ?? [])
        for action in scene(id)?.unwindActions ?? [] {
            positions.formUnion(relations.unwinds[action.value] ?? [])
        }
        return positions.sorted { ($0.scene, $0.segue) < ($1.scene, $1.segue) }.map { scenes[$0.scene].segues[$0.segue] }
    }

    /// The unwind segues that perform action `name`, in file order.
    public func unwindSegues(performing name: String) -> [Segue] {
        (relations.unwinds[name] ?? []).map { scenes[$0.scene].segues[$0.segue] }
    }
}

/// Indexes of a model's scenes by how they relate, built once per set of scenes.
private struct Relations: Sendable {
    struct Position: Sendable, Hashable {
        var scene: Int
        var segue: Int
    }

    /// Child id → the first container (by position) listing it.
    var container: [String: Int] = [:]
    /// Embedded id → the first scene and segue embedding it.
    var embedder: [String: Position] = [:]
    /// Unwind action → the scenes implementing it, in file order, each once.
    var implementers: [String: [Int]] = [:]
    /// Destination id → the segues naming it, in file order.
    var incoming: [String: [Position]] = [:]
    /// Unwind action → the unwind segues performing it, in file order.
    var unwinds: [String: [Position]] = [:]

    init(_ scenes: [Scene]) {
        for (sceneOffset, scene) in scenes.enumerated() {
            for child in scene.containedScenes where container[child.value] == nil {
                container[child.value] = sceneOffset
            }
            var implemented: Set<String> = []
            for action in scene.unwindActions where implemented.insert(action.value).inserted {
                implementers[action.value, default: []].append(sceneOffset)
            }
            for (segueOffset, segue) in scene.segues.enumerated() {
                let position = Position(scene: sceneOffset, segue: segueOffset)
                if let target = segue.destination?.value {
                    incoming[target, default: []].append(position)
                    if segue.kind.value == .embed, embedder[target] == nil { embedder[target] = position }
                }
                if segue.kind.value == .unwind, let action = segue.action?.value {
                    unwinds[action, default: []].append(position)
                }
            }
        }
    }
}

extension SceneModel {
    /// The environment `flow` starts in: the model's, with the keys the flow's `environment:` names overridden
    /// (`Environment.applying`: a flow on another idiom without a width takes that idiom's default width).
    public func environment(of flow: Flow) -> Environment {
        flow.environment.map { environment.applying($0) } ?? environment
    }
}
