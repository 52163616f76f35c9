/// The whole scene model of an app: scenes, segues and flows, validated.
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
    public var initial: Located<String>?
    /// Scenes in file order.
    public var scenes: [Scene]
    /// Flows in file order.
    public var flows: [Flow]

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
        self.sceneIndex = [:]
        reindex()
    }

    /// Rebuilds the identifier index after `scenes` changed.
    public mutating func reindex() {
        sceneIndex = [:]
        for (offset, scene) in scenes.enumerated() where sceneIndex[scene.id] == nil {
            sceneIndex[scene.id] = offset
        }
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
