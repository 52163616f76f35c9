/// The whole scene model of an app: scenes, segues and flows, validated.
///
/// Scenes are looked up by id through an index built with them: `scenes` changes only through
/// `replaceScenes(_:)`, which rebuilds it, so the index can never be stale. Equality ignores the index.
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
    public var summary: String?
    public var environment: Environment
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
    }

    /// Replaces every scene, and the index with them.
    public mutating func replaceScenes(_ scenes: [Scene]) {
        self.scenes = scenes
        sceneIndex = Self.index(scenes)
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

    /// The segue referenced as `scene.segue`.
    public func segue(_ ref: SegueReference) -> Segue? { scene(ref.scene)?.segue(ref.segue) }

    /// The declared value of a condition; an undeclared condition is true.
    public func condition(_ name: String) -> Bool {
        conditions.first { $0.name == name }?.value ?? true
    }

    /// The container scene that lists `id` as a relationship child (root, tab, column, page, child), if any.
    public func container(of id: String) -> Scene? {
        scenes.first { scene in scene.containedScenes.contains { $0.value == id } }
    }

    /// The scene whose embed segue targets `id`, if any.
    public func embedder(of id: String) -> (scene: Scene, segue: Segue)? {
        for scene in scenes {
            if let segue = scene.segues.first(where: { $0.kind.value == .embed && $0.destination?.value == id }) {
                return (scene, segue)
            }
        }
        return nil
    }

    /// Every segue in file order.
    public var allSegues: [Segue] { scenes.flatMap(\.segues) }

    /// The scenes implementing unwind action `name`, in file order.
    public func scenesImplementing(unwindAction name: String) -> [Scene] {
        scenes.filter { $0.implementsUnwind(name) }
    }
}
