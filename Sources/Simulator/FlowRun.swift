import SceneModel

/// A reason a step cannot happen; the runner attaches the step's position.
struct FlowFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Applies the steps of one flow to the app: finds the instances a step names, refuses
/// what the user or the app cannot do there (a flow error), and asks the app for the
/// UIKit operation. Pure: no I/O.
struct FlowRun {
    let model: SceneModel
    private var conditions: [String: Bool]
    private var app: App

    init(model: SceneModel, detail: Detail, environment: Environment, conditions: [String: Bool]) {
        self.model = model
        self.conditions = conditions
        self.app = App(model: model, detail: detail, environment: environment)
    }

    /// The app's view controllers now.
    var world: World { app.world }

    /// Takes the step's events and warnings, reporting `deinit` for what the step destroyed.
    mutating func finishStep(reportDeinit: Bool) -> (events: [Event], warnings: [String]) {
        app.finishStep(reportingDeinit: reportDeinit)
    }

    // MARK: - Launch

    /// Step 0: the initial scene is instantiated, installed as the window's root and appears.
    mutating func launch() throws {
        guard let initial = model.initial?.value else { throw FlowFailure("launch: the model has no initial scene") }
        try app.launch(initial)
    }

    // MARK: - Steps

    mutating func perform(_ action: StepAction) throws {
        switch action {
        case .tap(let ref):
            try runSegue(ref, tapped: true)
        case .perform(let ref):
            try runSegue(ref, tapped: false)
        case .show(let scene, let from):
            let caller = try callerInstance(from, role: "show")
            let shown = try app.instantiate(scene.value)
            try app.show(shown, from: caller)
        case .showDetail(let scene, let from):
            let caller = try callerInstance(from, role: "showDetail")
            let shown = try app.instantiate(scene.value)
            try app.showDetail(shown, from: caller)
        case .present(let scene, let from, let style, let transition):
            let caller = try callerInstance(from, role: "present")
            guard let target = model.scene(scene.value) else { throw FlowFailure("present: unknown scene '\(scene.value)'") }
            let presented = try app.instantiate(scene.value)
            try app.present(presented, from: caller,
                            requested: style?.value ?? target.modalPresentationStyle,
                            transition: transition?.value ?? target.modalTransitionStyle,
                            anchor: nil, adaptive: nil)
        case .push(let scene, let onto):
            let navigation: Int
            if let onto {
                navigation = try requireLive(onto.value, "push")
                guard world.instances[navigation].kind == .navigation else {
                    throw FlowFailure("push: '\(onto.value)' is a \(world.instances[navigation].kind.rawValue) scene, not a navigation controller")
                }
            } else {
                guard let visible = world.innermostNavigation(in: world.frontLayerSubtree(), needingBack: false) else {
                    throw FlowFailure("push: no navigation controller is on screen in the front-most layer; name one with 'onto:'")
                }
                navigation = visible
            }
            let pushed = try app.instantiate(scene.value)
            try app.push(pushed, onto: navigation)
        case .dismiss(let scene):
            try app.dismiss(try requireLive(scene.value, "dismiss"))
        case .back:
            try back()
        case .popToRoot(let scene):
            let navigation = try requireLive(scene.value, "popToRoot")
            guard world.instances[navigation].kind == .navigation else {
                throw FlowFailure("popToRoot: '\(scene.value)' is a \(world.instances[navigation].kind.rawValue) scene, not a navigation controller")
            }
            try app.popToRoot(navigation)
        case .selectTab(let scene):
            try selectTab(scene.value)
        case .swipePage(let direction):
            try swipePage(direction)
        case .swipeDown:
            try swipeDown()
        case .environment(let change):
            try app.changeEnvironment(change)
        case .set(let changes):
            for change in changes { conditions[change.name] = change.value }
        case .note, .expect:
            break
        }
    }

    // MARK: - Finding instances

    /// The live instance of `scene`, or a flow error.
    private mutating func requireLive(_ scene: String, _ role: String) throws -> Int {
        guard model.scene(scene) != nil else { throw FlowFailure("\(role): unknown scene '\(scene)'") }
        guard let i = app.live(scene) else {
            let ever = world.hasCreated(scene)
            throw FlowFailure("\(role): no live instance of '\(scene)' (\(ever ? "every instance of it has been destroyed" : "it was never instantiated in this flow"))")
        }
        return i
    }

    /// `from:` when given, else the front-most content instance.
    private mutating func callerInstance(_ from: Located<String>?, role: String) throws -> Int {
        if let from { return try requireLive(from.value, role) }
        guard let visible = world.frontContent() else { throw FlowFailure("\(role): nothing is on screen") }
        return visible
    }

    /// A flow error unless the user can touch `i`: it is visible and no layer above its own
    /// blocks it (`World.blockingLayer(of:)`).
    private func requireTouchable(_ i: Int, _ what: String) throws {
        let name = world.instances[i].name
        guard world.visibleList().contains(i) else { throw FlowFailure("\(what): '\(name)' is not on screen") }
        if let blocking = world.blockingLayer(of: i) {
            let covering = "\(what): '\(name)' is covered by the presented '\(world.instances[blocking.root].name)' (\(blocking.style.rawValue))"
            if Rules.blocksOnlyContext(blocking.style), let context = blocking.presenter {
                throw FlowFailure("\(covering), which covers its context '\(world.instances[context].name)'")
            }
            throw FlowFailure("\(covering); only the front-most layer can be touched")
        }
    }

    private func condition(_ name: String) -> Bool { conditions[name] ?? true }

    // MARK: - User actions and segues

    /// `tap:` (the user touches the segue's trigger) or `perform:` (the app calls
    /// `performSegue`) (uikit-semantics §3).
    private mutating func runSegue(_ ref: SegueReference, tapped: Bool) throws {
        let verb = tapped ? "tap" : "perform"
        guard let sourceScene = model.scene(ref.scene) else { throw FlowFailure("\(verb): unknown scene '\(ref.scene)'") }
        guard let segue = sourceScene.segue(ref.segue) else {
            throw FlowFailure("\(verb): scene '\(ref.scene)' has no segue '\(ref.segue)'")
        }
        let source = try requireLive(ref.scene, verb)
        let kind = segue.kind.value
        if kind == .embed {
            throw FlowFailure("\(verb): '\(ref)' is an embed segue; it fires by itself when '\(ref.scene)' loads its view")
        }
        if kind == .code {
            guard !tapped else {
                throw FlowFailure("tap: '\(ref)' is navigation the code does (\(segue.call?.value.signature ?? "a UIKit call")); 'perform:' runs it")
            }
            try app.performCode(segue, from: source)
            return
        }
        if tapped {
            if segue.isManual {
                throw FlowFailure("tap: segue '\(ref)' has no trigger (it is manual); only 'perform:' can fire it")
            }
            try requireTouchable(source, "tap: '\(ref)'")
            let answer = segue.guardCondition.map { condition($0.value) } ?? true
            app.askShouldPerform(segue, from: source, answer: answer)
            guard answer else { return }
        } else {
            app.callPerformSegue(segue, from: source)
        }
        if kind == .unwind {
            try app.unwind(segue, from: source)
            return
        }
        guard let destinationID = segue.destination?.value else {
            throw FlowFailure("\(verb): segue '\(ref)' has no destination")
        }
        try app.perform(segue, named: ref, to: destinationID, from: source)
    }

    /// The back button of the innermost navigation controller on screen in the front-most layer.
    private mutating func back() throws {
        let onScreen = world.frontLayerSubtree()
        guard let navigation = world.innermostNavigation(in: onScreen, needingBack: true) else {
            if let atRoot = world.innermostNavigation(in: onScreen, needingBack: false) {
                throw FlowFailure("back: '\(world.instances[atRoot].name)' is at its root; there is no back button")
            }
            throw FlowFailure("back: no navigation controller is on screen in the front-most layer")
        }
        try app.back(navigation)
    }

    private mutating func selectTab(_ scene: String) throws {
        let tab = try requireLive(scene, "selectTab")
        guard let bar = world.instances[tab].parent, world.instances[bar].kind == .tabBar else {
            throw FlowFailure("selectTab: '\(world.instances[tab].name)' is not a tab of a live tab bar controller")
        }
        try requireTouchable(bar, "selectTab: '\(world.instances[tab].name)'")
        try app.select(tab, in: bar)
    }

    /// A swipe turns the innermost page view controller on screen in the front-most layer.
    private mutating func swipePage(_ direction: PageDirection) throws {
        let onScreen = world.frontLayerSubtree()
        var pager: Int?
        var depth = -1
        for i in onScreen where world.instances[i].kind == .page {
            let d = world.ancestry(of: i).count
            if d >= depth { pager = i; depth = d }
        }
        guard let pager else { throw FlowFailure("swipePage: no page view controller is on screen in the front-most layer") }
        try app.turnPage(of: pager, direction)
    }

    /// A swipe down acts on the front-most presentation on screen (not one hidden with another tab), which must be
    /// a sheet.
    private mutating func swipeDown() throws {
        guard let index = world.frontLayerIndex(), index > 0 else {
            throw FlowFailure("swipeDown: nothing is presented")
        }
        let top = world.layers[index]
        guard top.style.isSheet else {
            throw FlowFailure("swipeDown: the front-most presentation '\(world.instances[top.root].name)' is \(top.style.rawValue), not a sheet; it cannot be swiped down")
        }
        // Sheets became swipeable with iOS 13's card sheets; an iPad's form sheet on iOS 12 has no such gesture.
        guard Rules.sheetsSwipeDown(ios: app.environment.ios) else {
            throw FlowFailure("swipeDown: the front-most presentation '\(world.instances[top.root].name)' is a \(top.style.rawValue), which cannot be swiped down on iOS \(app.environment.ios) (sheets can from iOS 13)")
        }
        try app.swipeDown(top, at: index)
    }
}
