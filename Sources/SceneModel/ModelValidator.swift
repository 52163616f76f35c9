/// Cross-reference and structural checks of a decoded model: references, containment, flows, reachability.
public struct ModelValidator {
    private let model: SceneModel
    private var diagnostics: [Diagnostic] = []
    /// Names a "did you mean" may still compare, over the whole model: each compares a name with every scene (or
    /// action), so 8,000 references to missing scenes took 97 s. Past it, the errors come without a suggestion.
    private var suggestionBudget = 1_000_000

    /// `suggest()` when the budget allows comparing `cost` more names, else "".
    private mutating func suggestion(cost: Int, _ suggest: () -> String) -> String {
        guard suggestionBudget >= cost else { return "" }
        suggestionBudget -= cost
        return suggest()
    }
    private let sceneIDs: [String]
    private let aliases: SceneAliases

    public static func validate(_ model: SceneModel) -> [Diagnostic] {
        var validator = ModelValidator(model: model)
        validator.run()
        // Once each: steps or segues an alias repeats would say the same thing at the same place once per copy.
        var seen: Set<Diagnostic> = []
        return validator.diagnostics.filter { seen.insert($0).inserted }
    }

    private init(model: SceneModel) {
        self.model = model
        self.sceneIDs = model.sceneIDs
        self.aliases = SceneAliases(sceneIDs: model.sceneIDs)
    }

    private mutating func error(_ message: String, at location: SourceLocation, _ category: DiagnosticCategory, subject: String? = nil) {
        diagnostics.append(.error(message, at: location, category: category, subject: subject))
    }

    private mutating func warning(_ message: String, at location: SourceLocation, _ category: DiagnosticCategory, subject: String? = nil) {
        diagnostics.append(.warning(message, at: location, category: category, subject: subject))
    }

    private var modelStart: SourceLocation { SourceLocation(file: model.path, line: 1, column: 1) }

    private mutating func run() {
        checkIdentifierLengths()
        checkInitial()
        checkContainers()
        checkParents()
        checkSegues()
        checkFlows()
        checkReachability()
    }

    /// Scene and flow identifiers name files of the docs, which file systems limit.
    private mutating func checkIdentifierLengths() {
        func check(_ id: String, _ what: String, at location: SourceLocation) {
            let length = id.count
            guard length > Identifier.maximumLength else { return }
            diagnostics.append(.error("\(what) '\(id.prefix(40))…' is \(length) characters long; scene and flow identifiers name files of the docs and have at most \(Identifier.maximumLength)",
                                      at: location, category: .limit))
        }
        for scene in model.scenes { check(scene.id, "scene id", at: scene.location) }
        for flow in model.flows { check(flow.id, "flow id", at: flow.location) }
        // Two identifiers that differ only in case name one file on macOS's and Windows's file systems, which do not
        // tell `scenes/a.md` from `scenes/A.md`: one page would silently replace the other.
        func checkCase(_ items: [(id: String, location: SourceLocation)], _ what: String) {
            var first: [String: (id: String, location: SourceLocation)] = [:]
            for item in items {
                let folded = item.id.lowercased()
                guard let earlier = first[folded] else {
                    first[folded] = item
                    continue
                }
                guard earlier.id != item.id else { continue }
                let line = earlier.location.line > 0 && earlier.location.file == item.location.file ? " (line \(earlier.location.line))" : ""
                error("\(what) '\(item.id)' differs from \(what) '\(earlier.id)'\(line) only in case: their pages and diagrams would be one file on a file system that ignores case (macOS's, Windows's); rename one",
                      at: item.location, .modelFormat)
            }
        }
        checkCase(model.scenes.map { ($0.id, $0.location) }, "scene id")
        checkCase(model.flows.map { ($0.id, $0.location) }, "flow id")
    }

    // MARK: - References

    /// Reports an unknown scene; returns the scene when it exists.
    @discardableResult
    private mutating func resolve(_ ref: Located<String>, _ role: String) -> Scene? {
        if let scene = model.scene(ref.value) { return scene }
        // A value that is no identifier was reported where it was read (the decoder keeps an empty placeholder
        // so that the key does not also count as missing).
        guard !ref.value.isEmpty else { return nil }
        let candidates = aliases.candidates(for: ref.value)
        if candidates.count > 1 {
            error("scene '\(ref.value)' \(role) is ambiguous: it is the bare name of \(candidates.map { "'\($0)'" }.joined(separator: ", ")); write the one you mean",
                  at: ref.location, .unknownReference)
            return nil
        }
        let scenes = model.scenes
        let hint = suggestion(cost: scenes.count * 4) { Identifier.didYouMeanScene(ref.value, among: scenes) }
        error("unknown scene '\(ref.value)' \(role)\(hint)", at: ref.location, .unknownReference)
        return nil
    }

    private mutating func checkInitial() {
        guard let initial = model.initial else {
            if model.storyboards.isEmpty {
                error("missing required key 'initial' (the scene installed as the window's root)", at: modelStart, .modelFormat)
            } else {
                error("no initial scene: no imported storyboard has an initial view controller; add 'initial: <scene>'", at: modelStart, .noInitialScene)
            }
            return
        }
        // A value that is no identifier was reported where it was read.
        guard Identifier.isValidScene(initial.value) else { return }
        resolve(initial, "as initial scene")
    }

    private mutating func checkContainers() {
        for scene in model.scenes {
            let what = "\(scene.kind.rawValue) scene '\(scene.id)'"
            switch scene.kind {
            case .navigation:
                if scene.root == nil { error("\(what) needs a 'root' scene", at: scene.location, .containment) }
            case .tabBar:
                if scene.tabs.isEmpty { error("\(what) needs 'tabs' (a list of scenes)", at: scene.location, .containment) }
                if let selected = scene.selected, !scene.tabs.contains(where: { $0.value == selected.value }) {
                    error("selected tab '\(selected.value)' is not one of the tabs of '\(scene.id)'\(Identifier.didYouMean(selected.value, among: scene.tabs.map(\.value)))",
                          at: selected.location, .unknownReference)
                }
            case .split:
                if scene.primary == nil { error("\(what) needs a 'primary' scene", at: scene.location, .containment) }
                if scene.secondary == nil { error("\(what) needs a 'secondary' scene", at: scene.location, .containment) }
                if let supplementary = scene.supplementary, scene.splitStyle != .tripleColumn {
                    warning("'supplementary' is shown only with 'style: tripleColumn'; '\(scene.id)' is \(scene.splitStyle.rawValue)",
                            at: supplementary.location, .ineffectiveSetting)
                }
                if let compact = scene.compact, scene.splitStyle == .classic {
                    warning("'compact' is shown only with a column style ('style: doubleColumn' or 'tripleColumn'); '\(scene.id)' is classic, so it collapses instead",
                            at: compact.location, .ineffectiveSetting)
                }
            case .page:
                if scene.pages.isEmpty { error("\(what) needs 'pages' (a list of scenes)", at: scene.location, .containment) }
            case .container, .content, .table, .collection:
                break
            }
            for child in scene.containedScenes {
                guard let target = resolve(child, "in '\(scene.id)'") else { continue }
                if scene.kind == .navigation, target.kind == .navigation {
                    error("navigation scene '\(scene.id)' cannot have navigation scene '\(target.id)' as its root (UIKit: pushing a navigation controller is not supported)",
                          at: child.location, .containment)
                }
            }
            var seenChildren: Set<String> = []
            for child in scene.containedScenes where !seenChildren.insert(child.value).inserted {
                error("scene '\(child.value)' is listed twice in '\(scene.id)'", at: child.location, .containment)
            }
        }
    }

    /// Each scene has at most one parent (container or embedding scene), and containment has no cycles.
    private mutating func checkParents() {
        var parent: [String: (id: String, relation: String, location: SourceLocation)] = [:]
        func relation(_ scene: Scene) -> String {
            switch scene.kind {
            case .navigation: "root"
            case .tabBar: "tab"
            case .split: "column"
            case .page: "page"
            default: "child"
            }
        }
        var links: [(child: Located<String>, parent: String, relation: String)] = []
        for scene in model.scenes {
            var seen: Set<String> = []
            for child in scene.containedScenes where seen.insert(child.value).inserted {
                links.append((child, scene.id, relation(scene)))
            }
            for segue in scene.segues where segue.kind.value == .embed {
                if let destination = segue.destination { links.append((destination, scene.id, "embedded by segue '\(segue.id)'")) }
            }
        }
        for link in links where model.scene(link.child.value) != nil {
            if link.child.value == link.parent {
                error("scene '\(link.parent)' contains itself", at: link.child.location, .containment)
                continue
            }
            if let existing = parent[link.child.value] {
                error("scene '\(link.child.value)' has two parents: '\(existing.id)' (\(existing.relation), line \(existing.location.line)) and '\(link.parent)' (\(link.relation)); a view controller has at most one parent",
                      at: link.child.location, .containment)
                continue
            }
            parent[link.child.value] = (link.parent, link.relation, link.child.location)
        }
        var reported: Set<String> = []
        // Walks up from each scene; a scene already known to lead to a root (no cycle) ends the
        // walk early, so a deep chain costs linear time, not quadratic.
        var leadsToRoot: Set<String> = []
        for scene in model.scenes {
            var path = [scene.id]
            var onPath: Set<String> = [scene.id]
            var current = scene.id
            var cyclic = false
            while let up = parent[current]?.id, !leadsToRoot.contains(up) {
                if up == scene.id {
                    cyclic = true
                    let members = Set(path)
                    if reported.isDisjoint(with: members) {
                        reported.formUnion(members)
                        error("containment cycle: \((path + [scene.id]).joined(separator: " → "))", at: scene.location, .containment)
                    }
                    break
                }
                if !onPath.insert(up).inserted {
                    cyclic = true
                    break
                }
                path.append(up)
                current = up
            }
            if !cyclic { leadsToRoot.formUnion(path) }
        }
        checkContainmentDepth(links.filter { model.scene($0.child.value) != nil && $0.child.value != $0.parent })
        if let initial = model.initial, let owner = parent[initial.value] {
            warning("initial scene '\(initial.value)' is also a child of '\(owner.id)'; at launch it is installed as the window's root",
                    at: initial.location, .initialInContainer)
        }
    }

    /// Containment no deeper than `SceneModel.maximumContainmentDepth` links. Computed without
    /// recursion (a hostile model may nest thousands deep); scenes on a cycle are left to the
    /// cycle check. Reported once per chain, at the link that goes one level too deep.
    private mutating func checkContainmentDepth(_ links: [(child: Located<String>, parent: String, relation: String)]) {
        let limit = SceneModel.maximumContainmentDepth
        var children: [String: [Located<String>]] = [:]
        var parentCount: [String: Int] = [:]
        for link in links {
            children[link.parent, default: []].append(link.child)
            parentCount[link.child.value, default: 0] += 1
        }
        // Height of each scene (links below it), leaves first: Kahn's order on the reversed graph.
        var pendingChildren: [String: Int] = [:]
        var parents: [String: [String]] = [:]
        for link in links {
            pendingChildren[link.parent, default: 0] += 1
            parents[link.child.value, default: []].append(link.parent)
        }
        var height: [String: Int] = [:]
        var ready = model.scenes.map(\.id).filter { (pendingChildren[$0] ?? 0) == 0 }
        var next = 0
        while next < ready.count {
            let id = ready[next]
            next += 1
            let own = (children[id] ?? []).compactMap { height[$0.value] }.max().map { $0 + 1 } ?? 0
            height[id] = own
            for parent in parents[id] ?? [] {
                pendingChildren[parent, default: 0] -= 1
                if pendingChildren[parent] == 0 { ready.append(parent) }
            }
        }
        // From each top scene too deep, follow the deepest child down to the link past the limit.
        for scene in model.scenes where (parentCount[scene.id] ?? 0) == 0 {
            guard let top = height[scene.id], top > limit else { continue }
            var path = [scene.id]
            var current = scene.id
            var depth = 0
            while let deepest = (children[current] ?? []).max(by: { (height[$0.value] ?? -1) < (height[$1.value] ?? -1) }) {
                depth += 1
                path.append(deepest.value)
                if depth > limit {
                    let shown = path.count > 6 ? path.prefix(3).joined(separator: " → ") + " → … → " + path.suffix(2).joined(separator: " → ") : path.joined(separator: " → ")
                    error("containment nests \(top) levels deep, more than the limit of \(limit): '\(deepest.value)' is at level \(depth) (\(shown))",
                          at: deepest.location, .limit)
                    break
                }
                current = deepest.value
            }
        }
    }

    // MARK: - Segues

    private mutating func checkSegues() {
        let actions = Set(model.scenes.flatMap { $0.unwindActions.map(\.value) })
        let declared = Set(model.conditions.map(\.name))
        for segue in model.allSegues {
            let what = "segue '\(segue.qualifiedID)'"
            let kind = segue.kind.value
            if kind.isDeprecated {
                let requirement = kind == .push ? " and requires a navigation controller" : ""
                warning("'\(kind.rawValue)' segues are deprecated; \(what) behaves as '\(kind.effective.rawValue)'\(requirement)",
                        at: segue.kind.location, .deprecatedSegue, subject: "'\(segue.qualifiedID)' (\(kind.rawValue))")
            }
            if let destination = segue.destination {
                resolve(destination, "as destination of \(what)")
            }
            if kind == .unwind, let action = segue.action, !actions.contains(action.value) {
                let hint = suggestion(cost: actions.count) { Identifier.didYouMean(action.value, among: actions.sorted()) }
                warning("unwind action '\(action.value)' of \(what) is implemented by no scene (add it to some scene's 'unwindActions')\(hint)",
                        at: action.location, .unwindUnimplemented, subject: "'\(segue.qualifiedID)' (\(action.value))")
            }
            if kind == .popover, segue.anchor == nil {
                warning("popover \(what) has no 'anchor'; UIKit raises an exception when it fires", at: segue.location, .popoverWithoutAnchor,
                        subject: "'\(segue.qualifiedID)'")
            }
            if let condition = segue.guardCondition, !declared.contains(condition.value) {
                warning("guard condition '\(condition.value)' of \(what) is not declared in 'conditions'; it defaults to true\(Identifier.didYouMean(condition.value, among: declared.sorted()))",
                        at: condition.location, .undeclaredCondition, subject: "'\(condition.value)'")
            }
            if kind == .embed, segue.trigger != nil {
                warning("embed \(what) fires when its source's view loads; its 'trigger' is ignored", at: segue.location, .ineffectiveSetting)
            }
        }
    }

    // MARK: - Flows

    private mutating func checkFlows() {
        let declared = Set(model.conditions.map(\.name))
        for flow in model.flows {
            for condition in flow.conditions where !declared.contains(condition.name) {
                warning("condition '\(condition.name)' of flow '\(flow.id)' is not declared in the model's 'conditions'",
                        at: condition.location, .undeclaredCondition, subject: "'\(condition.value)'")
            }
            if flow.steps.isEmpty {
                warning("flow '\(flow.id)' has no steps: it passes whatever the app does", at: flow.location, .emptyCheck, subject: "'\(flow.id)'")
            }
            for step in flow.steps { checkStep(step, declared: declared) }
        }
        checkColumnStylesBeforeIOS14()
    }

    /// Split column styles begin with iOS 14: a model whose environment is an earlier iOS runs its column-style
    /// splits as classic ones (no supplementary or compact column; they collapse as classic splits do), which is
    /// said where that iOS is set. A flow set to an earlier iOS is a deliberate test of an older system, and
    /// is simulated so without a word (docs/semantics.md).
    private mutating func checkColumnStylesBeforeIOS14() {
        let columned = model.scenes.filter { $0.kind == .split && $0.splitStyle != .classic }.map(\.id)
        guard !columned.isEmpty, model.environment.ios < SplitStyle.firstColumnStyleIOS else { return }
        let splits = columned.map { "'\($0)'" }.joined(separator: ", ")
        warning("split column styles begin with iOS 14: on iOS \(model.environment.ios), \(splits) \(columned.count == 1 ? "is a classic split" : "are classic splits") (no supplementary or compact column, and it collapses and expands as a classic split does)",
                at: model.environmentLocation ?? modelStart, .ineffectiveSetting, subject: "iOS \(model.environment.ios)")
    }

    private mutating func requireKind(_ ref: Located<String>, _ kind: SceneKind, _ role: String) {
        guard let scene = resolve(ref, role) else { return }
        if scene.kind != kind {
            error("scene '\(ref.value)' \(role) must be a \(kind.rawValue) scene; it is \(scene.kind.rawValue)", at: ref.location, .unknownReference)
        }
    }

    private mutating func checkSegueReference(_ ref: SegueReference) {
        guard let scene = resolve(Located(ref.scene, at: ref.location), "in segue reference '\(ref)'") else { return }
        if scene.segue(ref.segue) == nil {
            let names = scene.segues.map(\.id)
            let known = names.isEmpty ? "it has no segues" : "its segues: \(names.joined(separator: ", "))"
            error("scene '\(scene.id)' has no segue '\(ref.segue)'\(Identifier.didYouMean(ref.segue, among: names)); \(known)",
                  at: ref.segueLocation ?? ref.location, .unknownReference)
        }
    }

    private mutating func checkInstance(_ ref: Located<String>, _ role: String) {
        let sceneID = Identifier.scene(ofInstance: ref.value)
        resolve(Located(sceneID, at: ref.location), role)
    }

    private mutating func checkStep(_ step: Step, declared: Set<String>) {
        switch step.action {
        case .tap(let ref), .perform(let ref):
            checkSegueReference(ref)
        case .show(let scene, let from), .showDetail(let scene, let from):
            resolve(scene, "in '\(step.action.keyword)' step")
            if let from { resolve(from, "in 'from'") }
        case .present(let scene, let from, _, _):
            resolve(scene, "in 'present' step")
            if let from { resolve(from, "in 'from'") }
        case .push(let scene, let onto):
            if let target = resolve(scene, "in 'push' step"), target.kind == .navigation {
                warning("pushing navigation scene '\(target.id)' onto a navigation controller raises an exception in UIKit", at: scene.location, .pushNavigationController)
            }
            if let onto { requireKind(onto, .navigation, "in 'onto'") }
        case .dismiss(let scene):
            resolve(scene, "in 'dismiss' step")
        case .popToRoot(let scene):
            requireKind(scene, .navigation, "in 'popToRoot' step")
        case .selectTab(let scene):
            if resolve(scene, "in 'selectTab' step") != nil,
               !model.scenes.contains(where: { $0.kind == .tabBar && $0.tabs.contains { $0.value == scene.value } }) {
                // A scene inside a tab (the root of its navigation controller) is the common slip: name that tab.
                let scenes = model.scenes
                let isTab = { (id: String) in scenes.contains { $0.kind == .tabBar && $0.tabs.contains { $0.value == id } } }
                var hint = ""
                var current = scene.value
                var seen: Set<String> = [current]
                let containers = model
                while let parent = containers.container(of: current), seen.insert(parent.id).inserted {
                    if isTab(parent.id) {
                        hint = " (did you mean '\(parent.id)', the tab it is in?)"
                        break
                    }
                    current = parent.id
                }
                error("scene '\(scene.value)' is not a tab of any tab bar scene\(hint)", at: scene.location, .unknownReference)
            }
        case .set(let conditions):
            for condition in conditions where !declared.contains(condition.name) {
                warning("condition '\(condition.name)' is not declared in the model's 'conditions'", at: condition.location, .undeclaredCondition)
            }
        case .expect(let expectation):
            if expectation.checksNothing {
                warning("this 'expect' checks nothing (no key, or only empty lists): it holds whatever happens", at: step.location, .emptyCheck)
            }
            checkExpectation(expectation)
        case .back, .swipePage, .swipeDown, .environment, .note:
            break
        }
    }

    private mutating func checkExpectation(_ expectation: Expectation) {
        if let visible = expectation.visible { checkInstance(visible, "in 'visible'") }
        for entry in expectation.chain ?? [] { checkInstance(entry, "in 'chain'") }
        for stack in expectation.stacks {
            checkSubject(stack.subject, of: .navigation, key: "stacks")
            for entry in stack.value { checkInstance(entry, "in a stack") }
        }
        for entry in expectation.selected {
            checkSubject(entry.subject, of: .tabBar, key: "selected")
            checkInstance(entry.value, "in 'selected'")
        }
        for entry in expectation.collapsed { checkSubject(entry.subject, of: .split, key: "collapsed") }
        for entry in expectation.styles { checkInstance(entry.subject, "in 'styles'") }
        for event in expectation.events + expectation.noEvents {
            let parts = event.value.split(separator: ":", maxSplits: 1)
            if parts.count != 2 || parts[0].contains(" ") {
                error("event '\(event.value)' must read '<instance>: <call>', e.g. 'photo: viewDidLoad()'", at: event.location, .modelFormat)
                continue
            }
            // On bytes: walking a string of characters backwards costs, for each one, the whole run of flags
            // before it (regional indicators pair up from the run's start), so 7,000 flags took seconds.
            func trimmed(_ text: Substring) -> String {
                let bytes = text.utf8
                guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return "" }
                return String(text[first..<bytes.index(after: last)])
            }
            checkEvent(receiver: trimmed(parts[0]), call: trimmed(parts[1]), at: event.location)
        }
    }

    /// The subject of `stacks`, `selected` or `collapsed`: an instance of a scene of the one kind the key is about
    /// (another kind could never match, and the flow would fail with a message about the state, not the model).
    private mutating func checkSubject(_ subject: Located<String>, of kind: SceneKind, key: String) {
        checkInstance(subject, "in '\(key)'")
        if let scene = model.scene(Identifier.scene(ofInstance: subject.value)), scene.kind != kind {
            error("'\(key)' names \(kind.rawValue) scenes; '\(scene.id)' is \(scene.kind.rawValue)", at: subject.location, .modelFormat)
        }
    }

    /// An event names an instance (or `scene.segue` for a segue's `perform()`) and one of the calls events are made
    /// of: a misspelt one would never match, so `noEvents` would pass whatever happens.
    private mutating func checkEvent(receiver: String, call: String, at location: SourceLocation) {
        if let dot = receiver.utf8.lastIndex(of: UInt8(ascii: ".")), call == "perform()",
           model.scene(String(receiver[..<dot]))?.segues.contains(where: { $0.id == String(receiver[receiver.utf8.index(after: dot)...]) }) == true {
            // A segue's perform(): its receiver is the segue.
        } else if let hash = receiver.firstIndex(of: "#"),
                  hash == receiver.startIndex || !Identifier.isLaterInstanceNumber(receiver[receiver.index(after: hash)...]) {
            // The first instance of X is `X`, later ones `X#2`, `X#3`…: `X#0`, `X#1`, `X#x`, `X#02` or `#2` never match.
            error("invalid instance '\(receiver)' in an event: write a scene identifier or an instance such as 'photo#2' (the first instance of a scene is its identifier, later ones '#2', '#3'…)",
                  at: location, .unknownReference)
        } else {
            checkInstance(Located(receiver, at: location), "in an event")
        }
        let actions = Set(model.scenes.flatMap { $0.unwindActions.map { "\($0.value)(_:)" } })
        guard !EventCalls.signatures.contains(call), !actions.contains(call) else { return }
        let candidates = EventCalls.signatures + actions.sorted()
        // `viewWillDisappear` for `viewWillDisappear(_:)`: the signature the bare name starts.
        let completed = call.contains("(") ? nil : candidates.first { $0.hasPrefix(call + "(") }
        let hint = completed.map { " (did you mean '\($0)'?)" } ?? Identifier.didYouMean(call, among: candidates)
        // An unwind action that unwind segues still name but no scene implements any more (renamed in the scene they
        // returned to): the flow is not misspelt, the model changed under it.
        if call.hasSuffix("(_:)"), case let name = String(call.dropLast(4)), model.allSegues.contains(where: { $0.action?.value == name }) {
            error("unknown call '\(call)' in an event\(hint): unwind segues name the action '\(name)', but no scene lists it in its 'unwindActions'",
                  at: location, .unknownReference)
            return
        }
        error("unknown call '\(call)' in an event\(hint): events are UIKit's calls, written as their Swift signatures, e.g. 'viewDidLoad()', 'viewWillAppear(_:)'",
              at: location, .unknownReference)
    }

    // MARK: - Reachability

    /// Scenes reachable from `initial` through containment, segues and the scenes flows create by code; with
    /// `entryPoints`, also from every scene with a storyboard ID and every storyboard's initial view controller,
    /// which code may instantiate (`instantiateViewController(withIdentifier:)`, `instantiateInitialViewController()`:
    /// another storyboard, or the iPad one, opens at its initial view controller).
    public static func reachableScenes(in model: SceneModel, entryPoints: Bool = false) -> Set<String> {
        guard let initial = model.initial?.value, model.scene(initial) != nil else { return [] }
        var codeTargets: [String] = []
        for flow in model.flows {
            for step in flow.steps {
                switch step.action {
                case .show(let scene, _), .showDetail(let scene, _), .present(let scene, _, _, _), .push(let scene, _):
                    codeTargets.append(scene.value)
                default: break
                }
            }
        }
        if entryPoints {
            codeTargets += model.scenes.filter { $0.storyboardID != nil || $0.origin?.isInitial == true }.map(\.id)
        }
        var reached: Set<String> = [initial]
        var queue = [initial] + codeTargets
        reached.formUnion(codeTargets)
        while let id = queue.popLast() {
            guard let scene = model.scene(id) else { continue }
            let next = scene.containedScenes.map(\.value) + scene.segues.compactMap(\.destination?.value)
            for target in next where model.scene(target) != nil && reached.insert(target).inserted {
                queue.append(target)
            }
        }
        return reached
    }

    /// Scenes nothing can ever instantiate: not reachable from the initial scene, from the scenes flows create, nor
    /// from a scene with a storyboard ID (an entry point code may instantiate), and without a storyboard ID
    /// themselves. A second instance of a storyboard scene is reported with its original, once. `validate` and
    /// `check`'s lint rule report these same scenes with the same message (`unreachableScenes`).
    private mutating func checkReachability() {
        for (scene, message) in Self.unreachableScenes(in: model) {
            warning(message, at: scene.location, .unreachableScene, subject: "'\(scene.id)'")
        }
    }

    /// The scenes of the `unreachable-scene` finding, each with its message, in model order; none when the initial
    /// scene is missing (an error of its own).
    public static func unreachableScenes(in model: SceneModel) -> [(scene: Scene, message: String)] {
        // The message names no other scene: `check --git` matches findings by their text, and a change of the
        // initial scene (embedding it in a navigation controller) must not make every old finding look new.
        guard let initial = model.initial?.value, model.scene(initial) != nil else { return [] }
        let reached = reachableScenes(in: model, entryPoints: true)
        var reported: Set<SourceLocation> = []
        var found: [(scene: Scene, message: String)] = []
        for scene in model.scenes where !reached.contains(scene.id) {
            if scene.location != .unknown, !reported.insert(scene.location).inserted { continue }
            found.append((scene, "scene '\(scene.id)' is unreachable: no container, segue or flow leads to it from the initial scene or from a scene with a storyboard ID, and it has no storyboard ID for code to instantiate it"))
        }
        return found
    }
}
