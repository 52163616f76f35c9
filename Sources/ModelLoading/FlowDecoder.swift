import SceneModel

extension ModelDecoder {
    /// A did-you-mean when one is close, else the list of the steps there are.
    static func suggestion(_ text: String, among keywords: [String]) -> String {
        let close = Identifier.didYouMean(text, among: keywords)
        return close.isEmpty ? "; steps: \(keywords.joined(separator: ", "))" : close
    }

    // MARK: - Flows

    func decodeFlows(_ node: ConfigNode) -> [Flow] {
        guard let entries = context.mapping(node, "flows") else { return [] }
        return entries.compactMap { entry in
            guard context.checkIdentifierKey(entry, "flow identifier") else { return nil }
            return decodeFlow(id: entry.key, at: entry.keyLocation, entry.value)
        }
    }

    func decodeFlow(id: String, at location: SourceLocation, _ node: ConfigNode) -> Flow? {
        let what = "flow '\(id)'"
        guard let entries = context.mapping(node, what, allowed: Self.flowKeys) else { return nil }
        var flow = Flow(id: id, location: location)
        var sawSteps = false
        for entry in entries {
            switch entry.key {
            case "summary": flow.summary = context.string(entry.value, "summary")
            case "environment": flow.environment = decodeEnvironment(entry.value, "environment of \(what)")
            case "conditions": flow.conditions = decodeConditions(entry.value, "conditions of \(what)") ?? []
            case "steps":
                sawSteps = true
                if let items = context.sequence(entry.value, "steps of \(what)") {
                    flow.steps = items.compactMap(decodeStep)
                }
            default: break
            }
        }
        if !sawSteps {
            context.error("\(what) needs 'steps' (a list of steps)", at: location)
        }
        return flow
    }

    // MARK: - Steps

    func decodeStep(_ node: ConfigNode) -> Step? {
        let keywords = Self.stepKeys.map(\.keyword)
        if case .scalar(let text, _) = node.content {
            switch text {
            case "back": return Step(.back, at: node.location)
            case "swipeDown": return Step(.swipeDown, at: node.location)
            default:
                let hint: String
                if keywords.contains(text) {
                    context.error("step '\(text)' needs a value: write '\(text): …'", at: node.location)
                    return nil
                } else if let space = text.firstIndex(of: " "), keywords.contains(String(text[..<space])) {
                    // `tap X` in YAML is one string: the colon after the keyword is missing.
                    let keyword = String(text[..<space])
                    hint = " (write '\(keyword): \(text[space...].trimmingCharacters(in: .whitespaces))': a step's keyword is followed by a colon)"
                } else {
                    hint = Self.suggestion(text, among: keywords)
                }
                context.mismatch("unknown step '\(text)'\(hint)", node)
                return nil
            }
        }
        guard let entries = context.mapping(node, "a step") else { return nil }
        let primary = entries.filter { key in keywords.contains(key.key) }
        guard primary.count == 1, let main = primary.first else {
            if primary.count > 1 {
                context.error("a step has one action, found \(primary.map { "'\($0.key)'" }.joined(separator: " and "))",
                              at: primary[1].keyLocation)
            } else if let first = entries.first {
                context.keyError("unknown step '\(first.key)'\(Self.suggestion(first.key, among: keywords))", first)
            } else {
                context.error("an empty step", at: node.location)
            }
            return nil
        }
        let extras = Self.stepKeys.first { $0.keyword == main.key }?.extras ?? []
        var options: [String: ConfigNode] = [:]
        for entry in entries where entry.key != main.key {
            if extras.contains(entry.key) {
                options[entry.key] = entry.value
            } else {
                let allowed = extras.isEmpty ? "it takes no options" : "allowed: \(extras.joined(separator: ", "))"
                context.keyError("unknown key '\(entry.key)' in a '\(main.key)' step\(Identifier.didYouMean(entry.key, among: extras)); \(allowed)", entry)
            }
        }
        let v = main.value
        let location = main.keyLocation
        func scene(_ node: ConfigNode?, _ what: String) -> Located<String>? {
            node.flatMap { context.sceneIdentifier($0, what) }
        }
        let action: StepAction?
        switch main.key {
        case "tap", "perform":
            action = segueReference(v).map { main.key == "tap" ? .tap($0) : .perform($0) }
        case "show":
            action = scene(v, "scene").map { .show($0, from: scene(options["from"], "scene")) }
        case "showDetail":
            action = scene(v, "scene").map { .showDetail($0, from: scene(options["from"], "scene")) }
        case "present":
            action = scene(v, "scene").map {
                .present($0, from: scene(options["from"], "scene"),
                         style: options["modalPresentationStyle"].flatMap { context.locatedEnum($0, "modalPresentationStyle", PresentationStyle.self) },
                         transition: options["modalTransitionStyle"].flatMap { context.locatedEnum($0, "modalTransitionStyle", TransitionStyle.self) })
            }
        case "push":
            action = scene(v, "scene").map { .push($0, onto: scene(options["onto"], "navigation scene")) }
        case "dismiss": action = scene(v, "scene").map { .dismiss($0) }
        case "popToRoot": action = scene(v, "navigation scene").map { .popToRoot($0) }
        case "selectTab": action = scene(v, "tab scene").map { .selectTab($0) }
        case "back", "swipeDown":
            if !v.isNull {
                context.error("'\(main.key)' takes no value, found \(v.kindDescription)", at: v.location)
            }
            action = main.key == "back" ? .back : .swipeDown
        case "swipePage":
            action = context.enumeration(v, "page direction", PageDirection.self).map { .swipePage($0) }
        case "environment":
            action = decodeEnvironment(v, "an environment step").map { change in
                if change.isEmpty { context.error("an environment step changes nothing", at: v.location) }
                return .environment(change)
            }
        case "set":
            action = decodeConditions(v, "a set step").map { .set($0) }
        case "note":
            action = context.string(v, "note").map { .note($0) }
        case "expect":
            action = decodeExpectation(v).map { .expect($0) }
        default:
            action = nil
        }
        return action.map { Step($0, at: location) }
    }

    func segueReference(_ node: ConfigNode) -> SegueReference? {
        guard let text = context.string(node, "segue reference") else { return nil }
        // Segue identifiers have no '.', so the last one separates the scene (which may have some) from the segue.
        // Searched in the bytes: backwards through characters, each step costs a run of flags before it.
        guard let dot = text.utf8.lastIndex(of: UInt8(ascii: ".")), Identifier.isValidScene(String(text[..<dot])),
              Identifier.isValid(String(text[text.utf8.index(after: dot)...])) else {
            context.error("invalid segue reference '\(text)': write '<scene>.<segue>'", at: node.location)
            return nil
        }
        let scene = String(text[..<dot]), segue = String(text[text.utf8.index(after: dot)...])
        // The segue's part is placed when the whole reference is written where the value starts, as it reads (not
        // after an anchor or a tag, nor with an escape in it).
        var start = node.location
        if case .scalar(_, let plain) = node.content, !plain { start.column += 1 }
        var segueLocation = start
        segueLocation.column += scene.unicodeScalars.count + 1
        return SegueReference(scene: scene, segue: segue, location: node.location,
                              segueLocation: context.isWritten(text, at: start) ? segueLocation : nil)
    }

    // MARK: - Expectations

    /// An instance name: `scene` or `scene#N`.
    func instanceName(_ node: ConfigNode, _ what: String) -> Located<String>? {
        guard let text = context.string(node, what) else { return nil }
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let numberOK = parts.count == 1 || Identifier.isLaterInstanceNumber(Substring(parts[1]))
        guard Identifier.isValidScene(parts[0]), numberOK else {
            context.error("invalid \(what) '\(text)': write a scene identifier or an instance such as 'photo#2'", at: node.location)
            return nil
        }
        return Located(text, at: node.location)
    }

    func decodeExpectation(_ node: ConfigNode) -> Expectation? {
        guard let entries = context.mapping(node, "expect", allowed: Self.expectKeys) else { return nil }
        var expectation = Expectation()
        func instances(_ node: ConfigNode, _ what: String) -> [Located<String>]? {
            if case .scalar = node.content, !node.isNull { return instanceName(node, what).map { [$0] } }
            guard let items = context.sequence(node, "\(what) list") else { return nil }
            return items.compactMap { instanceName($0, what) }
        }
        func pairs(_ node: ConfigNode, _ what: String) -> [(ConfigNode.MappingEntry, Located<String>)] {
            guard let items = context.mapping(node, what) else { return [] }
            return items.compactMap { entry in
                let key = ConfigNode(content: .scalar(entry.key, plain: true), location: entry.keyLocation)
                return instanceName(key, "scene").map { (entry, $0) }
            }
        }
        for entry in entries {
            let v = entry.value
            switch entry.key {
            case "visible": expectation.visible = instanceName(v, "visible scene")
            case "chain": expectation.chain = instances(v, "chain entry")
            case "stacks":
                expectation.stacks = pairs(v, "expected stacks").compactMap { entry, subject in
                    instances(entry.value, "stack entry").map { .init(subject: subject, value: $0) }
                }
            case "selected":
                expectation.selected = pairs(v, "expected selected tabs").compactMap { entry, subject in
                    instanceName(entry.value, "selected tab").map { .init(subject: subject, value: $0) }
                }
            case "collapsed":
                expectation.collapsed = pairs(v, "expected collapsed states").compactMap { entry, subject in
                    context.bool(entry.value, "collapsed state of '\(entry.key)'").map { .init(subject: subject, value: $0) }
                }
            case "styles":
                expectation.styles = pairs(v, "expected styles").compactMap { entry, subject in
                    context.locatedEnum(entry.value, "presentation style", PresentationStyle.self).map { .init(subject: subject, value: $0) }
                }
            case "events": expectation.events = context.stringList(v, "event") ?? []
            case "noEvents": expectation.noEvents = context.stringList(v, "event") ?? []
            case "warnings": expectation.warnings = context.stringList(v, "warning") ?? []
            default: break
            }
        }
        return expectation
    }
}
