import XCTest
import ModelLoading
import SceneModel
import Simulator

/// Scenario tests written from the UIKit rules (shared spec `uikit-semantics.md`) rather
/// than from the simulator's output. Each test builds a small model, runs one flow and
/// compares the complete default-level event list of the step under test, then the state.
///
/// Expected events use the abbreviations of the rules' reference scenarios (§12):
/// `b.vWA` is `b: viewWillAppear(_:)`, `b.wM(nav)` is `b: willMove(toParent:) nav`,
/// `a.prepare(b)` is `a: prepare(for:sender:) → b`, `a.should` is
/// `a: shouldPerformSegue(withIdentifier:sender:) = true`; anything else after the dot
/// (`a.unwindX(_:)`, `a.deinit`) is the call itself.
final class IndependentScenarioTests: XCTestCase {

    // MARK: - §6 Dismissing

    /// r → nav2[x] (fullScreen) → c (fullScreen) → d (pageSheet); `dismiss: x`.
    /// x presents nothing itself, but its nearest ancestor nav2 presented c: c's layer and
    /// every layer above it (d) go. d was visible over c (a sheet hides nothing); nav2 and
    /// x were hidden by c and appear again; r stays hidden behind nav2.
    func testDismissOnChildOfMiddleLayerDismissesEveryLayerAboveIt() throws {
        let text = model(initial: "r", scenes: """
            r: {segues: {open: {kind: present, to: nav2, modalPresentationStyle: fullScreen}}}
            nav2: {kind: navigation, root: x}
            x: {segues: {open: {kind: present, to: c, modalPresentationStyle: fullScreen}}}
            c: {segues: {open: {kind: present, to: d, modalPresentationStyle: pageSheet}}}
            d: {kind: content}
            """, flows: [("f", nil, ["perform: r.open", "perform: x.open", "perform: c.open", "dismiss: x"])])
        let trace = try simulate(text)
        XCTAssertEqual(trace.steps[3].state.chain, ["r", "nav2", "c", "d"])
        XCTAssertEqual(trace.steps[3].state.presentation(of: "c")?.presenter, "nav2")
        let step = trace.steps[4]
        XCTAssertEqual(calls(step), expand([
            "c.vWD", "d.vWD", "nav2.vWA", "x.vWA", "nav2.vDA", "x.vDA", "c.vDD", "d.vDD",
            "c.deinit", "d.deinit",
        ]))
        XCTAssertEqual(step.state.chain, ["r", "nav2"])
        XCTAssertEqual(step.state.visible, "x")
        XCTAssertEqual(step.state.presentations, [
            Presentation(presenter: "r", presented: "nav2", source: "r", style: .fullScreen, transition: .coverVertical),
        ])
        XCTAssertEqual(step.warnings, [])
        XCTAssertEqual(trace.result, .passed)
    }

    /// r → b → c, both fullScreen; `dismiss: b` (the middle instance, presented and
    /// presenting) dismisses what b presents, not b itself.
    func testDismissOnMiddlePresentedInstanceDismissesOnlyWhatItPresents() throws {
        let text = model(initial: "r", scenes: """
            r: {segues: {open: {kind: present, to: b, modalPresentationStyle: fullScreen}}}
            b: {segues: {open: {kind: present, to: c, modalPresentationStyle: fullScreen}}}
            c: {kind: content}
            """, flows: [("f", nil, ["perform: r.open", "perform: b.open", "dismiss: b"])])
        let trace = try simulate(text)
        let step = trace.steps[3]
        XCTAssertEqual(calls(step), expand(["c.vWD", "b.vWA", "b.vDA", "c.vDD", "c.deinit"]))
        XCTAssertEqual(step.state.chain, ["r", "b"])
        XCTAssertEqual(step.state.visible, "b")
        XCTAssertEqual(trace.result, .passed)
    }

    /// `dismiss:` on the presenter and on the presented instance are the same call; on an
    /// instance that presents nothing and is not presented it is a UIKit warning only.
    func testDismissOnPresenterAndOnPresentedAreEquivalent() throws {
        let text = model(initial: "a", scenes: """
            a: {segues: {sheet: {kind: present, to: b, modalPresentationStyle: pageSheet}}}
            b: {kind: content}
            """, flows: [
                ("presenter", nil, ["perform: a.sheet", "dismiss: a"]),
                ("presented", nil, ["perform: a.sheet", "dismiss: b"]),
                ("nothing", nil, ["dismiss: a"]),
            ])
        for flow in ["presenter", "presented"] {
            let trace = try simulate(text, flow: flow)
            let step = trace.steps[2]
            XCTAssertEqual(calls(step), expand(["b.vWD", "b.vDD", "b.deinit"]), flow)
            XCTAssertEqual(step.state.chain, ["a"], flow)
            XCTAssertEqual(step.state.presentations, [], flow)
            XCTAssertEqual(trace.result, .passed, flow)
        }
        let trace = try simulate(text, flow: "nothing")
        XCTAssertEqual(calls(trace.steps[1]), [])
        XCTAssertEqual(trace.steps[1].warnings.count, 1)
        XCTAssertNil(trace.steps[1].error)
        XCTAssertEqual(trace.result, .passed)
    }

    // MARK: - §10 Unwind

    /// The tab model of the unwind search tests: tabs[nav1[a, b], nav2[x]]; b presents
    /// navM[m1, m2] full screen (its presenter is tabs, b's layer root).
    private func unwindModel(implementers: Set<String>) -> String {
        func ua(_ scene: String) -> String { implementers.contains(scene) ? ", unwindActions: [unwindX]" : "" }
        return model(initial: "tabs", scenes: """
            tabs: {kind: tabBar, tabs: [nav1, nav2]\(ua("tabs"))}
            nav1: {kind: navigation, root: a\(ua("nav1"))}
            a: {segues: {next: {kind: show, to: b}}\(ua("a"))}
            b: {segues: {modal: {kind: present, to: navM, modalPresentationStyle: fullScreen}, exit: {kind: unwind, action: unwindX, trigger: Done}}\(ua("b"))}
            nav2: {kind: navigation, root: x\(ua("nav2"))}
            x: {kind: content\(ua("x"))}
            navM: {kind: navigation, root: m1\(ua("navM"))}
            m1: {segues: {next: {kind: show, to: m2}}\(ua("m1"))}
            m2: {segues: {exit: {kind: unwind, action: unwindX, trigger: Done}}\(ua("m2"))}
            """, flows: [
                ("fromModal", nil, ["perform: a.next", "perform: b.modal", "perform: m1.next", "tap: m2.exit"]),
                ("fromStack", nil, ["selectTab: nav2", "selectTab: nav1", "perform: a.next", "tap: b.exit"]),
                ("fromRoot", nil, ["tap: b.exit"]),
            ])
    }

    /// From m2: navM's other children (m1), navM, then the presenter tabs: its children in
    /// tab order, nav1 first, a navigation stack top-down, each child's children before the
    /// child, tabs itself last. a, x and tabs implement the action: a, the nearest, wins.
    /// One transition dismisses navM's layer and pops b (dismiss order, b's containment
    /// callbacks around it).
    func testUnwindSearchGoesThroughPresenterTabsInTabOrderChildrenFirst() throws {
        let trace = try simulate(unwindModel(implementers: ["a", "x", "tabs"]), flow: "fromModal")
        XCTAssertEqual(trace.steps[3].state.chain, ["tabs", "navM"])
        XCTAssertEqual(trace.steps[3].state.presentation(of: "navM")?.presenter, "tabs")
        let step = trace.steps[4]
        XCTAssertEqual(calls(step), expand([
            "m2.should", "m2.prepare(a)", "a.unwindX(_:)",
            "b.wM(nil)",
            "navM.vWD", "m2.vWD", "tabs.vWA", "nav1.vWA", "a.vWA", "tabs.vDA", "nav1.vDA", "a.vDA", "navM.vDD", "m2.vDD",
            "b.dM(nil)",
            "navM.deinit", "m1.deinit", "m2.deinit", "b.deinit",
        ]))
        XCTAssertEqual(step.state.chain, ["tabs"])
        XCTAssertEqual(step.state.container("nav1")?.children, ["a"])
        XCTAssertEqual(step.state.container("tabs")?.selected, "nav1")
        XCTAssertEqual(step.state.visible, "a")
        XCTAssertEqual(step.warnings, [])
    }

    /// Same walk, but b (top of nav1's stack), a, nav1, x and tabs all implement the action:
    /// the stack is searched top-down, so b wins and only the layer is dismissed.
    func testUnwindSearchTakesNavigationStackTopDown() throws {
        let trace = try simulate(unwindModel(implementers: ["b", "a", "nav1", "x", "tabs"]), flow: "fromModal")
        let step = trace.steps[4]
        XCTAssertEqual(calls(step), expand([
            "m2.should", "m2.prepare(b)", "b.unwindX(_:)",
            "navM.vWD", "m2.vWD", "tabs.vWA", "nav1.vWA", "b.vWA", "tabs.vDA", "nav1.vDA", "b.vDA", "navM.vDD", "m2.vDD",
            "navM.deinit", "m1.deinit", "m2.deinit",
        ]))
        XCTAssertEqual(step.state.chain, ["tabs"])
        XCTAssertEqual(step.state.container("nav1")?.children, ["a", "b"])
        XCTAssertEqual(step.state.visible, "b")
    }

    /// From b in nav1: the source is not a candidate and, at tabs, nav1 (the walked path) is
    /// skipped, so b's own implementation is never found; x in the other tab is. The unwind
    /// selects nav2 (tab order) and leaves nav1's stack alone (not on x's path).
    /// With no implementer at all it is a UIKit warning and nothing changes.
    func testUnwindSkipsSourceAndWalkedPathAndSelectsOtherTab() throws {
        let trace = try simulate(unwindModel(implementers: ["b", "x"]), flow: "fromStack")
        let step = trace.steps[4]
        XCTAssertEqual(calls(step), expand([
            "b.should", "b.prepare(x)", "x.unwindX(_:)",
            "nav2.vWA", "x.vWA", "nav1.vWD", "b.vWD", "nav1.vDD", "b.vDD", "nav2.vDA", "x.vDA",
        ]))
        XCTAssertEqual(step.state.container("tabs")?.selected, "nav2")
        XCTAssertEqual(step.state.container("nav1")?.children, ["a", "b"])
        XCTAssertEqual(step.state.visible, "x")

        let none = try simulate(unwindModel(implementers: ["b"]), flow: "fromStack")
        XCTAssertEqual(calls(none.steps[4]), expand(["b.should"]))
        XCTAssertEqual(none.steps[4].warnings.count, 1)
        XCTAssertEqual(none.steps[4].state, none.steps[3].state)
        XCTAssertEqual(none.result, .passed)
    }

    /// nav[a, b, c], c presents m; m unwinds to a: one transition pops two levels and
    /// dismisses m's layer. Containment callbacks of the popped instances (top first) frame
    /// the dismiss-order appearance callbacks. As a sheet, m leaves c visible, so c
    /// disappears with m; as full screen, only m disappears and nav, a appear.
    func testUnwindPopsTwoLevelsAndDismissesLayerInOneTransition() throws {
        for style in ["pageSheet", "fullScreen"] {
            let text = model(initial: "nav", scenes: """
                nav: {kind: navigation, root: a}
                a: {unwindActions: [unwindX], segues: {next: {kind: show, to: b}}}
                b: {segues: {next: {kind: show, to: c}}}
                c: {segues: {modal: {kind: present, to: m, modalPresentationStyle: \(style)}}}
                m: {segues: {exit: {kind: unwind, action: unwindX, trigger: Done}}}
                """, flows: [("f", nil, ["perform: a.next", "perform: b.next", "perform: c.modal", "tap: m.exit"])])
            let trace = try simulate(text)
            let step = trace.steps[4]
            let appearance = style == "pageSheet"
                ? ["c.vWD", "m.vWD", "a.vWA", "a.vDA", "c.vDD", "m.vDD"]
                : ["m.vWD", "nav.vWA", "a.vWA", "nav.vDA", "a.vDA", "m.vDD"]
            XCTAssertEqual(calls(step), expand(
                ["m.should", "m.prepare(a)", "a.unwindX(_:)", "c.wM(nil)", "b.wM(nil)"] + appearance
                    + ["c.dM(nil)", "b.dM(nil)", "m.deinit", "c.deinit", "b.deinit"]), style)
            XCTAssertEqual(step.state.chain, ["nav"], style)
            XCTAssertEqual(step.state.container("nav")?.children, ["a"], style)
            XCTAssertEqual(step.state.visible, "a", style)
        }
    }

    // MARK: - §5 Presenting: context styles

    /// tabs[panel(embeds inner), other]; inner presents d `currentContext`. panel (not a
    /// navigation controller) defines the context, so panel presents d and only panel's
    /// subtree is hidden; without it the presenter is tabs and everything is hidden.
    /// Dismissing d (or asking panel to dismiss) brings panel and inner back.
    func testCurrentContextOnNonNavigationTabChildAndItsDismissal() throws {
        func text(defines: Bool) -> String {
            model(initial: "tabs", scenes: """
                tabs: {kind: tabBar, tabs: [panel, other]}
                panel: {definesPresentationContext: \(defines), segues: {inner: {kind: embed, to: inner}}}
                inner: {segues: {ctx: {kind: present, to: d, modalPresentationStyle: currentContext}}}
                other: {kind: content}
                d: {kind: content}
                """, flows: [
                    ("dismissD", nil, ["perform: inner.ctx", "dismiss: d"]),
                    ("dismissPanel", nil, ["perform: inner.ctx", "dismiss: panel"]),
                ])
        }
        let defined = text(defines: true)
        for flow in ["dismissD", "dismissPanel"] {
            let trace = try simulate(defined, flow: flow)
            let present = trace.steps[1]
            XCTAssertEqual(calls(present), expand([
                "d.init", "d.awake", "inner.prepare(d)",
                "d.vDL", "panel.vWD", "inner.vWD", "d.vWA", "d.vDA", "panel.vDD", "inner.vDD",
            ]), flow)
            XCTAssertEqual(present.state.chain, ["tabs", "d"], flow)
            XCTAssertEqual(present.state.presentations, [
                Presentation(presenter: "panel", presented: "d", source: "inner", style: .currentContext, transition: .coverVertical),
            ], flow)
            XCTAssertEqual(present.state.visible, "d", flow)
            let dismiss = trace.steps[2]
            XCTAssertEqual(calls(dismiss), expand([
                "d.vWD", "panel.vWA", "inner.vWA", "panel.vDA", "inner.vDA", "d.vDD", "d.deinit",
            ]), flow)
            XCTAssertEqual(dismiss.state.chain, ["tabs"], flow)
            XCTAssertEqual(dismiss.state.visible, "panel", flow)
            XCTAssertEqual(trace.result, .passed, flow)
        }

        let trace = try simulate(text(defines: false), flow: "dismissD")
        XCTAssertEqual(calls(trace.steps[1]), expand([
            "d.init", "d.awake", "inner.prepare(d)",
            "d.vDL", "tabs.vWD", "panel.vWD", "inner.vWD", "d.vWA", "d.vDA", "tabs.vDD", "panel.vDD", "inner.vDD",
        ]))
        XCTAssertEqual(trace.steps[1].state.presentation(of: "d")?.presenter, "tabs")
    }

    /// Reference scenario 9 with a dismissal through an ancestor: a in nav1 presents d
    /// `overCurrentContext`; nav1 (a navigation controller defines the context) presents it
    /// and nothing is hidden. `dismiss: a`: a presents nothing, its nearest ancestor nav1
    /// presented d, so d goes; a, already visible, gets nothing.
    func testOverCurrentContextInTabAndDismissalThroughAncestor() throws {
        let text = model(initial: "tabs", scenes: """
            tabs: {kind: tabBar, tabs: [nav1, nav2]}
            nav1: {kind: navigation, root: a}
            a: {segues: {over: {kind: present, to: d, modalPresentationStyle: overCurrentContext}}}
            nav2: {kind: navigation, root: x}
            x: {kind: content}
            d: {kind: content}
            """, flows: [("f", nil, ["perform: a.over", "dismiss: a"])])
        let trace = try simulate(text)
        XCTAssertEqual(calls(trace.steps[1]), expand(["d.init", "d.awake", "a.prepare(d)", "d.vDL", "d.vWA", "d.vDA"]))
        XCTAssertEqual(trace.steps[1].state.presentations, [
            Presentation(presenter: "nav1", presented: "d", source: "a", style: .overCurrentContext, transition: .coverVertical),
        ])
        XCTAssertEqual(trace.steps[1].state.chain, ["tabs", "d"])
        XCTAssertEqual(calls(trace.steps[2]), expand(["d.vWD", "d.vDD", "d.deinit"]))
        XCTAssertEqual(trace.steps[2].state.chain, ["tabs"])
        XCTAssertEqual(trace.steps[2].state.visible, "a")
        XCTAssertEqual(trace.result, .passed)
    }

    /// nav1 (the context) provides its transition style (crossDissolve): a `currentContext`
    /// presentation takes it instead of the presented scene's flipHorizontal; a full-screen
    /// presentation has no context and keeps its own; without the flag the scene's own style
    /// stays.
    func testProvidesPresentationContextTransitionStyle() throws {
        func text(provides: Bool) -> String {
            model(initial: "tabs", scenes: """
                tabs: {kind: tabBar, tabs: [nav1]}
                nav1: {kind: navigation, root: a, providesPresentationContextTransitionStyle: \(provides), modalTransitionStyle: crossDissolve}
                a: {segues: {ctx: {kind: present, to: d, modalPresentationStyle: currentContext}, full: {kind: present, to: e, modalPresentationStyle: fullScreen}}}
                d: {modalTransitionStyle: flipHorizontal}
                e: {modalTransitionStyle: flipHorizontal}
                """, flows: [("ctx", nil, ["perform: a.ctx"]), ("full", nil, ["perform: a.full"])])
        }
        let ctx = try simulate(text(provides: true), flow: "ctx")
        XCTAssertEqual(calls(ctx.steps[1]), expand([
            "d.init", "d.awake", "a.prepare(d)", "d.vDL", "nav1.vWD", "a.vWD", "d.vWA", "d.vDA", "nav1.vDD", "a.vDD",
        ]))
        XCTAssertEqual(ctx.steps[1].state.presentations, [
            Presentation(presenter: "nav1", presented: "d", source: "a", style: .currentContext, transition: .crossDissolve),
        ])
        let full = try simulate(text(provides: true), flow: "full")
        XCTAssertEqual(full.steps[1].state.presentations, [
            Presentation(presenter: "tabs", presented: "e", source: "a", style: .fullScreen, transition: .flipHorizontal),
        ])
        let plain = try simulate(text(provides: false), flow: "ctx")
        XCTAssertEqual(plain.steps[1].state.presentation(of: "d")?.transition, .flipHorizontal)
    }

    // MARK: - §5 Presenting: style resolution

    /// A popover segue from a: regular width keeps a popover (with or without a delegate);
    /// compact width asks the delegate, else formSheet on iOS 13+ and fullScreen on iOS 12.
    func testPopoverAdaptationByWidthVersionAndDelegate() throws {
        let cases: [(adaptive: String?, env: String, expected: PresentationStyle)] = [
            (nil, "{idiom: pad, ios: 17}", .popover),
            (nil, "{idiom: pad, ios: 12}", .popover),
            (nil, "{idiom: pad, ios: 18}", .popover),
            (nil, "{ios: 12}", .fullScreen),
            (nil, "{ios: 17}", .formSheet),
            (nil, "{ios: 18}", .formSheet),
            ("none", "{ios: 12}", .popover),
            ("none", "{ios: 17}", .popover),
            ("none", "{idiom: pad, ios: 17}", .popover),
            ("fullScreen", "{ios: 17}", .fullScreen),
            ("fullScreen", "{idiom: pad, ios: 18}", .popover),
            ("overFullScreen", "{ios: 18}", .overFullScreen),
        ]
        for c in cases {
            let adaptive = c.adaptive.map { ", adaptivePresentationStyle: \($0)" } ?? ""
            let text = model(initial: "a", scenes: """
                a: {segues: {pop: {kind: popover, to: p, anchor: infoButton, trigger: Info\(adaptive)}}}
                p: {kind: content}
                """, flows: [("f", c.env, ["tap: a.pop"])])
            let label = "adaptive \(c.adaptive ?? "-") in \(c.env)"
            let trace = try simulate(text)
            let step = trace.steps[1]
            let appearance = c.expected == .fullScreen
                ? ["p.vDL", "a.vWD", "p.vWA", "p.vDA", "a.vDD"]
                : ["p.vDL", "p.vWA", "p.vDA"]
            XCTAssertEqual(calls(step), expand(["a.should", "p.init", "p.awake", "a.prepare(p)"] + appearance), label)
            XCTAssertEqual(step.state.presentations, [
                Presentation(presenter: "a", presented: "p", source: "a", style: c.expected, transition: .coverVertical),
            ], label)
            XCTAssertEqual(trace.result, .passed, label)
        }
    }

    /// `automatic`: fullScreen on iOS 12 (any width), pageSheet on 13–17, formSheet on 18+.
    func testAutomaticStyleByVersion() throws {
        let cases: [(env: String, expected: PresentationStyle)] = [
            ("{ios: 12}", .fullScreen), ("{idiom: pad, ios: 12}", .fullScreen),
            ("{ios: 13}", .pageSheet), ("{ios: 17}", .pageSheet),
            ("{ios: 18}", .formSheet), ("{idiom: pad, ios: 26}", .formSheet),
        ]
        for c in cases {
            let text = model(initial: "a", scenes: """
                a: {segues: {open: {kind: present, to: b}}}
                b: {kind: content}
                """, flows: [("f", c.env, ["perform: a.open"])])
            let step = try simulate(text).steps[1]
            let appearance = c.expected == .fullScreen
                ? ["b.vDL", "a.vWD", "b.vWA", "b.vDA", "a.vDD"]
                : ["b.vDL", "b.vWA", "b.vDA"]
            XCTAssertEqual(calls(step), expand(["b.init", "b.awake", "a.prepare(b)"] + appearance), c.env)
            XCTAssertEqual(step.state.presentation(of: "b")?.style, c.expected, c.env)
        }
    }

    /// pageSheet and formSheet become fullScreen in compact width on iOS 12 only.
    func testSheetsInCompactWidthOnIOS12BecomeFullScreen() throws {
        let cases: [(style: String, env: String, expected: PresentationStyle)] = [
            ("formSheet", "{ios: 12}", .fullScreen),
            ("pageSheet", "{ios: 12}", .fullScreen),
            ("formSheet", "{idiom: pad, ios: 12}", .formSheet),
            ("formSheet", "{ios: 13}", .formSheet),
        ]
        for c in cases {
            let text = model(initial: "a", scenes: """
                a: {segues: {open: {kind: present, to: b, modalPresentationStyle: \(c.style)}}}
                b: {kind: content}
                """, flows: [("f", c.env, ["perform: a.open"])])
            let step = try simulate(text).steps[1]
            let label = "\(c.style) in \(c.env)"
            let appearance = c.expected == .fullScreen
                ? ["b.vDL", "a.vWD", "b.vWA", "b.vDA", "a.vDD"]
                : ["b.vDL", "b.vWA", "b.vDA"]
            XCTAssertEqual(calls(step), expand(["b.init", "b.awake", "a.prepare(b)"] + appearance), label)
            XCTAssertEqual(step.state.presentation(of: "b")?.style, c.expected, label)
            XCTAssertEqual(step.state.visible, "b", label)
        }
    }

    /// a presents b (sheet), then a presents navC[c]: UIKit refuses (a already presents),
    /// reports the warning, changes nothing, and the new navC with its child is discarded.
    /// Names are used up: the next attempt creates navC#2 and c#2.
    func testDoublePresentWarnsAndDiscardsTheNewInstance() throws {
        let text = model(initial: "a", scenes: """
            a: {segues: {one: {kind: present, to: b, modalPresentationStyle: pageSheet}, two: {kind: present, to: navC}}}
            b: {kind: content}
            navC: {kind: navigation, root: c}
            c: {kind: content}
            """, flows: [("f", nil, ["perform: a.one", "perform: a.two", "perform: a.two"])])
        let trace = try simulate(text)
        let step = trace.steps[2]
        XCTAssertEqual(calls(step), expand([
            "navC.init", "c.init", "c.awake", "c.wM(navC)", "c.dM(navC)", "navC.awake", "a.prepare(navC)",
            "navC.deinit", "c.deinit",
        ]))
        XCTAssertEqual(step.warnings.count, 1)
        let warning = step.warnings.first ?? ""
        XCTAssertTrue(warning.contains("Attempt to present"), warning)
        XCTAssertTrue(warning.contains("navC"), warning)
        XCTAssertTrue(warning.contains("which is already presenting"), warning)
        XCTAssertEqual(step.state, trace.steps[1].state)
        XCTAssertNil(step.error)
        XCTAssertEqual(trace.steps[3].events.first?.receiver, "navC#2")
        XCTAssertEqual(trace.steps[3].state.chain, ["a", "b"])
        XCTAssertEqual(trace.result, .passed)
    }

    // MARK: - §6 swipeDown

    /// A full-screen presentation cannot be swiped down: a flow error that stops the flow.
    func testSwipeDownOnFullScreenIsFlowError() throws {
        let text = model(initial: "a", scenes: """
            a: {segues: {full: {kind: present, to: b, modalPresentationStyle: fullScreen}}}
            b: {kind: content}
            """, flows: [("f", nil, ["perform: a.full", "swipeDown", "dismiss: b"])])
        let trace = try simulate(text)
        XCTAssertEqual(trace.result, .error)
        XCTAssertEqual(trace.steps.count, 3)
        XCTAssertNotNil(trace.steps[2].error)
        XCTAssertEqual(calls(trace.steps[2]), [])
        XCTAssertEqual(trace.steps[2].state.chain, ["a", "b"])
    }

    /// swipeDown on a sheet whose presented instance is modal in presentation does nothing;
    /// on an ordinary sheet it dismisses only the front-most sheet.
    func testSwipeDownRespectsModalInPresentationAndTakesFrontSheetOnly() throws {
        let text = model(initial: "a", scenes: """
            a: {segues: {locked: {kind: present, to: b}, open: {kind: present, to: c, modalPresentationStyle: formSheet}}}
            b: {isModalInPresentation: true}
            c: {segues: {open: {kind: present, to: d, modalPresentationStyle: pageSheet}}}
            d: {kind: content}
            """, flows: [
                ("locked", nil, ["perform: a.locked", "swipeDown"]),
                ("front", nil, ["perform: a.open", "perform: c.open", "swipeDown"]),
            ])
        let locked = try simulate(text, flow: "locked")
        XCTAssertEqual(locked.steps[1].state.presentation(of: "b")?.style, .pageSheet)
        XCTAssertEqual(calls(locked.steps[2]), [])
        XCTAssertEqual(locked.steps[2].state, locked.steps[1].state)
        XCTAssertNil(locked.steps[2].error)
        XCTAssertEqual(locked.result, .passed)

        let front = try simulate(text, flow: "front")
        XCTAssertEqual(calls(front.steps[3]), expand(["d.vWD", "d.vDD", "d.deinit"]))
        XCTAssertEqual(front.steps[3].state.chain, ["a", "c"])
        XCTAssertEqual(front.result, .passed)
    }

    // MARK: - §8 Tab bar, §2 instantiation

    /// tabs[nav1[a], nav2[x]]: every tab is instantiated at launch (children depth first,
    /// between the container's init and awake) but only the selected one loads. Selecting
    /// the never-shown nav2 loads it before the will-phase and x right before its own
    /// viewWillAppear; tab order P.will, D.will, D.did, P.did. Selecting the selected tab
    /// does nothing.
    func testTabSwitchToNeverShownNavigationTab() throws {
        let text = model(initial: "tabs", scenes: """
            tabs: {kind: tabBar, tabs: [nav1, nav2]}
            nav1: {kind: navigation, root: a}
            a: {kind: content}
            nav2: {kind: navigation, root: x}
            x: {kind: content}
            """, flows: [("f", nil, ["selectTab: nav2", "selectTab: nav1", "selectTab: nav1"])])
        let trace = try simulate(text)
        XCTAssertEqual(calls(trace.steps[0]), expand([
            "tabs.init",
            "nav1.init", "a.init", "a.awake", "a.wM(nav1)", "a.dM(nav1)", "nav1.awake", "nav1.wM(tabs)", "nav1.dM(tabs)",
            "nav2.init", "x.init", "x.awake", "x.wM(nav2)", "x.dM(nav2)", "nav2.awake", "nav2.wM(tabs)", "nav2.dM(tabs)",
            "tabs.awake",
            "tabs.vDL", "tabs.vWA", "nav1.vDL", "nav1.vWA", "a.vDL", "a.vWA", "tabs.vDA", "nav1.vDA", "a.vDA",
        ]))
        XCTAssertEqual(calls(trace.steps[1]), expand([
            "nav2.vDL", "nav2.vWA", "x.vDL", "x.vWA", "nav1.vWD", "a.vWD", "nav1.vDD", "a.vDD", "nav2.vDA", "x.vDA",
        ]))
        XCTAssertEqual(trace.steps[1].state.container("tabs")?.selected, "nav2")
        XCTAssertEqual(trace.steps[1].state.visible, "x")
        XCTAssertEqual(calls(trace.steps[2]), expand([
            "nav1.vWA", "a.vWA", "nav2.vWD", "x.vWD", "nav2.vDD", "x.vDD", "nav1.vDA", "a.vDA",
        ]))
        XCTAssertEqual(calls(trace.steps[3]), [])
        XCTAssertEqual(trace.steps[3].state, trace.steps[2].state)
        XCTAssertEqual(trace.result, .passed)
    }

    // MARK: - Page view controller

    private func pageModel(_ transition: String) -> String {
        model(initial: "pager", scenes: """
            pager: {kind: page, pages: [welcome, tour, finish], pageTransition: \(transition)}
            welcome: {kind: content}
            tour: {kind: content}
            finish: {kind: content}
            """, flows: [("f", nil, ["swipePage: next"])])
    }

    /// Scroll page turn: P.will, D.will, P.did, D.did.
    func testPageTurnScrollOrder() throws {
        let step = try simulate(pageModel("scroll")).steps[1]
        XCTAssertEqual(calls(step), expand([
            "tour.init", "tour.awake", "welcome.wM(nil)", "tour.wM(pager)",
            "tour.vDL", "tour.vWA", "welcome.vWD", "tour.vDA", "welcome.vDD",
            "welcome.dM(nil)", "tour.dM(pager)", "welcome.deinit",
        ]))
        XCTAssertEqual(step.state.container("pager")?.children, ["tour"])
        XCTAssertEqual(step.state.visible, "tour")
    }

    /// pageCurl page turn: P.will, D.will, D.did, P.did.
    func testPageTurnPageCurlOrder() throws {
        let step = try simulate(pageModel("pageCurl")).steps[1]
        XCTAssertEqual(calls(step), expand([
            "tour.init", "tour.awake", "welcome.wM(nil)", "tour.wM(pager)",
            "tour.vDL", "tour.vWA", "welcome.vWD", "welcome.vDD", "tour.vDA",
            "welcome.dM(nil)", "tour.dM(pager)", "welcome.deinit",
        ]))
        XCTAssertEqual(step.state.visible, "tour")
    }

    // MARK: - §4, §9 showDetail and show

    /// Expanded split[navM[m], d1]: showDetail from m walks past navM (it does not
    /// override showDetail) to the split, which replaces the secondary column: push order,
    /// the old column removed, the new one added, the old one destroyed.
    func testShowDetailInExpandedSplitReplacesSecondary() throws {
        let text = model(initial: "split", scenes: """
            split: {kind: split, primary: navM, secondary: d1}
            navM: {kind: navigation, root: m}
            m: {kind: content}
            d1: {kind: content}
            d2: {kind: content}
            """, flows: [("f", "{idiom: pad}", ["{showDetail: d2, from: m}"])])
        let trace = try simulate(text)
        let step = trace.steps[1]
        XCTAssertEqual(calls(step), expand([
            "d2.init", "d2.awake", "d1.wM(nil)", "d2.wM(split)",
            "d2.vDL", "d1.vWD", "d2.vWA", "d1.vDD", "d2.vDA",
            "d1.dM(nil)", "d2.dM(split)", "d1.deinit",
        ]))
        XCTAssertEqual(step.state.container("split")?.children, ["navM", "d2"])
        XCTAssertEqual(step.state.container("split")?.collapsed, false)
        XCTAssertEqual(step.state.visible, "d2")
        XCTAssertEqual(step.state.chain, ["split"])
    }

    /// Collapsed split (phone, `collapse: secondary`): d1 sits on navM's stack after launch;
    /// showDetail forwards show to the primary navigation controller, which pushes d2.
    func testShowDetailInCollapsedSplitPushesOntoPrimary() throws {
        let text = model(initial: "split", scenes: """
            split: {kind: split, primary: navM, secondary: d1}
            navM: {kind: navigation, root: m}
            m: {kind: content}
            d1: {kind: content}
            d2: {kind: content}
            """, flows: [("f", nil, ["{showDetail: d2, from: m}"])])
        let trace = try simulate(text)
        XCTAssertEqual(trace.steps[0].state.container("navM")?.children, ["m", "d1"])
        XCTAssertEqual(trace.steps[0].state.visible, "d1")
        let step = trace.steps[1]
        XCTAssertEqual(calls(step), expand([
            "d2.init", "d2.awake", "d2.wM(navM)",
            "d2.vDL", "d1.vWD", "d2.vWA", "d1.vDD", "d2.vDA",
            "d2.dM(navM)",
        ]))
        XCTAssertEqual(step.state.container("navM")?.children, ["m", "d1", "d2"])
        XCTAssertEqual(step.state.container("split")?.collapsed, true)
        XCTAssertEqual(step.state.chain, ["split"])
        XCTAssertEqual(step.state.visible, "d2")
    }

    /// A custom container overriding `show` swaps its last child for the new instance, with
    /// the push order and containment callbacks.
    func testShowInCustomContainerSwapsLastChild() throws {
        let text = model(initial: "box", scenes: """
            box: {kind: container, children: [k1, k2], overrides: [show]}
            k1: {kind: content}
            k2: {kind: content}
            n: {kind: content}
            """, flows: [("f", nil, ["{show: n, from: k1}"])])
        let step = try simulate(text).steps[1]
        XCTAssertEqual(calls(step), expand([
            "n.init", "n.awake", "k2.wM(nil)", "n.wM(box)",
            "n.vDL", "k2.vWD", "n.vWA", "k2.vDD", "n.vDA",
            "k2.dM(nil)", "n.dM(box)", "k2.deinit",
        ]))
        XCTAssertEqual(step.state.container("box")?.children, ["k1", "n"])
        XCTAssertEqual(step.state.chain, ["box"])
    }

    // MARK: - §2 embed segues

    /// nav[p], p embeds e1 and e2. At launch nav loads first; p loads right before its own
    /// viewWillAppear, firing its embed segues in order inside its loading; the embedded
    /// children appear after p. Pushing q (which embeds e3) loads q and e3 before the
    /// will-phase; p's embedded children disappear with it.
    func testEmbedSeguesInsideNavigationRootAtLaunchAndOnPush() throws {
        let text = model(initial: "nav", scenes: """
            nav: {kind: navigation, root: p}
            p: {segues: {top: {kind: embed, to: e1}, bottom: {kind: embed, to: e2}, next: {kind: show, to: q}}}
            e1: {kind: content}
            e2: {kind: content}
            q: {segues: {body: {kind: embed, to: e3}}}
            e3: {kind: content}
            """, flows: [("f", nil, ["perform: p.next"])])
        let trace = try simulate(text)
        XCTAssertEqual(calls(trace.steps[0]), expand([
            "nav.init", "p.init", "p.awake", "p.wM(nav)", "p.dM(nav)", "nav.awake",
            "nav.vDL", "nav.vWA",
            "e1.init", "e1.awake", "p.prepare(e1)", "e1.wM(p)", "e1.vDL", "e1.dM(p)",
            "e2.init", "e2.awake", "p.prepare(e2)", "e2.wM(p)", "e2.vDL", "e2.dM(p)",
            "p.vDL", "p.vWA", "e1.vWA", "e2.vWA",
            "nav.vDA", "p.vDA", "e1.vDA", "e2.vDA",
        ]))
        XCTAssertEqual(trace.steps[0].state.visible, "p")
        XCTAssertEqual(calls(trace.steps[1]), expand([
            "q.init", "q.awake", "p.prepare(q)", "q.wM(nav)",
            "e3.init", "e3.awake", "q.prepare(e3)", "e3.wM(q)", "e3.vDL", "e3.dM(q)", "q.vDL",
            "p.vWD", "e1.vWD", "e2.vWD", "q.vWA", "e3.vWA",
            "p.vDD", "e1.vDD", "e2.vDD", "q.vDA", "e3.vDA",
            "q.dM(nav)",
        ]))
        XCTAssertEqual(trace.steps[1].state.container("nav")?.children, ["p", "q"])
        XCTAssertEqual(trace.result, .passed)
    }
}

// MARK: - Helpers

/// A model text: `scenes` holds one `id: {…}` line per scene; each flow is
/// (id, environment or nil, steps written as YAML list items).
private func model(initial: String, scenes: String, flows: [(String, String?, [String])]) -> String {
    var text = "format: 1\nname: Independent\ninitial: \(initial)\nscenes:\n"
    for line in scenes.split(separator: "\n") { text += "  \(line)\n" }
    text += "flows:\n"
    for (id, environment, steps) in flows {
        text += "  \(id):\n"
        if let environment { text += "    environment: \(environment)\n" }
        text += "    steps:\n"
        for step in steps { text += "      - \(step)\n" }
    }
    return text
}

private func simulate(_ text: String, flow: String = "f", file: StaticString = #filePath, line: UInt = #line) throws -> FlowTrace {
    let loaded = ModelLoader().load(text: text, path: "independent.yaml")
    XCTAssertFalse(loaded.hasErrors, loaded.diagnostics.map(\.description).joined(separator: "\n"), file: file, line: line)
    let model = try XCTUnwrap(loaded.model, "model did not load:\n\(text)", file: file, line: line)
    return try XCTUnwrap(Simulator(model: model).run(flowID: flow), "no flow \(flow)", file: file, line: line)
}

/// The step's events as `"receiver: call"`, with the argument of willMove/didMove, the
/// destination of prepare and the result of shouldPerformSegue.
private func calls(_ step: StepTrace) -> [String] {
    step.events.map { event in
        var text = event.text
        if let argument = event.argument { text += " " + argument.text }
        if let destination = event.destination { text += " → " + destination }
        if let result = event.result { text += " = \(result)" }
        return text
    }
}

/// Expands the abbreviations described on `IndependentScenarioTests`.
private func expand(_ short: [String]) -> [String] {
    short.map { item in
        guard let dot = item.firstIndex(of: ".") else { return item }
        let receiver = item[..<dot]
        let call = String(item[item.index(after: dot)...])
        func inner(_ prefix: String) -> String? {
            guard call.hasPrefix(prefix + "("), call.hasSuffix(")") else { return nil }
            return String(call.dropFirst(prefix.count + 1).dropLast())
        }
        let full: String
        switch call {
        case "init": full = "init(coder:)"
        case "awake": full = "awakeFromNib()"
        case "vDL": full = "viewDidLoad()"
        case "vWA": full = "viewWillAppear(_:)"
        case "vDA": full = "viewDidAppear(_:)"
        case "vWD": full = "viewWillDisappear(_:)"
        case "vDD": full = "viewDidDisappear(_:)"
        case "should": full = "shouldPerformSegue(withIdentifier:sender:) = true"
        default:
            if let parent = inner("wM") {
                full = "willMove(toParent:) \(parent)"
            } else if let parent = inner("dM") {
                full = "didMove(toParent:) \(parent)"
            } else if let destination = inner("prepare") {
                full = "prepare(for:sender:) → \(destination)"
            } else {
                full = call
            }
        }
        return "\(receiver): \(full)"
    }
}
