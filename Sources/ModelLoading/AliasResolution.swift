import SceneModel

/// Resolves bare scene names a model writes for scenes of storyboards other than the main one (`Credits` for
/// `Social.Credits`) to their identifiers, wherever a scene is named: `initial`, containers, segue destinations and
/// flow steps. Names that resolve to nothing, or to several scenes, are left as written for the validator to report.
struct AliasResolution {
    let aliases: SceneAliases

    init(model: SceneModel) {
        aliases = SceneAliases(sceneIDs: model.sceneIDs)
    }

    func apply(to model: SceneModel) -> SceneModel {
        guard model.scenes.contains(where: { $0.id.contains(".") }) else { return model }
        var result = model
        result.initial = model.initial.map(scene)
        result.replaceScenes(model.scenes.map(apply))
        result.flows = model.flows.map { flow in
            var flow = flow
            flow.steps = flow.steps.map { Step(apply($0.action), at: $0.location) }
            return flow
        }
        return result
    }

    private func scene(_ name: Located<String>) -> Located<String> {
        Located(aliases.resolving(name.value), at: name.location)
    }

    private func instance(_ name: Located<String>) -> Located<String> {
        Located(aliases.resolvingInstance(name.value), at: name.location)
    }

    private func apply(_ scene: Scene) -> Scene {
        var scene = scene
        scene.root = scene.root.map(self.scene)
        scene.tabs = scene.tabs.map(self.scene)
        scene.selected = scene.selected.map(self.scene)
        scene.primary = scene.primary.map(self.scene)
        scene.secondary = scene.secondary.map(self.scene)
        scene.supplementary = scene.supplementary.map(self.scene)
        scene.compact = scene.compact.map(self.scene)
        scene.pages = scene.pages.map(self.scene)
        scene.children = scene.children.map(self.scene)
        for index in scene.segues.indices {
            scene.segues[index].destination = scene.segues[index].destination.map(self.scene)
        }
        return scene
    }

    private func apply(_ reference: SegueReference) -> SegueReference {
        var resolved = reference
        resolved.scene = aliases.resolving(reference.scene)
        return resolved
    }

    private func apply(_ action: StepAction) -> StepAction {
        switch action {
        case .tap(let reference): return .tap(apply(reference))
        case .perform(let reference): return .perform(apply(reference))
        case .show(let target, let from): return .show(scene(target), from: from.map(scene))
        case .showDetail(let target, let from): return .showDetail(scene(target), from: from.map(scene))
        case .present(let target, let from, let style, let transition):
            return .present(scene(target), from: from.map(scene), style: style, transition: transition)
        case .push(let target, let onto): return .push(scene(target), onto: onto.map(scene))
        case .dismiss(let target): return .dismiss(scene(target))
        case .popToRoot(let target): return .popToRoot(scene(target))
        case .selectTab(let target): return .selectTab(scene(target))
        case .expect(let expectation): return .expect(apply(expectation))
        case .back, .swipePage, .swipeDown, .environment, .set, .note: return action
        }
    }

    private func apply(_ expectation: Expectation) -> Expectation {
        var result = expectation
        result.visible = expectation.visible.map(instance)
        result.chain = expectation.chain?.map(instance)
        result.stacks = expectation.stacks.map { .init(subject: instance($0.subject), value: $0.value.map(instance)) }
        result.selected = expectation.selected.map { .init(subject: instance($0.subject), value: instance($0.value)) }
        result.collapsed = expectation.collapsed.map { .init(subject: instance($0.subject), value: $0.value) }
        result.styles = expectation.styles.map { .init(subject: instance($0.subject), value: $0.value) }
        // An event reads "<instance>: <call>".
        result.events = expectation.events.map(event)
        result.noEvents = expectation.noEvents.map(event)
        return result
    }

    private func event(_ text: Located<String>) -> Located<String> {
        guard let colon = text.value.firstIndex(of: ":") else { return text }
        let receiver = String(text.value[..<colon])
        return Located(aliases.resolvingInstance(receiver) + text.value[colon...], at: text.location)
    }
}
