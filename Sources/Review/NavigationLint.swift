import SceneModel
import Simulator

/// The navigation lint rules of `scenograph check`: each finding is a `Diagnostic` whose category is the rule's
/// id (see `DiagnosticCategory`), at the position of the offending key, with the model's `lint:` settings applied.
public struct NavigationLint: Sendable {
    public let model: SceneModel
    /// Scenes whose presentation a simulated flow ended, however it did (a `dismiss` or `swipeDown` step, an
    /// unwind): each is a way back that the flow shows works (`scenesLeavingTheChain`).
    public let leftInFlows: Set<String>

    public init(model: SceneModel, leftInFlows: Set<String> = []) {
        self.model = model
        self.leftInFlows = leftInFlows
    }

    /// The scenes of the instances that leave the presentation chain at some step of `traces`: what the flows
    /// dismissed, by a step, a swipe or an unwind, as the simulator ran them.
    public static func scenesLeavingTheChain(_ traces: [FlowTrace]) -> Set<String> {
        var scenes: Set<String> = []
        for trace in traces {
            var previous: [String] = []
            for step in trace.steps {
                let now = Set(step.state.chain)
                for instance in previous where !now.contains(instance) { scenes.insert(Identifier.scene(ofInstance: instance)) }
                previous = step.state.chain
            }
        }
        return scenes
    }

    /// A finding and the scene it concerns (for per-scene `lint: {disable: […]}`).
    struct Finding {
        var diagnostic: Diagnostic
        var scene: String
    }

    /// Every finding, in file order, with the model's settings applied.
    public func run() -> [Diagnostic] {
        let findings = rawFindings()
        var owners: [Diagnostic: String] = [:]
        for finding in findings where owners[finding.diagnostic] == nil { owners[finding.diagnostic] = finding.scene }
        return model.applyingLintSettings(to: findings.map(\.diagnostic)) { owners[$0] }.sortedByLocation()
    }

    /// Every finding before the model's settings are applied.
    func rawFindings() -> [Finding] {
        let structure = Structure(model: model)
        return unreachableScenes(structure) + showWithoutContainer(structure) + noWayBack(structure) + segueRules(structure)
    }

    func finding(_ rule: DiagnosticCategory, _ message: String, at location: SourceLocation, scene: String,
                 severity: Diagnostic.Severity? = nil) -> Finding {
        Finding(diagnostic: Diagnostic(severity ?? rule.defaultSeverity, at: location, message, category: rule.id), scene: scene)
    }

    // MARK: - Rules

    /// The scenes `validate` reports as unreachable, with its message: the rule and the validation agree.
    func unreachableScenes(_ structure: Structure) -> [Finding] {
        ModelValidator.unreachableScenes(in: model).map { scene, message in
            finding(.unreachableScene, message, at: scene.location, scene: scene.id)
        }
    }

    func showWithoutContainer(_ structure: Structure) -> [Finding] {
        var findings: [Finding] = []
        // A scene nothing reaches is never inside a container, and its segues never fire: `unreachable-scene` says
        // what is wrong (deleting a tab must not turn its old stack's push segues into errors).
        let reached = ModelValidator.reachableScenes(in: model, entryPoints: true)
        for segue in model.allSegues where reached.isEmpty || reached.contains(segue.source) {
            let kind = segue.effectiveKind
            // A push in code on a missing navigation controller does nothing rather than present: not this rule's case.
            let codePush = segue.kind.value == .code && segue.call?.value == .push
            if segue.kind.value == .push, !structure.insideNavigation.contains(segue.source) {
                // A deprecated push segue does not fall back to presenting: UIKit raises.
                findings.append(finding(.showOutsideNavigation, "push segue '\(segue.qualifiedID)': '\(segue.source)' is never inside a navigation controller, so UIKit raises an exception when it fires (push segues can only be used when the source controller is managed by a UINavigationController)",
                                        at: segue.kind.location, scene: segue.source, severity: .error))
            } else if kind == .show, !codePush, !structure.canShowInPlace.contains(segue.source) {
                findings.append(finding(.showOutsideNavigation, "show segue '\(segue.qualifiedID)': '\(segue.source)' is never inside a navigation controller (or another container that shows), so UIKit presents '\(segue.destination?.value ?? "?")' modally",
                                        at: segue.kind.location, scene: segue.source))
            }
            if kind == .showDetail, !structure.insideSplit.contains(segue.source) {
                findings.append(finding(.showDetailOutsideSplit, "showDetail segue '\(segue.qualifiedID)': '\(segue.source)' is never inside a split view controller, so UIKit presents '\(segue.destination?.value ?? "?")' modally",
                                        at: segue.kind.location, scene: segue.source))
            }
        }
        return findings
    }

    func noWayBack(_ structure: Structure) -> [Finding] {
        var presenters: [String: [Segue]] = [:]
        var order: [String] = []
        for segue in model.allSegues where segue.presents {
            guard let destination = segue.destination?.value, model.scene(destination) != nil else { continue }
            if presenters[destination] == nil { order.append(destination) }
            presenters[destination, default: []].append(segue)
        }
        let dismissed = structure.dismissedInFlows.union(leftInFlows)
        var findings: [Finding] = []
        for id in order {
            guard let scene = model.scene(id), let segues = presenters[id] else { continue }
            // One way in that the user can leave on their own (a sheet to swipe, a popover to tap outside) is enough.
            if segues.contains(where: { structure.userCanDismiss($0) }) { continue }
            let inside = structure.presentedArea(of: id)
            let unwindsOut = inside.contains { member in
                model.scene(member)?.segues.contains { segue in
                    segue.effectiveKind == .unwind
                        && model.scenesImplementing(unwindAction: segue.action?.value ?? "").contains { !inside.contains($0.id) }
                } ?? false
            }
            if unwindsOut || !inside.isDisjoint(with: dismissed) { continue }
            let ways = segues.map { "'\($0.qualifiedID)' (\(structure.presentationStyle($0).rawValue))" }.joined(separator: ", ")
            findings.append(finding(.noWayBack, "scene '\(id)' is presented by \(ways) and has no way back: no unwind to a scene below it, no dismiss or swipe in any flow, and it cannot be swiped away",
                                    at: scene.location, scene: id))
        }
        return findings
    }

    func segueRules(_ structure: Structure) -> [Finding] {
        var findings: [Finding] = []
        let performed = structure.performedSegues
        for scene in model.scenes {
            var seen: [String: SourceLocation] = [:]
            for segue in scene.segues {
                if let first = seen[segue.id] {
                    findings.append(finding(.duplicateSegueID, "scene '\(scene.id)' has two segues with identifier '\(segue.id)' (the first at line \(first.line)); performSegue(withIdentifier:) reaches only one",
                                            at: segue.location, scene: scene.id))
                } else {
                    seen[segue.id] = segue.location
                }
            }
        }
        for segue in model.allSegues {
            let kind = segue.effectiveKind
            if kind == .unwind, let action = segue.action, model.scenesImplementing(unwindAction: action.value).isEmpty {
                let actions = model.scenes.flatMap { $0.unwindActions.map(\.value) }
                findings.append(finding(.unwindUnimplemented, "unwind segue '\(segue.qualifiedID)': no scene implements '\(action.value)(_:)'\(Identifier.didYouMean(action.value, among: actions))",
                                        at: action.location, scene: segue.source))
            }
            if kind == .popover, segue.anchor == nil {
                findings.append(finding(.popoverWithoutAnchor, "popover segue '\(segue.qualifiedID)' has no anchor; UIKit raises an exception when it fires",
                                        at: segue.location, scene: segue.source))
            }
            if segue.presents {
                let style = structure.presentationStyle(segue)
                if let misuse = structure.partialCurlMisuse(segue) {
                    let context = misuse.context
                    let message = context.map { "segue '\(segue.qualifiedID)' presents \(style.rawValue) in the context of '\($0)', which gives its partialCurl transition (providesPresentationContextTransitionStyle); UIKit raises an exception unless the style is fullScreen" }
                        ?? "segue '\(segue.qualifiedID)' uses the partialCurl transition with the \(style.rawValue) style; UIKit raises an exception unless the style is fullScreen"
                    findings.append(finding(.partialCurlMisuse, message,
                                            at: context == nil ? segue.modalTransitionStyle?.location ?? segue.location : segue.location, scene: segue.source))
                }
                if style == .currentContext || style == .overCurrentContext {
                    let place = segue.modalPresentationStyle?.location ?? segue.location
                    if kind == .popover {
                        findings.append(finding(.contextStyleMisuse, "popover segue '\(segue.qualifiedID)' asks for \(style.rawValue); a popover presents as a popover and ignores it",
                                                at: place, scene: segue.source))
                    } else if !structure.hasPresentationContext(segue.source) {
                        findings.append(finding(.contextStyleMisuse, "segue '\(segue.qualifiedID)' presents \(style.rawValue), but no scene around '\(segue.source)' defines a presentation context, so it covers the whole window",
                                                at: place, scene: segue.source))
                    }
                }
            }
            // A code segue is documented by the line of code that makes it. A model without flows (storyboards
            // alone) documents no code path at all: every manual segue would be reported, which says nothing.
            if segue.isManual, kind != .embed, segue.kind.value != .code, !model.flows.isEmpty, !performed.contains(segue.qualifiedID) {
                findings.append(finding(.manualSegueUnused, "manual segue '\(segue.qualifiedID)' (no trigger) is performed by no flow; add a step 'perform: \(segue.qualifiedID)'",
                                        at: segue.location, scene: segue.source))
            }
        }
        return findings
    }
}

// MARK: - What the rules know about the model

/// Containment, where scenes can end up at run time, and what the flows do.
struct Structure {
    let model: SceneModel
    /// Each scene's parent: its container or the scene embedding it.
    let parent: [String: String]
    /// Scenes whose `show` does not fall back to a modal presentation: inside a navigation or split view
    /// controller or a container overriding `show`, structurally or after being shown from one.
    let canShowInPlace: Set<String>
    /// Scenes that can be inside a split view controller.
    let insideSplit: Set<String>
    /// Scenes that are inside a navigation controller, directly or through what they show (a push segue needs one).
    let insideNavigation: Set<String>
    /// Scenes that flows instantiate by code.
    let codeTargets: Set<String>
    /// Segues flows perform (`perform:`) or tap.
    let performedSegues: Set<String>
    /// Scenes a flow dismisses.
    let dismissedInFlows: Set<String>

    init(model: SceneModel) {
        self.model = model
        var parent: [String: String] = [:]
        for scene in model.scenes {
            for child in scene.containedScenes where parent[child.value] == nil { parent[child.value] = scene.id }
            for segue in scene.segues where segue.kind.value == .embed {
                if let child = segue.destination?.value, parent[child] == nil { parent[child] = scene.id }
            }
        }
        self.parent = parent
        var code: Set<String> = []
        var performed: Set<String> = []
        var dismissed: Set<String> = []
        var pushedByCode: [(scene: String, from: String?)] = []
        for flow in model.flows {
            for step in flow.steps {
                switch step.action {
                case .show(let scene, let from), .showDetail(let scene, let from):
                    code.insert(scene.value)
                    pushedByCode.append((scene.value, from?.value))
                case .present(let scene, _, _, _):
                    code.insert(scene.value)
                case .push(let scene, _):
                    code.insert(scene.value)
                    pushedByCode.append((scene.value, nil))
                case .perform(let ref), .tap(let ref):
                    performed.insert(ref.description)
                case .dismiss(let scene):
                    dismissed.insert(Identifier.scene(ofInstance: scene.value))
                default:
                    break
                }
            }
        }
        codeTargets = code
        performedSegues = performed
        dismissedInFlows = dismissed

        func ancestors(_ id: String) -> [String] {
            var chain: [String] = []
            var cursor = id
            while let up = parent[cursor], !chain.contains(up), up != id {
                chain.append(up)
                cursor = up
            }
            return chain
        }
        func closure(seed: (Scene) -> Bool, follows: (SegueKind) -> Bool, pushes: Bool) -> Set<String> {
            var set = Set(model.scenes.filter { scene in
                ancestors(scene.id).contains { model.scene($0).map(seed) ?? false }
            }.map(\.id))
            if pushes {
                // `push:` steps name no source: the pushed scene is inside a navigation controller.
                set.formUnion(pushedByCode.filter { $0.from == nil }.map(\.scene))
            }
            var changed = true
            while changed {
                changed = false
                for scene in model.scenes where set.contains(scene.id) {
                    var next = scene.segues.filter { follows($0.effectiveKind) || $0.kind.value == .embed }.compactMap(\.destination?.value)
                    next += scene.containedScenes.map(\.value)
                    next += pushedByCode.filter { $0.from == scene.id }.map(\.scene)
                    for id in next where model.scene(id) != nil && set.insert(id).inserted { changed = true }
                }
            }
            return set
        }
        let showsInPlace: (Scene) -> Bool = { $0.kind == .navigation || $0.kind == .split || ($0.kind == .container && $0.overrides.contains { $0.value == .show }) }
        canShowInPlace = closure(seed: showsInPlace, follows: { $0 == .show }, pushes: true)
        insideSplit = closure(seed: { $0.kind == .split }, follows: { $0 == .show || $0 == .showDetail }, pushes: false)
        insideNavigation = closure(seed: { $0.kind == .navigation }, follows: { $0 == .show }, pushes: true)
    }

    /// The style a modal segue resolves to at presentation, before adaptation: its own, else the destination's,
    /// `automatic` as the model's iOS version takes it.
    func presentationStyle(_ segue: Segue) -> PresentationStyle {
        if segue.effectiveKind == .popover { return .popover }
        let style = segue.modalPresentationStyle?.value ?? segue.destination.flatMap { model.scene($0.value) }?.modalPresentationStyle ?? .automatic
        guard style == .automatic else { return style }
        return model.environment.ios <= 12 ? .fullScreen : (model.environment.ios >= 18 ? .formSheet : .pageSheet)
    }

    /// Whether the user can leave what `segue` presents without a way the app provides: a sheet can be swiped
    /// down (unless the destination blocks it), a popover closed by tapping outside.
    func userCanDismiss(_ segue: Segue) -> Bool {
        guard let destination = segue.destination.flatMap({ model.scene($0.value) }) else { return true }
        let style = presentationStyle(segue)
        if style == .popover { return true }
        guard style.isSheet else { return false }
        let top = destination.kind == .navigation ? destination.root.flatMap { model.scene($0.value) } : nil
        return !destination.isModalInPresentation && !(top?.isModalInPresentation ?? false)
    }

    /// The scenes that are on screen inside a presentation of `id`: it, its children, what they embed and
    /// what they show in place.
    func presentedArea(of id: String) -> Set<String> {
        var area: Set<String> = [id]
        var queue = [id]
        while let current = queue.popLast() {
            guard let scene = model.scene(current) else { continue }
            var next = scene.containedScenes.map(\.value)
            next += scene.segues.filter { [.show, .showDetail, .embed].contains($0.effectiveKind) && canShowInPlace.contains(scene.id) || $0.kind.value == .embed }
                .compactMap(\.destination?.value)
            for child in next where area.insert(child).inserted { queue.append(child) }
        }
        return area
    }

    /// Whether a scene (or a scene around it) defines a presentation context; navigation controllers do by default.
    func hasPresentationContext(_ id: String) -> Bool {
        var cursor: String? = id
        var seen: Set<String> = []
        while let current = cursor, seen.insert(current).inserted {
            if model.scene(current)?.definesPresentationContext == true { return true }
            cursor = parent[current]
        }
        // A scene shown onto a navigation stack lives in that navigation controller, which defines a context.
        return canShowInPlace.contains(id) && !model.scenes.isEmpty && inNavigationAtRunTime(id)
    }

    /// The transition style of the context a context presentation from `id` finds, and that context, when it
    /// provides its style (`providesPresentationContextTransitionStyle`): the first scene from `id` up its
    /// containers that defines a presentation context, else the topmost of them (the window root the simulator
    /// falls back to). A scene pushed at run time finds its navigation controller's context, which no container
    /// here shows: nil then, rather than a guess.
    /// A presenting segue that makes UIKit raise for its partialCurl transition: the presentation style it has
    /// instead of fullScreen, and the scene whose context gives the transition, if one does (`nil` otherwise).
    func partialCurlMisuse(_ segue: Segue) -> (style: PresentationStyle, context: String?)? {
        guard segue.presents, segue.effectiveKind != .popover else { return nil }
        let style = presentationStyle(segue)
        var transition = segue.modalTransitionStyle?.value ?? segue.destination.flatMap { model.scene($0.value) }?.modalTransitionStyle
        // A context that provides its transition style replaces the presented one's, as the simulator does.
        var context: String?
        if style == .currentContext || style == .overCurrentContext, let provided = contextTransitionStyle(segue.source) {
            transition = provided.style
            context = provided.scene
        }
        guard transition == .partialCurl, style != .fullScreen else { return nil }
        return (style, context)
    }

    func contextTransitionStyle(_ id: String) -> (style: TransitionStyle, scene: String)? {
        var cursor: String? = id
        var seen: Set<String> = []
        var top = id
        while let current = cursor, seen.insert(current).inserted {
            if let scene = model.scene(current), scene.definesPresentationContext {
                return scene.providesPresentationContextTransitionStyle ? (scene.modalTransitionStyle, scene.id) : nil
            }
            top = current
            cursor = parent[current]
        }
        if canShowInPlace.contains(id), inNavigationAtRunTime(id) { return nil }
        guard let root = model.scene(top), root.providesPresentationContextTransitionStyle else { return nil }
        return (root.modalTransitionStyle, root.id)
    }

    private func inNavigationAtRunTime(_ id: String) -> Bool {
        model.allSegues.contains { $0.effectiveKind == .show && $0.destination?.value == id }
    }
}
