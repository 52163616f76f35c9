import SceneModel
import Simulator

/// What changed in an app's navigation between two models: scenes, segues, containment and flows,
/// with the behaviour of every flow both sides have compared step by step.
///
/// Everything is listed in a fixed order (the head model's file order, then what only the base has, in its
/// order), so the same two models always give the same diff.
public struct ModelDiff: Sendable, Hashable {
    /// What happened to one thing.
    public enum Change: String, Sendable, Hashable, CaseIterable {
        case added, removed, changed, renamed
    }

    /// One key whose value differs: `modalPresentationStyle: pageSheet → fullScreen`.
    public struct PropertyChange: Sendable, Hashable {
        public var key: String
        /// nil when the key is not set on that side.
        public var old: String?
        public var new: String?

        public init(key: String, old: String?, new: String?) {
            self.key = key
            self.old = old
            self.new = new
        }

        /// A summary on one line, as Markdown reads it: the lines of each paragraph joined, runs of spaces as one,
        /// paragraphs apart by ` ¶ `. Summaries are compared so, so that text only rewrapped is no change, and
        /// shown so.
        public static func oneLine(_ text: String) -> String {
            var paragraphs: [String] = []
            var current: [Substring] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let words = line.split(whereSeparator: { $0.isWhitespace })
                if words.isEmpty {
                    if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                    current = []
                } else {
                    current += words
                }
            }
            if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
            return paragraphs.joined(separator: " ¶ ")
        }

        /// `key: old → new`, with `(none)` for an unset or empty side (no conditions, no summary).
        public var text: String {
            func shown(_ value: String?) -> String { value.flatMap { $0.isEmpty ? nil : Self.oneLine($0) } ?? "(none)" }
            return "\(key): \(shown(old)) → \(shown(new))"
        }
    }

    public struct SceneChange: Sendable, Hashable {
        public var change: Change
        /// The head's id (the base's for a removed scene, marked `(before)` when the head gives it to another scene).
        public var id: String
        /// The base's id of a renamed scene, and of a removed one whose id the head gives to another scene.
        public var oldID: String?
        public var kind: SceneKind
        public var className: String
        public var properties: [PropertyChange]
        /// Where the scene is written on its side (the head's, except for a removed scene).
        public var location: SourceLocation
        /// What an added or removed stand-in scene stood in for (an unresolved storyboard reference).
        public var standsInFor: String? = nil
        /// A scene renamed only because its storyboard file was (`Kitchen.Sink` → `Pantry.Sink` with
        /// `Kitchen.storyboard` → `Pantry.storyboard`): the reports count it with its storyboard's row
        /// (`storyboards`), not in a row of its own.
        public var withStoryboard: Bool = false
    }

    /// A storyboard file renamed in the change, and how many of its scenes were renamed only with it.
    public struct StoryboardRename: Sendable, Hashable {
        public var old: String
        public var new: String
        public var scenes: Int
    }

    public struct SegueChange: Sendable, Hashable {
        public var change: Change
        /// `scene.segue` on the head's side (the base's for a removed segue).
        public var id: String
        /// `scene.segue` in the base, for a renamed segue, and for a removed one whose scene the head renamed.
        public var oldID: String?
        public var kind: SegueKind
        /// Destination scene, or `action(_:)` for an unwind.
        public var target: String
        public var properties: [PropertyChange]
        public var location: SourceLocation
        /// A storyboard segue renamed though the storyboard gives it no identifier on either side: its id is made
        /// up from its kind, destination and trigger (and its scene's other segues, which it must differ from).
        public var madeUpName = false
    }

    /// A change of a container's children: a tab added, a root replaced, a column moved.
    public struct ContainmentChange: Sendable, Hashable {
        /// The container scene (the head's id).
        public var container: String
        public var kind: SceneKind
        /// What changed, in words: `tab added: albums (tab 3)`.
        public var description: String
        /// The children before and after, in container order.
        public var old: [String]
        public var new: [String]
        public var location: SourceLocation
    }

    public struct FlowChange: Sendable, Hashable {
        public var change: Change
        public var id: String
        /// The base's id of a renamed flow: one the base has under another name, with the same steps,
        /// conditions and `environment:` as written.
        public var oldID: String? = nil
        public var baseResult: FlowResult?
        public var headResult: FlowResult?
        /// Keys of the flow's definition that changed (`steps`, `environment`, …); empty for added and removed flows.
        public var definition: [String]
        /// The trace comparison; nil for added and removed flows, and for flows that behave the same.
        public var trace: TraceDiff?
        public var location: SourceLocation
        /// For an added flow that does not pass: its first failed expectation or its error, with the step
        /// (`step 2: expected … to be visible`), so that the review says why without running `check`.
        public var problem: String? = nil

        /// Whether the flow behaves differently (its result or any step of its trace changed).
        public var behavesDifferently: Bool { trace != nil }
    }

    public var baseName: String
    public var headName: String
    /// `name: A → B`, `initial: …`, `environment: …` and other model-level keys.
    public var model: [PropertyChange]
    public var scenes: [SceneChange]
    public var segues: [SegueChange]
    public var containment: [ContainmentChange]
    public var flows: [FlowChange]
    /// Storyboard files renamed (their scenes renamed with them are marked `withStoryboard`).
    public var storyboards: [StoryboardRename] = []

    /// Flows both sides have whose definition and behaviour are the same (for the summary).
    public var unchangedFlows: Int

    public var isEmpty: Bool {
        model.isEmpty && scenes.isEmpty && segues.isEmpty && containment.isEmpty && flows.isEmpty
    }

    /// Base scene id → head scene id for renamed scenes.
    public var sceneRenames: [String: String]
    /// Every scene id of the base.
    public var baseSceneIDs: Set<String> = []
    /// Base scenes the head does not have whose id the head gives to another scene (storyboard scenes named after
    /// their place), with the name they are drawn under: `List (before)`.
    public var baseOnlyNames: [String: String] = [:]

    /// A base scene id on the head's side: its new name when renamed, marked `(before)` when the head gives the
    /// id to another scene, else the id.
    public func headName(ofBase id: String) -> String { sceneRenames[id] ?? baseOnlyNames[id] ?? id }
}

// MARK: - Computing

extension ModelDiff {
    /// Compares `base` with `head`, simulating the flows both have.
    public init(base: SceneModel, head: SceneModel) {
        var differ = ModelDiffer(base: base, head: head)
        self = differ.run()
    }
}

private struct ModelDiffer {
    let base: SceneModel
    let head: SceneModel
    /// Base id → head id for every scene of the base that has a counterpart.
    var sceneMap: [String: String] = [:]
    /// The head ids some base scene is paired with.
    var headImages: Set<String> = []
    /// Head id → base id of every paired scene (the first base scene, should two be paired with one).
    var headToBase: [String: String] = [:]

    func baseID(ofHead id: String) -> String? { headToBase[id] }
    /// The base's names as the head's, once scenes and segues are paired: flows are compared under them.
    var renaming = IdentifierRenaming(segues: [:], scenes: [:], baseScenes: [])

    /// Storyboards the head has under another file name (renamed in the pull request): base name → head name.
    let storyboardRenames: [String: String]

    init(base: SceneModel, head: SceneModel) {
        self.base = base
        self.head = head
        storyboardRenames = Self.storyboardRenames(base: base, head: head)
    }

    /// A base storyboard the head lacks is the head storyboard it lacks that holds most of its objects (Interface
    /// Builder's object ids are random and kept when a file is renamed), when that is over half of either: the file
    /// was renamed, and its scenes and segues are the same objects under ids that start with the new name.
    static func storyboardRenames(base: SceneModel, head: SceneModel) -> [String: String] {
        func objects(_ model: SceneModel) -> [String: Set<String>] {
            var objects: [String: Set<String>] = [:]
            for scene in model.scenes {
                if let origin = scene.origin { objects[origin.storyboard, default: []].insert(origin.objectID) }
                for segue in scene.segues { if let origin = segue.origin { objects[origin.storyboard, default: []].insert(origin.objectID) } }
            }
            return objects
        }
        let before = objects(base), after = objects(head)
        let gone = before.keys.filter { after[$0] == nil }.sorted()
        var candidates = after.keys.filter { before[$0] == nil }.sorted()
        var renames: [String: String] = [:]
        for old in gone {
            guard let oldObjects = before[old] else { continue }
            var best: (name: String, shared: Int)?
            for name in candidates {
                let shared = oldObjects.intersection(after[name] ?? []).count
                if shared > (best?.shared ?? 0) { best = (name, shared) }
            }
            guard let best, let newObjects = after[best.name], best.shared * 2 > min(oldObjects.count, newObjects.count) else { continue }
            renames[old] = best.name
            candidates.removeAll { $0 == best.name }
        }
        return renames
    }

    /// A base scene's or segue's storyboard object as the head would name it: in its storyboard's new file.
    func baseOrigin(_ origin: Scene.Origin?) -> Scene.Origin? {
        guard let origin, let renamed = storyboardRenames[origin.storyboard] else { return origin }
        return Scene.Origin(storyboard: renamed, objectID: origin.objectID, isInitial: origin.isInitial)
    }

    mutating func run() -> ModelDiff {
        matchScenes()
        let scenes = sceneChanges()
        let segues = segueChanges()
        let containment = containmentChanges()
        var renames: [String: String] = [:]
        for (old, new) in sceneMap where old != new { renames[old] = new }
        var segueRenames: [String: String] = [:]
        for segue in segues where segue.change == .renamed { if let old = segue.oldID { segueRenames[old] = segue.id } }
        let baseSceneIDs = Set(base.sceneIDs)
        var baseOnly: [String: String] = [:]
        for id in base.sceneIDs where sceneMap[id] == nil && headImages.contains(id) { baseOnly[id] = mapped(id) }
        for segue in segues where segue.change == .removed { if let old = segue.oldID { segueRenames[old] = segue.id } }
        renaming = IdentifierRenaming(segues: segueRenames, scenes: renames.merging(baseOnly) { new, _ in new }, baseScenes: baseSceneIDs)
        let (flows, unchanged) = flowChanges()
        var storyboards: [ModelDiff.StoryboardRename] = []
        for (old, new) in storyboardRenames.sorted(by: { $0.key < $1.key }) {
            storyboards.append(.init(old: old, new: new, scenes: scenes.filter { $0.withStoryboard && head.scene($0.id)?.origin?.storyboard == new }.count))
        }
        return ModelDiff(baseName: base.name, headName: head.name, model: modelChanges(), scenes: scenes, segues: segues,
                         containment: containment, flows: flows, storyboards: storyboards, unchangedFlows: unchanged, sceneRenames: renames,
                         baseSceneIDs: baseSceneIDs, baseOnlyNames: baseOnly)
    }

    /// A base scene id as the head would call it.
    /// A base scene id as the head would call it. A base scene the head does not have, whose id the head gives to
    /// another storyboard object, keeps its id marked as the base's, so the two are never taken for one.
    func mapped(_ id: String) -> String { sceneMap[id] ?? (headImages.contains(id) ? "\(id) (before)" : id) }

    // MARK: Model keys

    func modelChanges() -> [ModelDiff.PropertyChange] {
        var changes: [ModelDiff.PropertyChange] = []
        func compare(_ key: String, _ old: String?, _ new: String?) {
            if old != new { changes.append(.init(key: key, old: old, new: new)) }
        }
        // A name made up from a folder says where the files were, not what the app is called.
        if !base.nameIsDerived, !head.nameIsDerived { compare("name", base.name, head.name) }
        // The app's description opens its docs, as a scene's summary opens its page.
        compare("summary", base.summary.map(ModelDiff.PropertyChange.oneLine), head.summary.map(ModelDiff.PropertyChange.oneLine))
        compare("initial", base.initial.map { mapped($0.value) }, head.initial?.value)
        let environment = { (e: Environment) in "\(e.idiom.rawValue), \(e.width.rawValue) width, \(e.height.rawValue) height, iOS \(e.ios)" }
        compare("environment", environment(base.environment), environment(head.environment))
        // A name's value counts, not the order the names are written in.
        let conditions = { (m: SceneModel) in m.conditions.map { "\($0.name): \($0.value)" }.sorted().joined(separator: ", ") }
        compare("conditions", conditions(base), conditions(head))
        return changes
    }

    // MARK: Scenes

    /// Pairs base scenes with head scenes: the same id, else the same storyboard object (a rename in
    /// Interface Builder), else the same content under another id.
    mutating func matchScenes() {
        // A storyboard object is the same scene whatever its id: an imported scene without a storyboard ID or class
        // is named after its place, so wrapping a tab in a navigation controller can hand its old name to another
        // object. Objects found once on each side are paired first; a scene the importer copied (one object under
        // two parents) and scenes without an origin are paired by id, then by content.
        var baseOrigins: [Scene.Origin: [String]] = [:], headOrigins: [Scene.Origin: [String]] = [:]
        for scene in base.scenes { if let origin = baseOrigin(scene.origin) { baseOrigins[origin, default: []].append(scene.id) } }
        for scene in head.scenes { if let origin = scene.origin { headOrigins[origin, default: []].append(scene.id) } }
        var claimed: Set<String> = []
        for scene in base.scenes {
            guard let origin = baseOrigin(scene.origin), baseOrigins[origin]?.count == 1, let heads = headOrigins[origin], heads.count == 1 else { continue }
            sceneMap[scene.id] = heads[0]
            claimed.insert(heads[0])
        }
        // One object the importer copied (a scene with two parents): each copy is paired with the one under the same
        // parent, then the rest in order, so that a copy whose parent was wrapped is not taken for another.
        for (origin, copies) in baseOrigins.sorted(by: { $0.value[0] < $1.value[0] }) where copies.count > 1 || (headOrigins[origin]?.count ?? 0) > 1 {
            var heads = (headOrigins[origin] ?? []).filter { !claimed.contains($0) }
            var unpaired: [String] = []
            for copy in copies {
                let parent = base.container(of: copy).map { sceneMap[$0.id] ?? $0.id }
                if let parent, let index = heads.firstIndex(where: { head.container(of: $0)?.id == parent }) {
                    sceneMap[copy] = heads.remove(at: index)
                } else {
                    unpaired.append(copy)
                }
            }
            for (copy, match) in zip(unpaired, heads) { sceneMap[copy] = match }
            claimed.formUnion(copies.compactMap { sceneMap[$0] })
        }
        let headIDs = Set(head.sceneIDs)
        for id in base.sceneIDs where sceneMap[id] == nil && headIDs.contains(id) && !claimed.contains(id) {
            // The same id on an object the head has elsewhere is that object's: not this one's.
            if let origin = head.scene(id)?.origin, headOrigins[origin]?.count == 1, baseOrigins[origin]?.count == 1 { continue }
            sceneMap[id] = id
            claimed.insert(id)
        }
        // Linear in the scenes: thousands removed or renamed at once are one change too.
        let removed = base.scenes.filter { sceneMap[$0.id] == nil }
        let added = head.scenes.filter { !claimed.contains($0.id) }
        var taken = [Bool](repeating: false, count: added.count)
        // Each removed scene takes the first added one from its storyboard object, in order.
        var addedByOrigin: [Scene.Origin: [Int]] = [:]
        for (index, scene) in added.enumerated() {
            if let origin = scene.origin { addedByOrigin[origin, default: []].append(index) }
        }
        var nextOfOrigin: [Scene.Origin: Int] = [:]
        for scene in removed {
            guard let origin = baseOrigin(scene.origin), let indices = addedByOrigin[origin] else { continue }
            let next = nextOfOrigin[origin, default: 0]
            guard next < indices.count else { continue }
            sceneMap[scene.id] = added[indices[next]].id
            taken[indices[next]] = true
            nextOfOrigin[origin] = next + 1
        }
        // A scene moved to another storyboard (Interface Builder's Refactor to Storyboard, or its XML moved by hand)
        // keeps its object id, which Interface Builder makes at random: a removed scene and an added one of the same
        // object id, each the only one of it on its side, are the same scene under its new storyboard's name, even
        // if it changed on the way (a segue added to it).
        var removedOfObject: [String: Int] = [:], addedOfObject: [String: [Int]] = [:]
        for scene in removed where sceneMap[scene.id] == nil { if let origin = scene.origin { removedOfObject[origin.objectID, default: 0] += 1 } }
        for (index, scene) in added.enumerated() where !taken[index] { if let origin = scene.origin { addedOfObject[origin.objectID, default: []].append(index) } }
        for scene in removed where sceneMap[scene.id] == nil {
            guard let object = scene.origin?.objectID, removedOfObject[object] == 1, let indices = addedOfObject[object], indices.count == 1 else { continue }
            sceneMap[scene.id] = added[indices[0]].id
            taken[indices[0]] = true
        }
        // Then a scene removed and one added are a rename when each is the only one of a key on its side, by three
        // keys in turn: the same content (two look-alikes stay added and removed); the same content but for its words
        // (renamed and retitled, or its storyboard ID changed with its name); the same custom class and kind. The
        // last two need the scene's own class: a stand-in for a reference that does not resolve is no author's
        // scene, and a scene of UIKit's class or none (two screens with only a Close button) has nothing but its
        // words to be known by; they count only the scenes still unpaired, the first counts every removed one.
        enum PairingKey: CaseIterable { case content, structure, ownClass }
        func ownClass(_ scene: Scene) -> String? {
            guard scene.standsInFor == nil, let name = scene.customClass?.value, !name.hasPrefix("UI") else { return nil }
            return name
        }
        func key(_ scene: Scene, in model: SceneModel, _ pairing: PairingKey) -> [String] {
            switch pairing {
            case .content: return contentSignature(scene, in: model)
            case .structure: return ownClass(scene) == nil ? [] : contentSignature(scene, in: model, words: false)
            case .ownClass: return ownClass(scene).map { ["kind=\(scene.kind.rawValue)", "class=\($0)"] } ?? []
            }
        }
        for pairing in PairingKey.allCases {
            var removedOfKey: [[String]: Int] = [:]
            var keys: [[String]] = []
            for scene in removed {
                let value = pairing != .content && sceneMap[scene.id] != nil ? [] : key(scene, in: base, pairing)
                keys.append(value)
                if !value.isEmpty { removedOfKey[value, default: 0] += 1 }
            }
            var addedOfKey: [[String]: [Int]] = [:]
            for (index, scene) in added.enumerated() where !taken[index] {
                let value = key(scene, in: head, pairing)
                if !value.isEmpty { addedOfKey[value, default: []].append(index) }
            }
            for (scene, value) in zip(removed, keys) where sceneMap[scene.id] == nil && !value.isEmpty {
                guard removedOfKey[value] == 1, let candidates = addedOfKey[value], candidates.count == 1 else { continue }
                sceneMap[scene.id] = added[candidates[0]].id
                taken[candidates[0]] = true
            }
        }
        headImages = Set(sceneMap.values)
        for (base, head) in sceneMap.sorted(by: { $0.key < $1.key }) where headToBase[head] == nil { headToBase[head] = base }
    }

    /// Everything that describes a scene except its id and positions; without `words`, also without its title,
    /// summary and storyboard ID (what a rename often changes with the id).
    func contentSignature(_ scene: Scene, in model: SceneModel, words: Bool = true) -> [String] {
        var parts = sceneProperties(scene).filter { words || !["title", "summary", "storyboardID"].contains($0.key) }
            .map { "\($0.key)=\($0.value ?? "")" }
        parts += scene.containedScenes.map { "child=\($0.value)" }
        parts += scene.segues.map { "segue=\($0.id):" + segueProperties($0, in: model, mapTargets: false).map { "\($0.key)=\($0.value ?? "")" }.joined(separator: ",") }
        return parts
    }

    /// The compared keys of a scene (containment is compared separately).
    func sceneProperties(_ scene: Scene) -> [(key: String, value: String?)] {
        var keys: [(String, String?)] = [
            ("kind", scene.kind.rawValue),
            ("class", scene.customClass?.value),
            ("title", scene.title),
            ("storyboardID", scene.storyboardID),
            // The importer's words for a copy change with which parent keeps the original: not the author's.
            ("summary", Scene.isCopySummary(scene.summary) ? nil : scene.summary.map(ModelDiff.PropertyChange.oneLine)),
            ("modalPresentationStyle", scene.modalPresentationStyle.rawValue),
            ("modalTransitionStyle", scene.modalTransitionStyle.rawValue),
            ("isModalInPresentation", String(scene.isModalInPresentation)),
            ("definesPresentationContext", String(scene.definesPresentationContext)),
            ("providesPresentationContextTransitionStyle", String(scene.providesPresentationContextTransitionStyle)),
            // The actions a scene implements, in any order.
            ("unwindActions", list(scene.unwindActions.map(\.value).sorted())),
        ]
        switch scene.kind {
        case .split:
            keys += [("style", scene.splitStyle.rawValue), ("collapse", scene.collapse.rawValue)]
        case .page:
            keys.append(("pageTransition", scene.pageTransition.rawValue))
        case .container:
            keys.append(("overrides", list(scene.overrides.map(\.value.rawValue))))
        default:
            break
        }
        return keys
    }

    func list(_ items: [String]) -> String? { items.isEmpty ? nil : "[" + items.joined(separator: ", ") + "]" }

    func sceneChanges() -> [ModelDiff.SceneChange] {
        var changes: [ModelDiff.SceneChange] = []
        let matchedHead = headImages
        for scene in head.scenes {
            guard matchedHead.contains(scene.id), let oldID = headToBase[scene.id], let old = base.scene(oldID) else {
                changes.append(.init(change: .added, id: scene.id, kind: scene.kind, className: scene.className,
                                     properties: [], location: scene.location, standsInFor: scene.standsInFor))
                continue
            }
            var properties = compare(sceneProperties(old), sceneProperties(scene))
            // A stand-in whose storyboard reference resolves now: its made-up summary is not a change of the scene's.
            let resolved = old.standsInFor != nil && scene.standsInFor == nil ? old.standsInFor : nil
            if resolved != nil { properties.removeAll { $0.key == "summary" && $0.old == old.summary.map(ModelDiff.PropertyChange.oneLine) } }
            if oldID != scene.id || !properties.isEmpty || resolved != nil {
                // Renamed with its storyboard file: the same object, the same name after the storyboard's part.
                let withStoryboard = oldID != scene.id && properties.isEmpty && resolved == nil
                    && old.origin.map { storyboardRenames[$0.storyboard] != nil } == true
                    && baseOrigin(old.origin) == scene.origin
                    && Self.afterStoryboard(oldID) == Self.afterStoryboard(scene.id)
                changes.append(.init(change: oldID != scene.id ? .renamed : .changed, id: scene.id, oldID: oldID != scene.id ? oldID : nil,
                                     kind: scene.kind, className: scene.className, properties: properties, location: scene.location,
                                     standsInFor: resolved, withStoryboard: withStoryboard))
            }
        }
        for scene in base.scenes where sceneMap[scene.id] == nil {
            // Named apart (`List (before)`, with its base id as `oldID`) when the head gives its id to another scene.
            let id = mapped(scene.id)
            changes.append(.init(change: .removed, id: id, oldID: id == scene.id ? nil : scene.id, kind: scene.kind, className: scene.className,
                                 properties: [], location: scene.location, standsInFor: scene.standsInFor))
        }
        return changes
    }

    /// A storyboard scene's id after its storyboard's part (`Kitchen.Sink` → `Sink`); the id itself without one.
    static func afterStoryboard(_ id: String) -> Substring {
        id.firstIndex(of: ".").map { id[id.index(after: $0)...] } ?? Substring(id)
    }

    func compare(_ old: [(key: String, value: String?)], _ new: [(key: String, value: String?)]) -> [ModelDiff.PropertyChange] {
        var changes: [ModelDiff.PropertyChange] = []
        var oldValues: [String: String?] = [:]
        for entry in old { oldValues[entry.key] = entry.value }
        var seen: Set<String> = []
        for entry in new {
            seen.insert(entry.key)
            let before = oldValues[entry.key] ?? nil
            if before != entry.value { changes.append(.init(key: entry.key, old: before, new: entry.value)) }
        }
        for entry in old where !seen.contains(entry.key) && entry.value != nil {
            changes.append(.init(key: entry.key, old: entry.value, new: nil))
        }
        return changes
    }

    // MARK: Segues

    /// The compared keys of a segue; with `mapTargets`, a base destination is named as the head names it. An
    /// imported segue's label is its trigger, whose change is reported once, under `trigger`: the label counts
    /// unless it is the trigger (on both sides when compared with `other`, the segue's other side).
    func segueProperties(_ segue: Segue, in model: SceneModel, mapTargets: Bool, comparedWith other: Segue? = nil) -> [(key: String, value: String?)] {
        let destination = segue.destination.map { mapTargets ? mapped($0.value) : $0.value }
        let isTrigger = { (segue: Segue) in segue.label != nil && segue.label == segue.trigger }
        // A storyboard segue's identifier as written is its label too when it is no identifier (`Zoom Into
        // Artwork`): said once, as the identifier the code compares.
        let isIdentifier = { (segue: Segue) in segue.label != nil && segue.label == segue.storyboardIdentifier }
        let label = isTrigger(segue) && (other.map(isTrigger) ?? true) || isIdentifier(segue) ? nil : segue.label
        return [
            ("identifier", segue.storyboardIdentifier),
            ("kind", segue.kind.value.rawValue),
            // A code segue's call is compared; the line it is at moves with every edit of its file, so it is not.
            ("call", segue.call?.value.rawValue),
            ("to", destination),
            ("action", segue.action?.value),
            ("trigger", segue.trigger),
            ("label", label),
            ("modalPresentationStyle", segue.modalPresentationStyle?.value.rawValue),
            ("modalTransitionStyle", segue.modalTransitionStyle?.value.rawValue),
            ("anchor", segue.anchor),
            ("adaptivePresentationStyle", segue.adaptivePresentationStyle?.rawValue),
            ("guard", segue.guardCondition?.value),
            ("animated", segue.animated ? nil : "false"),
            ("class", segue.customClass),
            ("summary", segue.summary.map(ModelDiff.PropertyChange.oneLine)),
            ("passes", segue.passes),
        ]
    }

    /// What a reviewer asks of an added or removed segue besides its kind and target: its trigger and how it presents.
    /// A storyboard segue's identifier is shown when it is not its id already (`Show Library`, imported as
    /// `Show_Library`).
    static func shownFacts(_ properties: [(key: String, value: String?)], id: String) -> [(key: String, value: String)] {
        let shown = ["identifier", "trigger", "label", "modalPresentationStyle", "modalTransitionStyle", "anchor", "guard"]
        return properties.compactMap { property in
            property.value.flatMap { shown.contains(property.key) && !(property.key == "identifier" && $0 == id) ? (property.key, $0) : nil }
        }
    }

    /// What a segue leads to, in words; a base segue's destination under the head's name (`inBase`).
    func target(_ segue: Segue, inBase: Bool = false) -> String {
        if segue.kind.value == .code, segue.call?.value == .dismiss { return "dismiss" }
        if segue.kind.value.effective == .unwind { return "\(segue.action?.value ?? "?")(_:)" }
        return segue.destination.map { inBase ? mapped($0.value) : $0.value } ?? "?"
    }

    func segueChanges() -> [ModelDiff.SegueChange] {
        var changes: [ModelDiff.SegueChange] = []
        var removedByScene: [String: [Segue]] = [:]
        var removedOrder: [Segue] = []
        // Base segues keyed as the head would name them.
        var baseSegues: [String: Segue] = [:]
        for scene in base.scenes {
            for segue in scene.segues {
                let key = "\(mapped(scene.id)).\(segue.id)"
                if baseSegues[key] == nil { baseSegues[key] = segue }
            }
        }
        var matched: Set<String> = []
        var added: [Segue] = []
        let baseOrigins = Set(base.allSegues.compactMap { baseOrigin($0.origin) })
        let baseStructure = Structure(model: base), headStructure = Structure(model: head)
        // A segue of a scene nothing reaches never fires (`check` leaves it to `unreachable-scene`): no effect line.
        let baseReached = ModelValidator.reachableScenes(in: base, entryPoints: true)
        let headReached = ModelValidator.reachableScenes(in: head, entryPoints: true)
        /// What a show or showDetail segue does where its source can be, when that changed: a scene embedded in a
        /// navigation controller makes its show segues push where they presented.
        func effect(_ old: Segue, _ new: Segue) -> [ModelDiff.PropertyChange] {
            // A segue of another kind (or call) than before gets the line when both kinds have an effect in words, a
            // present included: `present → show` outside any container still presents, and says so.
            let sameKind = old.kind.value == new.kind.value && old.call?.value == new.call?.value
            guard baseReached.isEmpty || baseReached.contains(old.source), headReached.isEmpty || headReached.contains(new.source),
                  let before = Self.showEffect(old, base, baseStructure, present: !sameKind),
                  let after = Self.showEffect(new, head, headStructure, present: !sameKind),
                  before != after else { return [] }
            return [ModelDiff.PropertyChange(key: "effect", old: before, new: after)]
        }
        /// Where an unwind segue can return to, when that changed: the scenes implementing its action (a base scene
        /// under its head name). An action renamed in the scene it returns to leaves the segue reaching nothing,
        /// which its own row must say (its own keys did not change).
        func unwindReach(_ old: Segue, _ new: Segue) -> [ModelDiff.PropertyChange] {
            guard old.kind.value.effective == .unwind, new.kind.value.effective == .unwind else { return [] }
            let before = base.scenesImplementing(unwindAction: old.action?.value ?? "").map { mapped($0.id) }.sorted()
            let after = head.scenesImplementing(unwindAction: new.action?.value ?? "").map(\.id).sorted()
            guard before != after else { return [] }
            func text(_ ids: [String]) -> String { ids.isEmpty ? "nothing (no scene implements the action)" : ids.joined(separator: ", ") }
            return [ModelDiff.PropertyChange(key: "unwinds to", old: text(before), new: text(after))]
        }
        for segue in head.allSegues {
            let key = segue.qualifiedID
            guard let old = baseSegues[key], !matched.contains(key) else {
                added.append(segue)
                continue
            }
            // Two storyboard segues whose made-up ids traded places (their destinations swapped) are each paired
            // with its own `<segue>` object below, not with the other one that now has its id.
            if let origin = segue.origin, let oldOrigin = baseOrigin(old.origin), origin != oldOrigin, baseOrigins.contains(origin) {
                added.append(segue)
                continue
            }
            matched.insert(key)
            let properties = compare(segueProperties(old, in: base, mapTargets: true, comparedWith: segue),
                                     segueProperties(segue, in: head, mapTargets: false, comparedWith: old)) + effect(old, segue)
                + unwindReach(old, segue)
            if !properties.isEmpty {
                changes.append(.init(change: .changed, id: key, kind: segue.kind.value, target: target(segue),
                                     properties: properties, location: segue.location))
            }
        }
        // An imported segue under another id is the same `<segue>` object when its origin is: the id made up for a
        // segue the storyboard does not name changes with its kind, destination or trigger, and an identifier can
        // be edited. It is renamed, with what else changed.
        var baseByOrigin: [Scene.Origin: String] = [:]
        for scene in base.scenes {
            for segue in scene.segues {
                let key = "\(mapped(scene.id)).\(segue.id)"
                if let origin = baseOrigin(segue.origin), !matched.contains(key), baseByOrigin[origin] == nil { baseByOrigin[origin] = key }
            }
        }
        added = added.filter { segue in
            guard let origin = segue.origin, let key = baseByOrigin[origin], !matched.contains(key),
                  let old = baseSegues[key], mapped(old.source) == segue.source else { return true }
            matched.insert(key)
            let properties = compare(segueProperties(old, in: base, mapTargets: true, comparedWith: segue),
                                     segueProperties(segue, in: head, mapTargets: false, comparedWith: old)) + effect(old, segue)
                + unwindReach(old, segue)
            changes.append(.init(change: .renamed, id: segue.qualifiedID, oldID: old.qualifiedID, kind: segue.kind.value,
                                 target: target(segue), properties: properties, location: segue.location,
                                 madeUpName: old.storyboardIdentifier == nil && segue.storyboardIdentifier == nil))
            return false
        }
        for scene in base.scenes {
            for segue in scene.segues where !matched.contains("\(mapped(scene.id)).\(segue.id)") {
                removedByScene[mapped(scene.id), default: []].append(segue)
                removedOrder.append(segue)
            }
        }
        // A segue under another id with the same content and source is a rename, when it is the only removed one of
        // that content in its scene. Each removed segue's content is made once (thousands renamed in one scene).
        func signature(_ properties: [(key: String, value: String?)]) -> String {
            properties.map { "\($0.key)=\($0.value ?? "")" }.joined(separator: "\u{0}")
        }
        var removedOfContent: [String: [Segue]] = [:]
        for (scene, segues) in removedByScene {
            for old in segues { removedOfContent[scene + "\u{1}" + signature(segueProperties(old, in: base, mapTargets: true)), default: []].append(old) }
        }
        var renamedBase: Set<String> = []
        for segue in added {
            let content = segueProperties(segue, in: head, mapTargets: false)
            // Of two or more alike none is ever renamed, so a content's removed segues are one (and free) or several.
            let candidates = removedOfContent[segue.source + "\u{1}" + signature(content)] ?? []
            if candidates.count == 1, let old = candidates.first, !renamedBase.contains(old.qualifiedID) {
                renamedBase.insert(old.qualifiedID)
                changes.append(.init(change: .renamed, id: segue.qualifiedID, oldID: old.qualifiedID, kind: segue.kind.value,
                                     target: target(segue), properties: effect(old, segue), location: segue.location))
            } else {
                let facts = Self.shownFacts(content, id: segue.id).map { ModelDiff.PropertyChange(key: $0.key, old: nil, new: $0.value) }
                changes.append(.init(change: .added, id: segue.qualifiedID, kind: segue.kind.value, target: target(segue),
                                     properties: facts, location: segue.location))
            }
        }
        let headSegueIDs = Set(head.allSegues.map(\.qualifiedID))
        for segue in removedOrder where !renamedBase.contains(segue.qualifiedID) {
            // Under the head's name of its scene, which may have been renamed; `oldID` keeps the base's.
            let headID = "\(mapped(segue.source)).\(segue.id)"
            // A head segue may have its id (a storyboard segue named after its destination): then it is marked.
            let id = headSegueIDs.contains(headID) ? "\(headID) (before)" : headID
            // Which segue went, for a reader of the comment: its trigger and how it presented, as an added one gives.
            let facts = Self.shownFacts(segueProperties(segue, in: base, mapTargets: true), id: segue.id).map { ModelDiff.PropertyChange(key: $0.key, old: $0.value, new: nil) }
            changes.append(.init(change: .removed, id: id, oldID: id == segue.qualifiedID ? nil : segue.qualifiedID, kind: segue.kind.value,
                                 target: target(segue, inBase: true), properties: facts, location: segue.location))
        }
        // Head file order first (changed, renamed and added interleaved as written), then removed ones.
        let order = Dictionary(head.allSegues.enumerated().map { ($0.element.qualifiedID, $0.offset) }, uniquingKeysWith: { a, _ in a })
        return changes.enumerated().sorted { a, b in
            let x = order[a.element.id].map { (0, $0) } ?? (1, a.offset)
            let y = order[b.element.id].map { (0, $0) } ?? (1, b.offset)
            return x < y
        }.map(\.element)
    }

    /// What a show, showDetail or push segue (or code call) does from where its source can be (`NavigationLint`'s
    /// reading of the model): pushed, shown by a container, presented modally, or failing; nil for other kinds.
    static func showEffect(_ segue: Segue, _ model: SceneModel, _ structure: Structure, present: Bool = false) -> String? {
        let code = segue.kind.value == .code
        let kind = code ? segue.call?.value.segueKind : segue.kind.value
        switch kind {
        case .present? where present:
            if let misuse = structure.partialCurlMisuse(segue) {
                return "UIKit raises an exception (the partialCurl transition with the \(misuse.style.rawValue) style)"
            }
            return "presented modally"
        case .push?:
            // A push never presents: without a navigation controller a deprecated push segue makes UIKit raise (an
            // error of `check`), and `pushViewController` in code does nothing (a flow that tries it fails).
            if structure.insideNavigation.contains(segue.source) { return "pushed onto the navigation stack" }
            return code ? "does nothing (no navigation controller)" : "UIKit raises an exception (no navigation controller)"
        case .show?:
            if structure.insideNavigation.contains(segue.source) { return "pushed onto the navigation stack" }
            if structure.canShowInPlace.contains(segue.source) { return "shown by its container" }
            return "presented modally (no container shows it)"
        case .showDetail?:
            if structure.insideSplit.contains(segue.source) { return "shown as the split view's detail" }
            return "presented modally (no split view shows it)"
        default:
            return nil
        }
    }

    // MARK: Containment

    func containmentChanges() -> [ModelDiff.ContainmentChange] {
        var changes: [ModelDiff.ContainmentChange] = []
        // A child added to one container and removed from another moved: both rows say where from and to.
        var addedRow: [String: (index: Int, container: String)] = [:]
        var removedRow: [String: (index: Int, container: String, saysWhere: Bool)] = [:]
        for scene in head.scenes where scene.kind.isContainer {
            guard let oldID = headToBase[scene.id], let old = base.scene(oldID), old.kind == scene.kind else { continue }
            func add(_ description: String, _ before: [String], _ after: [String]) {
                changes.append(.init(container: scene.id, kind: scene.kind, description: description, old: before, new: after,
                                     location: scene.location))
            }
            switch scene.kind {
            case .navigation:
                let before = old.root.map { mapped($0.value) }, after = scene.root?.value
                if before != after {
                    add("root replaced: \(before ?? "(none)") → \(after ?? "(none)")", before.map { [$0] } ?? [], after.map { [$0] } ?? [])
                }
            case .split:
                let columns: [(String, Located<String>?, Located<String>?)] = [
                    ("primary", old.primary, scene.primary), ("supplementary", old.supplementary, scene.supplementary),
                    ("secondary", old.secondary, scene.secondary), ("compact", old.compact, scene.compact),
                ]
                let oldColumns = Dictionary(columns.compactMap { name, before, _ in before.map { (mapped($0.value), name) } },
                                            uniquingKeysWith: { a, _ in a })
                for (name, before, after) in columns {
                    let b = before.map { mapped($0.value) }, a = after?.value
                    guard b != a else { continue }
                    let text: String
                    if let b, let a, let wrapping = wrapping(old: b, new: a) {
                        text = "\(name) column: \(wrapping.text)"
                    } else if let a, let (from, moved) = oldColumns.sorted(by: { $0.key < $1.key })
                        .lazy.compactMap({ old, column in self.wrapping(old: old, new: a).map { (column, $0) } }).first {
                        // Another column's scene, wrapped (or unwrapped) on its way here.
                        text = "column moved: \(moved.scene) from \(from) to \(name), \(moved.how)"
                    } else if let a, let from = oldColumns[a] {
                        text = "column moved: \(a) from \(from) to \(name)"
                    } else {
                        text = "\(name) column replaced: \(b ?? "(none)") → \(a ?? "(none)")"
                    }
                    add(text, b.map { [$0] } ?? [], a.map { [$0] } ?? [])
                }
            case .tabBar, .page, .container:
                let noun = scene.kind == .tabBar ? "tab" : (scene.kind == .page ? "page" : "child")
                let before = old.containedScenes.map { mapped($0.value) }
                let after = scene.containedScenes.map(\.value)
                // A child put into a container (or taken out of one) is a change of that child, not a child removed
                // and another added: a tab embedded in a navigation controller is the same tab. A container may take
                // in several (two tabs put into one page view controller) or give back several.
                // Sets for membership, and wrapping tried only where a container is on one side: thousands of children
                // renamed at once are compared in linear time, not each against each.
                let beforeSet = Set(before), afterSet = Set(after)
                let gone = before.filter { !afterSet.contains($0) }, new = after.filter { !beforeSet.contains($0) }
                let newContainers = new.filter { head.scene($0)?.kind.isContainer == true }
                // In children order (never a dictionary's), so that the text is the same on every run.
                var embedded: [(wrapper: String, wrapped: [String])] = [], takenOut: [(container: String, given: [String])] = []
                for child in newContainers {
                    let wrapped = gone.filter { wrapping(old: $0, new: child)?.embedded == true }
                    if !wrapped.isEmpty { embedded.append((child, wrapped)) }
                }
                var wrapperOf: [String: String] = [:]
                for entry in embedded { for child in entry.wrapped where wrapperOf[child] == nil { wrapperOf[child] = entry.wrapper } }
                let wrappers = Set(embedded.map(\.wrapper))
                for container in gone where wrapperOf[container] == nil {
                    let isContainer = base.scene(baseID(ofHead: container) ?? container)?.kind.isContainer == true
                    let given = (isContainer ? new : newContainers).filter { child in !wrappers.contains(child) && wrapping(old: container, new: child) != nil }
                    if !given.isEmpty { takenOut.append((container, given)) }
                }
                let pairedOld = Set(embedded.flatMap(\.wrapped)).union(takenOut.map(\.container))
                let pairedNew = Set(embedded.map(\.wrapper)).union(takenOut.flatMap(\.given))
                var wrappedBy: [String: [String]] = [:], givenBy: [String: String] = [:]
                for entry in embedded where wrappedBy[entry.wrapper] == nil { wrappedBy[entry.wrapper] = entry.wrapped }
                for entry in takenOut { for child in entry.given where givenBy[child] == nil { givenBy[child] = entry.container } }
                for (offset, child) in after.enumerated() where !beforeSet.contains(child) {
                    if let wrapped = wrappedBy[child], let wrapper = head.scene(child) {
                        add("\(noun) \(offset + 1): \(wrapped.joined(separator: ", ")) embedded in \(Self.containerNoun(wrapper.kind)) \(child)", before, after)
                    } else if let container = givenBy[child], let wrapping = wrapping(old: container, new: child) {
                        add("\(noun) \(offset + 1): \(wrapping.text)", before, after)
                    } else if !pairedNew.contains(child) {
                        add("\(noun) added: \(child) (\(noun) \(offset + 1))", before, after)
                        if addedRow[child] == nil { addedRow[child] = (changes.count - 1, scene.id) }
                    }
                }
                // A child gone from here that another child now holds (a tab put into a page view controller that was
                // already a tab) says where it went.
                var holderOf: [String: String] = [:]
                for child in after {
                    guard let holder = head.scene(child), holder.kind.isContainer else { continue }
                    for held in Self.descendants(of: holder, in: head) where holderOf[held] == nil { holderOf[held] = child }
                }
                func nowIn(_ child: String) -> String? {
                    guard let holder = holderOf[child], let kind = head.scene(holder)?.kind else { return nil }
                    return "\(Self.containerNoun(kind)) \(holder)"
                }
                for child in gone where !pairedOld.contains(child) {
                    let holder = nowIn(child)
                    add("\(noun) removed: \(child)" + (holder.map { " (now in \($0))" } ?? ""), before, after)
                    if removedRow[child] == nil { removedRow[child] = (changes.count - 1, scene.id, holder != nil) }
                }
                // Orders compared with each paired child under its new name: a wrapped tab that also moved, or a
                // tab that moved past it, is a reorder too.
                var renamedBefore: [String] = [], inRenamedBefore: Set<String> = []
                var givenFrom: [String: [String]] = [:]
                for entry in takenOut where givenFrom[entry.container] == nil { givenFrom[entry.container] = entry.given }
                for child in before {
                    if let wrapper = wrapperOf[child] {
                        if inRenamedBefore.insert(wrapper).inserted { renamedBefore.append(wrapper) }
                    } else if let given = givenFrom[child] {
                        for name in given where inRenamedBefore.insert(name).inserted { renamedBefore.append(name) }
                    } else {
                        renamedBefore.append(child)
                        inRenamedBefore.insert(child)
                    }
                }
                let kept = after.filter { inRenamedBefore.contains($0) }
                if kept != renamedBefore.filter({ afterSet.contains($0) }) {
                    add("\(noun)s reordered: [\(before.joined(separator: ", "))] → [\(after.joined(separator: ", "))]", before, after)
                }
                if scene.kind == .tabBar {
                    // The selected tab wrapped in a container is still the selected tab.
                    let selected = old.selectedTab.map(mapped)
                    let b = selected.map { wrapperOf[$0] ?? $0 }, a = scene.selectedTab
                    let givenBack = selected.flatMap { old in takenOut.first { $0.container == old }?.given } ?? []
                    if b != a, !givenBack.contains(a ?? "") {
                        // The old selected tab inside the new one: the same screen may still come first.
                        let holds = selected.flatMap { old in a.flatMap { head.scene($0) }.map { Self.descendants(of: $0, in: head).contains(old) } } ?? false
                        add("selected tab: \(selected ?? "(none)") → \(a ?? "(none)")" + (holds ? " (which holds \(selected ?? ""))" : ""),
                            selected.map { [$0] } ?? [], a.map { [$0] } ?? [])
                    }
                }
            case .content, .table, .collection:
                break
            }
        }
        for (child, added) in addedRow.sorted(by: { $0.key < $1.key }) {
            guard let removed = removedRow[child], removed.container != added.container else { continue }
            changes[added.index].description += ", moved from \(removed.container)"
            // A row that says where the child is now ("now in page view controller intro") says it already.
            if !removed.saysWhere { changes[removed.index].description += " (moved to \(added.container))" }
        }
        return changes
    }

    /// A scene put into a container, or taken out of one.
    struct Wrapping {
        /// The scene put in (a base scene, under its head name) or taken out (a head scene).
        var scene: String
        var container: String
        var kind: SceneKind
        var embedded: Bool

        /// `embedded in navigation controller settingsNav`, `taken out of navigation controller settingsNav`.
        var how: String { "\(embedded ? "embedded in" : "taken out of") \(ModelDiffer.containerNoun(kind)) \(container)" }
        var text: String { "\(scene) \(how)" }
    }

    /// How `new` (a head scene) holds what `old` (a base scene, under its head name) was, or the other way round,
    /// when one is a container whose children, at any depth, include the other.
    func wrapping(old: String, new: String) -> Wrapping? {
        if let wrapper = head.scene(new), wrapper.kind.isContainer, Self.descendants(of: wrapper, in: head).contains(old) {
            return Wrapping(scene: old, container: new, kind: wrapper.kind, embedded: true)
        }
        if let wrapper = base.scene(baseID(ofHead: old) ?? old), wrapper.kind.isContainer,
           Self.descendants(of: wrapper, in: base).map(mapped).contains(new) {
            return Wrapping(scene: new, container: old, kind: wrapper.kind, embedded: false)
        }
        return nil
    }

    /// The scenes a container holds, at any depth (a navigation controller inside a split inside a tab).
    static func descendants(of scene: Scene, in model: SceneModel) -> [String] {
        var found: [String] = []
        var queue = scene.containedScenes.map(\.value)
        while let next = queue.first {
            queue.removeFirst()
            guard next != scene.id, !found.contains(next) else { continue }
            found.append(next)
            if let child = model.scene(next), child.kind.isContainer { queue += child.containedScenes.map(\.value) }
        }
        return found
    }

    static func containerNoun(_ kind: SceneKind) -> String {
        switch kind {
        case .navigation: "navigation controller"
        case .tabBar: "tab bar controller"
        case .split: "split view controller"
        case .page: "page view controller"
        case .container, .content, .table, .collection: "container view controller"
        }
    }

    // MARK: Flows

    func flowChanges() -> (changes: [ModelDiff.FlowChange], unchanged: Int) {
        var changes: [ModelDiff.FlowChange] = []
        var unchanged = 0
        let baseSimulator = Simulator(model: base)
        let headSimulator = Simulator(model: head)
        // A flow only one side has by its name is renamed when the other side has one only it has with the same
        // steps, conditions and `environment:` as written (its summary may differ): the first such, in file order.
        // Found through tables of what `flowDefinitionChanges` compares (thousands of flows renamed at once).
        // By id (`SceneModel.flow` walks the list): the first flow of an id, as it finds it.
        var baseFlows: [String: Flow] = [:], headFlows: [String: Flow] = [:]
        for flow in base.flows where baseFlows[flow.id] == nil { baseFlows[flow.id] = flow }
        for flow in head.flows where headFlows[flow.id] == nil { headFlows[flow.id] = flow }
        let removed = base.flows.filter { headFlows[$0.id] == nil }
        var renamedFrom: [String: Flow] = [:]
        var taken: Set<String> = []
        var removedOfKey: [String: [Int]] = [:]
        for (index, flow) in removed.enumerated() {
            let raw = definitionKey(flow, in: base, steps: flow.steps.map(Self.stepText))
            let renamed = definitionKey(flow, in: base, steps: flow.steps.map { renaming.action(Self.stepText($0)) })
            removedOfKey[raw, default: []].append(index)
            if renamed != raw { removedOfKey[renamed, default: []].append(index) }
        }
        var cursor: [String: Int] = [:]
        for flow in head.flows where baseFlows[flow.id] == nil {
            let key = definitionKey(flow, in: head, steps: flow.steps.map(Self.stepText))
            guard let indices = removedOfKey[key] else { continue }
            var next = cursor[key, default: 0]
            while next < indices.count, taken.contains(removed[indices[next]].id) { next += 1 }
            cursor[key] = next
            guard next < indices.count else { continue }
            let old = removed[indices[next]]
            renamedFrom[flow.id] = old
            taken.insert(old.id)
        }
        for flow in head.flows {
            guard let old = baseFlows[flow.id] ?? renamedFrom[flow.id] else {
                let run = headSimulator.run(flow)
                let failure = run.failures.first.map { "step \($0.step): \($0.failure.message)" }
                let problem = run.result == .passed ? nil
                    : failure ?? run.errorStep.map { "step \($0.index): \($0.error?.message ?? "")" }
                changes.append(.init(change: .added, id: flow.id, baseResult: nil, headResult: run.result, definition: [],
                                     trace: nil, location: flow.location, problem: problem))
                continue
            }
            // A scene or segue renamed since is the same one: the base's trace is read under the head's names.
            let before = renaming.trace(baseSimulator.run(old))
            let after = headSimulator.run(flow)
            let definition = flowDefinitionChanges(old, flow)
            let trace = TraceDiff(base: before, head: after).map { $0.namingExpectations(base: old, head: flow, renaming: renaming.action) }
            if old.id != flow.id {
                changes.append(.init(change: .renamed, id: flow.id, oldID: old.id, baseResult: before.result, headResult: after.result,
                                     definition: definition, trace: trace, location: flow.location))
            } else if trace != nil || !definition.isEmpty {
                changes.append(.init(change: .changed, id: flow.id, baseResult: before.result, headResult: after.result,
                                     definition: definition, trace: trace, location: flow.location))
            } else {
                unchanged += 1
            }
        }
        for flow in removed where !taken.contains(flow.id) {
            let result = baseSimulator.run(flow).result
            changes.append(.init(change: .removed, id: flow.id, baseResult: result, headResult: nil, definition: [],
                                 trace: nil, location: flow.location))
        }
        return (changes, unchanged)
    }

    /// What a flow is besides its name and summary, as `flowDefinitionChanges` compares it: its `environment:` as
    /// written, its conditions and its steps (`steps`: as written, or under the head's names).
    func definitionKey(_ flow: Flow, in model: SceneModel, steps: [String]) -> String {
        let environment = Self.writtenEnvironment(flow)
        let conditions = flow.conditions.map { "\($0.name)=\($0.value)" }.sorted()
        return ([environment] + conditions + ["\u{1}"] + steps).joined(separator: "\u{0}")
    }

    /// The values a flow's `environment:` sets, without their places.
    static func writtenEnvironment(_ flow: Flow) -> String {
        guard let change = flow.environment else { return "" }
        return [change.idiom.map { "idiom=\($0.value)" }, change.width.map { "width=\($0.value)" },
                change.height.map { "height=\($0.value)" }, change.ios.map { "ios=\($0.value)" }]
            .compactMap { $0 }.joined(separator: ",")
    }

    static func stepText(_ step: Step) -> String {
        if case .expect(let expectation) = step.action { return "expect: " + expectation.summary + " " + expectation.events.map(\.value).joined() + expectation.noEvents.map(\.value).joined() + expectation.warnings.map(\.value).joined() }
        return step.action.text
    }

    func flowDefinitionChanges(_ old: Flow, _ new: Flow) -> [String] {
        var keys: [String] = []
        if old.summary.map(ModelDiff.PropertyChange.oneLine) != new.summary.map(ModelDiff.PropertyChange.oneLine) { keys.append("summary") }
        // The flow's own environment as written: one the model's changed environment gives it is said once, in the
        // model's row (a flow that behaves otherwise in it shows that in its trace), not as an edit of every flow.
        if Self.writtenEnvironment(old) != Self.writtenEnvironment(new) {
            keys.append("environment")
        }
        if old.conditions.map({ "\($0.name)=\($0.value)" }).sorted() != new.conditions.map({ "\($0.name)=\($0.value)" }).sorted() { keys.append("conditions") }
        // Positions move with every edit above a flow: compare the steps as written, expectations by what they check.
        let text = Self.stepText
        // Edited when the steps differ both as written and under the head's names: a flow left as it was is not
        // edited though a name it uses now means another scene (storyboard names that shifted), and a flow whose
        // names were updated with a rename is not edited either.
        let written = new.steps.map(text)
        if old.steps.map(text) != written, old.steps.map({ renaming.action(text($0)) }) != written { keys.append("steps") }
        return keys
    }
}

extension TraceDiff {
    /// The `expect` steps of a trace difference say what they check (`expect: visible recipe`): a trace writes every
    /// one as `expect`, so a reviewer could not tell which of two failed. The base's, like the rest of its side, under
    /// the head's names (`renaming`).
    func namingExpectations(base: Flow, head: Flow, renaming: (String) -> String) -> TraceDiff {
        var diff = self
        func named(_ side: TraceDiff.StepSide?, in flow: Flow, _ rename: (String) -> String) -> TraceDiff.StepSide? {
            guard var side, side.action == "expect", side.index >= 1, side.index <= flow.steps.count,
                  case .expect(let expectation) = flow.steps[side.index - 1].action else { return side }
            side.action = rename("expect: " + expectation.summary)
            return side
        }
        for index in diff.steps.indices {
            diff.steps[index].base = named(diff.steps[index].base, in: base, renaming)
            diff.steps[index].head = named(diff.steps[index].head, in: head, { $0 })
        }
        return diff
    }
}
