import SceneModel

/// Reads the format-1 model structure from a parsed document. Cross-references are checked later by `ModelValidator`.
struct ModelDecoder {
    let context: DecodingContext
    /// Imports the files of the model's `storyboards:` key, with its `mainStoryboard:`; without it the keys are only recorded.
    var importStoryboards: ((_ listed: [Located<String>], _ main: Located<String>?) -> StoryboardImport)? = nil

    static let topLevelKeys = [
        "format", "name", "summary", "environment", "conditions", "storyboards", "mainStoryboard", "sources", "initial", "scenes", "flows",
        "lint", "warnings",
    ]
    static let environmentKeys = ["idiom", "width", "height", "ios"]
    static let sceneKeys = [
        "kind", "class", "title", "storyboardID", "summary", "root", "tabs", "selected", "primary", "secondary",
        "supplementary", "compact", "style", "collapse", "pages", "pageTransition", "children", "overrides",
        "definesPresentationContext", "providesPresentationContextTransitionStyle", "modalPresentationStyle",
        "modalTransitionStyle", "isModalInPresentation", "unwindActions", "segues", "origin", "new", "lint", "warnings",
    ]
    static let originKeys = ["storyboard", "objectID", "initial"]
    static let segueKeys = [
        "kind", "to", "action", "trigger", "label", "modalPresentationStyle", "modalTransitionStyle", "anchor",
        "adaptivePresentationStyle", "guard", "animated", "class", "summary", "passes", "call", "at",
    ]
    static let flowKeys = ["summary", "environment", "conditions", "steps"]
    static let expectKeys = ["visible", "chain", "stacks", "selected", "collapsed", "styles", "events", "noEvents", "warnings"]

    /// Step keywords with the extra keys each accepts.
    static let stepKeys: [(keyword: String, extras: [String])] = [
        ("tap", []), ("perform", []), ("show", ["from"]), ("showDetail", ["from"]),
        ("present", ["from", "modalPresentationStyle", "modalTransitionStyle"]), ("push", ["onto"]),
        ("dismiss", []), ("back", []), ("popToRoot", []), ("selectTab", []), ("swipePage", []),
        ("swipeDown", []), ("environment", []), ("set", []), ("note", []), ("expect", []),
    ]

    /// Container keys and the kinds they apply to.
    static let kindSpecificKeys: [String: [SceneKind]] = [
        "root": [.navigation], "tabs": [.tabBar], "selected": [.tabBar],
        "primary": [.split], "secondary": [.split], "supplementary": [.split], "compact": [.split], "style": [.split], "collapse": [.split],
        "pages": [.page], "pageTransition": [.page], "children": [.container], "overrides": [.container],
    ]

    // MARK: - Model

    func decodeModel(_ root: ConfigNode?, path: String) -> SceneModel? {
        let start = SourceLocation(file: context.file, line: 1, column: 1)
        guard let root else {
            context.error("the model file is empty; it needs at least 'format: 1', 'name', 'initial' and 'scenes'", at: start)
            return nil
        }
        // Top-level keys starting with `x-` are the model's own notes and a place for anchors that scenes and
        // segues merge (`<<: *base`): not read.
        var read = root
        if case .mapping(let all) = root.content { read.content = .mapping(all.filter { !($0.keyIsScalar && $0.key.hasPrefix("x-")) }) }
        guard let entries = context.mapping(read, "the model", allowed: Self.topLevelKeys) else { return nil }
        func value(_ key: String) -> ConfigNode? { entries.first { $0.key == key }?.value }

        if let format = value("format") {
            if let number = context.int(format, "format"), number != SceneModel.supportedFormat {
                context.error("unsupported format \(number); this version of Scenograph reads format \(SceneModel.supportedFormat)",
                              at: format.location)
            }
        } else {
            context.error("missing required key 'format' (write 'format: 1')", at: root.location)
        }
        var name = ""
        if let node = value("name") {
            let text = context.string(node, "name")
            name = text ?? ""
            // It titles every page: blank, they would read "#  — navigation".
            if let text, text.allSatisfy(\.isWhitespace) {
                context.error("the app's name is empty; write the name the docs should carry, e.g. 'name: Photos'", at: node.location)
            }
        } else {
            context.error("missing required key 'name' (the app's name)", at: root.location)
        }
        var model = SceneModel(path: path, name: name)
        model.summary = value("summary").flatMap { context.string($0, "summary") }
        var idiomWritten = false, widthWritten = false
        if let node = value("environment"), let change = decodeEnvironment(node, "environment") {
            model.environment = Environment().applying(change)
            // The iOS warning points at the `ios:` value when there is one.
            model.environmentLocation = change.ios?.location ?? node.location
            idiomWritten = change.idiom != nil
            widthWritten = change.width != nil
        }
        if let node = value("conditions") {
            model.conditions = decodeConditions(node, "conditions") ?? []
        }
        var imported: StoryboardImport?
        if let node = value("mainStoryboard") {
            model.mainStoryboard = context.located(node, "mainStoryboard")
            if value("storyboards") == nil {
                context.error("'mainStoryboard' names one of the model's 'storyboards', and the model lists none", at: node.location)
            }
        }
        if let node = value("sources") {
            model.sources = context.stringList(node, "sources folder") ?? []
        }
        if let node = value("storyboards") {
            model.storyboards = context.stringList(node, "storyboard path") ?? []
            if !model.storyboards.isEmpty, let importStoryboards {
                let result = importStoryboards(model.storyboards, model.mainStoryboard)
                context.append(result.diagnostics)
                imported = result
                if let main = model.mainStoryboard, result.mainStoryboard?.isImported == false {
                    let names = model.storyboards.map { StoryboardImporter.storyboardName(of: $0.value) }
                    context.error("mainStoryboard '\(main.value)' is not one of the model's storyboards\(Identifier.didYouMean(StoryboardImporter.storyboardName(of: main.value), among: names)); they are: \(names.joined(separator: ", "))",
                                  at: main.location)
                }
            }
        }
        if let node = value("initial") {
            // An invalid value is reported here; an empty placeholder keeps validation from also calling the key missing.
            model.initial = context.sceneIdentifier(node, "initial scene") ?? Located("", at: node.location)
        }
        if let node = value("scenes") {
            model.replaceScenes(decodeScenes(node, imported: imported?.scenes ?? [], checkAnnotations: imported.map { !$0.hasErrors } ?? false))
        } else if model.storyboards.isEmpty {
            context.error("missing required key 'scenes'", at: root.location)
        } else {
            model.replaceScenes(imported?.scenes ?? [])
        }
        if let imported {
            context.append(imported.pageWarnings(for: model.scenes))
            if model.initial == nil { model.initial = imported.initial }
            if !idiomWritten, let idiom = imported.idiom {
                // The storyboards' idiom, under the width the model writes, if it writes one.
                let width = model.environment.width
                model.environment = model.environment.applying(EnvironmentChange(idiom: Located(idiom)))
                if widthWritten { model.environment.width = width }
            }
        }
        if let node = value("flows"), !node.isNull {
            model.flows = decodeFlows(node)
        }
        for entry in entries where entry.key == "lint" || entry.key == "warnings" {
            if let lint = decodeLintSetting(entry, in: entries, what: "the model", sceneLevel: false) { model.lint = lint }
        }
        return AliasResolution(model: model).apply(to: model)
    }

    func decodeEnvironment(_ node: ConfigNode, _ what: String) -> EnvironmentChange? {
        guard let entries = context.mapping(node, what, allowed: Self.environmentKeys) else { return nil }
        var change = EnvironmentChange(location: node.location)
        for entry in entries {
            switch entry.key {
            case "idiom": change.idiom = context.locatedEnum(entry.value, "idiom", Idiom.self)
            case "width": change.width = context.locatedEnum(entry.value, "width size class", SizeClass.self)
            case "height": change.height = context.locatedEnum(entry.value, "height size class", SizeClass.self)
            case "ios":
                if let version = context.int(entry.value, "ios") {
                    if Environment.iosVersions.contains(version) {
                        change.ios = Located(version, at: entry.value.location)
                    } else {
                        context.error("unsupported iOS version \(version); allowed: \(Environment.iosVersions.lowerBound)…\(Environment.iosVersions.upperBound)",
                                      at: entry.value.location)
                    }
                }
            default: break
            }
        }
        return change
    }

    func decodeConditions(_ node: ConfigNode, _ what: String) -> [Condition]? {
        guard let entries = context.mapping(node, what) else { return nil }
        return entries.compactMap { entry in
            guard context.checkIdentifierKey(entry, "condition name"),
                  let value = context.bool(entry.value, "condition '\(entry.key)'") else { return nil }
            return Condition(name: entry.key, value: value, location: entry.keyLocation)
        }
    }

    // MARK: - Scenes

    /// The model's scenes; an entry whose identifier names an imported scene (or is the bare name of one, `Credits` for
    /// `Social.Credits`) adds to that scene (see `decodeScene`). Imported scenes come first, in import order, then the
    /// model's own scenes in file order.
    ///
    /// With `checkAnnotations` (the model's storyboards were imported), an entry that matches no imported scene must
    /// say it adds one, with its `kind` or `new: true`: a misspelt annotation would otherwise quietly become a new,
    /// empty scene.
    func decodeScenes(_ node: ConfigNode, imported: [Scene] = [], checkAnnotations: Bool = false) -> [Scene] {
        guard let entries = context.mapping(node, "scenes") else { return imported }
        var scenes = imported
        var position: [String: Int] = [:]
        for (offset, scene) in imported.enumerated() where position[scene.id] == nil { position[scene.id] = offset }
        let aliases = SceneAliases(sceneIDs: imported.map(\.id))
        var own: [Scene] = []
        for entry in entries {
            guard context.checkSceneIdentifierKey(entry) else { continue }
            let isNew = Self.declaresNew(entry.value)
            if let offset = position[entry.key] ?? aliases.resolve(entry.key).flatMap({ position[$0] }) {
                if isNew {
                    context.error("scene '\(entry.key)' says 'new: true', but the storyboards have a scene '\(scenes[offset].id)'; remove 'new' to annotate it, or choose another identifier",
                                  at: entry.keyLocation, category: .unmatchedAnnotation)
                    continue
                }
                if let merged = decodeScene(id: scenes[offset].id, at: entry.keyLocation, entry.value, base: scenes[offset]) {
                    scenes[offset] = merged
                }
                continue
            }
            if checkAnnotations && !isNew && !Self.declaresKind(entry.value) {
                let ambiguous = aliases.candidates(for: entry.key)
                let hint = ambiguous.count > 1
                    ? " (it is the bare name of \(ambiguous.map { "'\($0)'" }.joined(separator: ", ")); write the one you mean)"
                    : Identifier.didYouMeanScene(entry.key, among: imported)
                context.error("scene '\(entry.key)' matches no scene of the storyboards\(hint); a scene the model adds says so with its 'kind' (or 'new: true')",
                              at: entry.keyLocation, category: .unmatchedAnnotation, subject: "'\(entry.key)'")
                continue
            }
            if Self.sceneKeys.contains(entry.key), !Self.readsAsScene(entry.value), let previous = own.last ?? scenes.last,
               !Self.sceneKeys.contains(previous.id) {
                // `segues:` written at the scenes' indentation is a scene named `segues`; say what it likely is.
                context.warning("scene '\(entry.key)' has the name of a scene's key: if it belongs to scene '\(previous.id)' (line \(previous.location.line)), indent it as deep as that scene's other keys",
                                at: entry.keyLocation, category: .modelFormat)
            }
            if let scene = decodeScene(id: entry.key, at: entry.keyLocation, entry.value) {
                own.append(scene)
            }
        }
        return scenes + own
    }

    /// Whether an entry of `scenes:` reads as a scene: a mapping of scene keys only (a scene may be named `new` or
    /// `title`; `segues:` indented as a scene holds segue names, which are no scene keys).
    static func readsAsScene(_ node: ConfigNode) -> Bool {
        if node.isNull { return true }
        guard case .mapping(let entries) = node.content else { return false }
        return entries.allSatisfy { sceneKeys.contains($0.key) }
    }

    /// Whether a scene entry writes `new: true`.
    static func declaresNew(_ node: ConfigNode) -> Bool {
        guard case .mapping(let entries) = node.content, let value = entries.first(where: { $0.key == "new" })?.value,
              case .scalar(let text, true) = value.content else { return false }
        return ["true", "True", "TRUE"].contains(text)
    }

    /// Whether a scene entry writes a `kind`.
    static func declaresKind(_ node: ConfigNode) -> Bool {
        guard case .mapping(let entries) = node.content else { return false }
        return entries.contains { $0.key == "kind" }
    }

    /// A scene entry. With `base` (an imported scene of the same identifier) the entry adds to it: keys it writes replace
    /// the imported values, `unwindActions` are added to the imported ones, and `segues` add segues or, under an imported
    /// segue's identifier, add to that segue.
    func decodeScene(id: String, at location: SourceLocation, _ node: ConfigNode, base: Scene? = nil) -> Scene? {
        let what = "scene '\(id)'"
        if node.isNull { return base ?? Scene(id: id, location: location) }
        // A scene written as something else than a mapping is reported and kept, empty (or as imported): references
        // to it are not errors of their own.
        guard let entries = context.mapping(node, what, allowed: Self.sceneKeys) else { return base ?? Scene(id: id, location: location) }
        var scene = base ?? Scene(id: id, location: location)
        if let kindNode = entries.first(where: { $0.key == "kind" })?.value {
            scene.kind = context.enumeration(kindNode, "scene kind", SceneKind.self) ?? scene.kind
        }
        for entry in entries {
            let v = entry.value
            if let kinds = Self.kindSpecificKeys[entry.key], !kinds.contains(scene.kind) {
                let names = kinds.map(\.rawValue).joined(separator: ", ")
                context.error("key '\(entry.key)' applies only to \(names) scenes, and \(what) is \(scene.kind.rawValue)",
                              at: entry.keyLocation)
                continue
            }
            switch entry.key {
            case "kind": break
            case "class": scene.customClass = context.located(v, "class")
            case "title": scene.title = context.string(v, "title")
            case "storyboardID": scene.storyboardID = context.string(v, "storyboardID")
            case "summary": scene.summary = context.string(v, "summary")
            case "root": scene.root = context.sceneIdentifier(v, "root scene") ?? Self.reported(v)
            case "tabs": scene.tabs = Self.keepingReported(context.sceneIdentifierList(v, "tab scene"), v)
            case "selected": scene.selected = context.sceneIdentifier(v, "selected tab")
            case "primary": scene.primary = context.sceneIdentifier(v, "primary scene") ?? Self.reported(v)
            case "secondary": scene.secondary = context.sceneIdentifier(v, "secondary scene") ?? Self.reported(v)
            case "supplementary": scene.supplementary = context.sceneIdentifier(v, "supplementary scene")
            case "compact": scene.compact = context.sceneIdentifier(v, "compact scene")
            case "style": scene.splitStyle = context.enumeration(v, "split style", SplitStyle.self) ?? .classic
            case "collapse": scene.collapse = context.enumeration(v, "collapse column", CollapseSide.self) ?? .secondary
            case "pages": scene.pages = Self.keepingReported(context.sceneIdentifierList(v, "page scene"), v)
            case "pageTransition": scene.pageTransition = context.enumeration(v, "page transition", PageTransition.self) ?? .scroll
            case "children": scene.children = context.sceneIdentifierList(v, "child scene") ?? []
            case "overrides":
                let names = context.stringList(v, "overridden method") ?? []
                scene.overrides = names.compactMap { name in
                    if let value = ShowOverride(rawValue: name.value) { return Located(value, at: name.location) }
                    let allowed = ShowOverride.allCases.map(\.rawValue)
                    context.error("unknown overridden method '\(name.value)'\(Identifier.didYouMean(name.value, among: allowed)); allowed: \(allowed.joined(separator: ", "))",
                                  at: name.location)
                    return nil
                }
            case "definesPresentationContext": scene.definesPresentationContextSetting = context.bool(v, "definesPresentationContext")
            case "providesPresentationContextTransitionStyle":
                scene.providesPresentationContextTransitionStyle = context.bool(v, "providesPresentationContextTransitionStyle") ?? false
            case "modalPresentationStyle":
                scene.modalPresentationStyle = context.enumeration(v, "modalPresentationStyle", PresentationStyle.self) ?? .automatic
            case "modalTransitionStyle":
                scene.modalTransitionStyle = context.enumeration(v, "modalTransitionStyle", TransitionStyle.self) ?? .coverVertical
            case "isModalInPresentation": scene.isModalInPresentation = context.bool(v, "isModalInPresentation") ?? false
            case "unwindActions":
                let actions = context.identifierList(v, "unwind action") ?? []
                if base == nil {
                    scene.unwindActions = actions
                } else {
                    scene.unwindActions += actions.filter { action in !scene.implementsUnwind(action.value) }
                }
            case "segues": scene.segues = decodeSegues(v, source: id, existing: base?.segues ?? [])
            case "origin": scene.origin = decodeOrigin(v, what: what)
            case "new": _ = context.bool(v, "new")
            case "lint", "warnings":
                if let lint = decodeLintSetting(entry, in: entries, what: what, sceneLevel: true) { scene.lint = lint }
            default: break
            }
        }
        return scene
    }

    // MARK: - Segues

    /// Where an imported scene comes from: `{storyboard: Main.storyboard, objectID: 9pv-A4-QxB}`.
    func decodeOrigin(_ node: ConfigNode, what: String) -> Scene.Origin? {
        guard let entries = context.mapping(node, "origin of \(what)", allowed: Self.originKeys) else { return nil }
        var storyboard: String?
        var objectID: String?
        var isInitial = false
        for entry in entries {
            switch entry.key {
            case "storyboard": storyboard = context.string(entry.value, "origin storyboard")
            case "objectID": objectID = context.string(entry.value, "origin objectID")
            case "initial": isInitial = context.bool(entry.value, "origin initial") ?? false
            default: break
            }
        }
        guard let storyboard, let objectID else {
            context.error("origin of \(what) needs 'storyboard' and 'objectID'", at: node.location)
            return nil
        }
        return Scene.Origin(storyboard: storyboard, objectID: objectID, isInitial: isInitial)
    }

    /// Segues of a scene; `existing` are an imported scene's segues, which entries of the same identifier add to.
    func decodeSegues(_ node: ConfigNode, source: String, existing: [Segue] = []) -> [Segue] {
        guard let entries = context.mapping(node, "segues of scene '\(source)'") else { return existing }
        var segues = existing
        for entry in entries {
            guard context.checkIdentifierKey(entry, "segue identifier") else { continue }
            if let offset = segues.firstIndex(where: { $0.id == entry.key }), offset < existing.count {
                if let merged = decodeSegue(id: entry.key, source: source, at: entry.keyLocation, entry.value, base: segues[offset]) {
                    segues[offset] = merged
                }
            } else if let segue = decodeSegue(id: entry.key, source: source, at: entry.keyLocation, entry.value) {
                segues.append(segue)
            }
        }
        return segues
    }

    static let modalOnlyKeys: Set<String> = ["modalPresentationStyle", "modalTransitionStyle"]

    /// A segue entry; with `base` (an imported segue of the same identifier) the keys it writes replace the imported values.
    func decodeSegue(id: String, source: String, at location: SourceLocation, _ node: ConfigNode, base: Segue? = nil) -> Segue? {
        let what = "segue '\(source).\(id)'"
        if node.isNull, let base { return base }
        guard let entries = context.mapping(node, what, allowed: Self.segueKeys) else { return nil }
        var segue: Segue
        if let kindEntry = entries.first(where: { $0.key == "kind" }) {
            guard let kind = context.locatedEnum(kindEntry.value, "segue kind", SegueKind.self) else {
                // The kind is reported. The segue stays, with its destination, so that what names it (a flow's
                // `tap:`, the arrow into its destination) is not reported again as missing or unreachable. The
                // model has an error, so nothing is simulated or drawn from this stand-in.
                var placeholder = base ?? Segue(id: id, source: source, kind: .custom, location: location)
                if base == nil, let to = entries.first(where: { $0.key == "to" }) {
                    placeholder.destination = context.sceneIdentifier(to.value, "destination scene")
                }
                return placeholder
            }
            segue = base ?? Segue(id: id, source: source, kind: kind.value, location: location)
            segue.kind = kind
        } else if let base {
            segue = base
        } else {
            context.error("\(what) needs a 'kind' (one of \(SegueKind.allCases.map(\.rawValue).joined(separator: ", ")))", at: location)
            return nil
        }
        let kind = segue.kind
        let effective = kind.value.effective
        for entry in entries {
            let v = entry.value
            if let rule = Self.segueKeyRule(entry.key), !rule.kinds.contains(effective) {
                context.error("key '\(entry.key)' applies only to \(rule.description) segues, and \(what) is \(kind.value.rawValue)",
                              at: entry.keyLocation)
                continue
            }
            switch entry.key {
            case "to": segue.destination = context.sceneIdentifier(v, "destination scene")
            case "action": segue.action = context.identifier(v, "unwind action")
            case "trigger": segue.trigger = context.string(v, "trigger")
            case "label":
                if let label = context.string(v, "label") {
                    if label.allSatisfy(\.isWhitespace) {
                        context.error("label '\(label)' is empty: leave 'label' out to show the identifier '\(id)'", at: v.location)
                    } else {
                        segue.label = label
                    }
                }
            case "modalPresentationStyle": segue.modalPresentationStyle = context.locatedEnum(v, "modalPresentationStyle", PresentationStyle.self)
            case "modalTransitionStyle": segue.modalTransitionStyle = context.locatedEnum(v, "modalTransitionStyle", TransitionStyle.self)
            case "anchor": segue.anchor = context.string(v, "anchor")
            case "adaptivePresentationStyle":
                segue.adaptivePresentationStyle = context.enumeration(v, "adaptivePresentationStyle", AdaptivePresentationStyle.self)
            case "guard": segue.guardCondition = context.identifier(v, "guard condition")
            case "animated": segue.animated = context.bool(v, "animated") ?? true
            case "class": segue.customClass = context.string(v, "segue class")
            case "summary": segue.summary = context.string(v, "summary")
            case "passes": segue.passes = context.string(v, "passes")
            case "call": segue.call = context.locatedEnum(v, "code call", CodeCall.self)
            case "at": segue.codeLocation = context.string(v, "at")
            default: break
            }
        }
        if effective == .code {
            if segue.call == nil && !entries.contains(where: { $0.key == "call" }) {
                context.error("\(what) is a code segue and needs a 'call' (one of \(CodeCall.allCases.map(\.rawValue).joined(separator: ", ")))",
                              at: location)
            } else if segue.call?.value == .dismiss, let destination = segue.destination {
                context.error("\(what) calls dismiss, which leads to no scene: remove 'to'", at: destination.location)
            } else if let call = segue.call, call.value != .dismiss, segue.destination == nil, !entries.contains(where: { $0.key == "to" }) {
                context.error("\(what) calls \(call.value.rawValue) and needs a destination: 'to: <scene>'", at: location)
            }
        } else if base != nil {
            // An imported segue already has its destination or action.
        } else if effective == .unwind {
            if segue.action == nil && !entries.contains(where: { $0.key == "action" }) {
                context.error("\(what) is an unwind segue and needs an 'action' (the unwind method's name)", at: location)
            }
        } else if segue.destination == nil && !entries.contains(where: { $0.key == "to" }) {
            context.error("\(what) needs a destination: 'to: <scene>'", at: location)
        }
        return segue
    }

    /// Segue keys that apply to some kinds only.
    static func segueKeyRule(_ key: String) -> (kinds: [SegueKind], description: String)? {
        switch key {
        case "to": return (SegueKind.allCases.filter { $0 != .unwind }, "non-unwind")
        case "action": return ([.unwind], "unwind")
        case "modalPresentationStyle", "modalTransitionStyle": return ([.present, .popover, .custom, .code], "present, popover, custom and code")
        case "call", "at": return ([.code], "code")
        case "anchor", "adaptivePresentationStyle": return ([.popover], "popover")
        case "class": return ([.custom], "custom")
        default: return nil
        }
    }

    /// A placeholder for a value that was written but is no identifier: the error was reported where it was
    /// read, and an empty id keeps validation from also calling the key missing.
    static func reported(_ node: ConfigNode) -> Located<String> { Located("", at: node.location) }

    /// The identifiers of a list, or one placeholder when the list was written with items none of which is valid.
    static func keepingReported(_ list: [Located<String>]?, _ node: ConfigNode) -> [Located<String>] {
        if let list, !list.isEmpty { return list }
        if case .sequence(let items) = node.content, items.isEmpty { return [] }
        if node.isNull { return [] }
        return [reported(node)]
    }
}
