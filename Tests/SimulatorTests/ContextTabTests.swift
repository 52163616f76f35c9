import SceneModel
import Simulator
import Testing

/// Context presentations inside a tab (docs/semantics.md §1, "Touch" and "Visibility follows
/// the context"): the tab bar stays usable, and the presented layer leaves and comes back
/// with its context's tab. Full default-level event lists, written from the rules.
@Suite struct ContextTabTests {
    static let tabs = """
        tabs: {kind: tabBar, tabs: [nav1, nav2]}
        nav1: {kind: navigation, root: a}
        nav2: {kind: navigation, root: x}
        a:
          segues:
            current: {kind: present, to: d, trigger: Current button, modalPresentationStyle: currentContext}
            over: {kind: present, to: d, trigger: Over button, modalPresentationStyle: overCurrentContext}
            navCurrent: {kind: present, to: dnav, trigger: Nav button, modalPresentationStyle: currentContext}
            next: {kind: show, to: b, trigger: Next button}
        b: {}
        x:
          segues:
            next: {kind: show, to: y, trigger: Next button}
        y: {}
        d:
          segues:
            next: {kind: show, to: b, trigger: Next button}
        dnav: {kind: navigation, root: e}
        e: {}
        """

    @Test func currentContextTravelsWithItsTab() throws {
        let t = try simulate(initial: "tabs", scenes: Self.tabs, steps: """
            - tap: a.current
            - selectTab: nav2
            - selectTab: nav1
            - dismiss: d
            """)
        #expect(t.result == .passed)
        #expect(events(t, 1) == list("""
            a.shouldPerform(a.current)=true d.init d.awake a.prepare(a.current→d) d.vDL
            nav1.vWD a.vWD d.vWA d.vDA nav1.vDD a.vDD
            """))
        #expect(summary(t, 1) == "chain tabs,d | visible d | d on nav1 from a currentContext/coverVertical | tabs[nav1*,nav2] nav1[a] nav2[x]")
        // nav1 and a are already hidden by d: only d leaves with the tab.
        #expect(events(t, 2) == list("nav2.vDL nav2.vWA x.vDL x.vWA d.vWD d.vDD nav2.vDA x.vDA"))
        #expect(summary(t, 2) == "chain tabs,d | visible x | d on nav1 from a currentContext/coverVertical | tabs[nav1,nav2*] nav1[a] nav2[x]")
        // Back on nav1's tab: d comes back, nav1's own subtree stays hidden under it.
        #expect(events(t, 3) == list("d.vWA nav2.vWD x.vWD nav2.vDD x.vDD d.vDA"))
        #expect(summary(t, 3) == "chain tabs,d | visible d | d on nav1 from a currentContext/coverVertical | tabs[nav1*,nav2] nav1[a] nav2[x]")
        #expect(events(t, 4) == list("d.vWD nav1.vWA a.vWA nav1.vDA a.vDA d.vDD d.deinit"))
        #expect(summary(t, 4) == "chain tabs | visible a | tabs[nav1*,nav2] nav1[a] nav2[x]")
    }

    @Test func overCurrentContextTravelsWithItsTab() throws {
        let t = try simulate(initial: "tabs", scenes: Self.tabs, steps: """
            - tap: a.over
            - selectTab: nav2
            - selectTab: nav1
            - dismiss: d
            """)
        #expect(t.result == .passed)
        #expect(events(t, 1) == list("a.shouldPerform(a.over)=true d.init d.awake a.prepare(a.over→d) d.vDL d.vWA d.vDA"))
        #expect(summary(t, 1) == "chain tabs,d | visible d | d on nav1 from a overCurrentContext/coverVertical | tabs[nav1*,nav2] nav1[a] nav2[x]")
        // Lower layer first, then the presented layer; parents before children.
        #expect(events(t, 2) == list("""
            nav2.vDL nav2.vWA x.vDL x.vWA nav1.vWD a.vWD d.vWD nav1.vDD a.vDD d.vDD nav2.vDA x.vDA
            """))
        #expect(summary(t, 2) == "chain tabs,d | visible x | d on nav1 from a overCurrentContext/coverVertical | tabs[nav1,nav2*] nav1[a] nav2[x]")
        #expect(events(t, 3) == list("nav1.vWA a.vWA d.vWA nav2.vWD x.vWD nav2.vDD x.vDD nav1.vDA a.vDA d.vDA"))
        #expect(summary(t, 3) == "chain tabs,d | visible d | d on nav1 from a overCurrentContext/coverVertical | tabs[nav1*,nav2] nav1[a] nav2[x]")
        // nav1 stayed visible under d: only d disappears.
        #expect(events(t, 4) == list("d.vWD d.vDD d.deinit"))
        #expect(summary(t, 4) == "chain tabs | visible a | tabs[nav1*,nav2] nav1[a] nav2[x]")
    }

    /// Each tab presents in its own context: dismissing one tab's presentation leaves the other tab's, presented
    /// after it by another view controller (uikit-semantics §6: a dismissal takes what the dismissed view
    /// controller presents, not every presentation made later).
    @Test func dismissingOneTabsContextPresentationLeavesTheOthers() throws {
        let scenes = Self.tabs + """

            x:
              segues:
                over: {kind: present, to: e, trigger: Over button, modalPresentationStyle: overCurrentContext}
            """
        let t = try simulate(initial: "tabs", scenes: scenes.replacingOccurrences(of: "x:\n  segues:\n    next: {kind: show, to: y, trigger: Next button}\n", with: ""), steps: """
            - tap: a.over
            - selectTab: nav2
            - tap: x.over
            - selectTab: nav1
            - dismiss: d
            - tap: a.over
            - selectTab: nav2
            - dismiss: e
            """)
        #expect(t.result == .passed)
        #expect(summary(t, 4) == "chain tabs,d,e | visible d | d on nav1 from a overCurrentContext/coverVertical | e on nav2 from x overCurrentContext/coverVertical | tabs[nav1*,nav2] nav1[a] nav2[x]")
        // Only d leaves; e stays, hidden with its tab.
        #expect(events(t, 5) == list("d.vWD d.vDD d.deinit"))
        #expect(summary(t, 5) == "chain tabs,e | visible a | e on nav2 from x overCurrentContext/coverVertical | tabs[nav1*,nav2] nav1[a] nav2[x]")
        // a is touchable again, and presents once more.
        #expect(summary(t, 6) == "chain tabs,e,d#2 | visible d#2 | e on nav2 from x overCurrentContext/coverVertical | d#2 on nav1 from a overCurrentContext/coverVertical | tabs[nav1*,nav2] nav1[a] nav2[x]")
        // Dismissing e, below d#2 in time, leaves d#2.
        #expect(events(t, 8) == list("e.vWD e.vDD e.deinit"))
        #expect(summary(t, 8) == "chain tabs,d#2 | visible x | d#2 on nav1 from a overCurrentContext/coverVertical | tabs[nav1,nav2*] nav1[a] nav2[x]")
    }

    /// Unwinding out of one tab's context presentation dismisses that one alone: the other tab's stays.
    @Test func unwindingOutOfOneTabsContextPresentationLeavesTheOthers() throws {
        let scenes = Self.tabs.replacingOccurrences(of: "x:\n  segues:\n    next: {kind: show, to: y, trigger: Next button}\n", with: "") + """

            x:
              unwindActions: [toX]
              segues:
                over: {kind: present, to: e, trigger: Over button, modalPresentationStyle: overCurrentContext}
            """
        let t = try simulate(initial: "tabs", scenes: scenes.replacingOccurrences(of: "        e: {}\n", with: "")
                                 .replacingOccurrences(of: "\ne: {}", with: "\ne:\n  segues:\n    back: {kind: unwind, action: toX, trigger: Back}"),
                             steps: """
            - tap: a.over
            - selectTab: nav2
            - tap: x.over
            - tap: e.back
            """, detail: .full)
        #expect(t.result == .passed, "\(errorText(t) ?? "")")
        #expect(summary(t, 4) == "chain tabs,d | visible x | d on nav1 from a overCurrentContext/coverVertical | tabs[nav1,nav2*] nav1[a] nav2[x]")
        // The dismissal is asked of e's presenter, nav2, not of nav1.
        #expect(t.steps[4].events.map(\.text).contains("nav2: dismiss(animated:completion:)"))
        #expect(!t.steps[4].events.map(\.text).contains { $0.hasPrefix("nav1: dismiss") })
        #expect(!t.steps[4].events.map(\.text).contains { $0.hasPrefix("d: deinit") })
    }

    /// A swipe acts on the front-most presentation on screen: with each tab presenting in its context, the
    /// selected tab's, not the other tab's presented later and hidden with it.
    @Test func aSwipeActsOnTheSelectedTabsPresentation() throws {
        let scenes = Self.tabs.replacingOccurrences(of: "x:\n  segues:\n    next: {kind: show, to: y, trigger: Next button}\n", with: "") + """

            x:
              segues:
                over: {kind: present, to: e, trigger: Over button, modalPresentationStyle: overCurrentContext}
            """
        let scenario = try Scenario(initial: "tabs", scenes: scenes, steps: """
            - tap: a.over
            - selectTab: nav2
            - tap: x.over
            - selectTab: nav1
            - swipeDown
            """)
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(errorText(t) == "\(scenario.location(of: "swipeDown")): swipeDown: the front-most presentation 'd' is overCurrentContext, not a sheet; it cannot be swiped down")
    }

    @Test func theContextsOwnContentIsStillCoveredUnderOverCurrentContext() throws {
        let scenario = try Scenario(initial: "tabs", scenes: Self.tabs, steps: "- tap: a.over\n- tap: a.next")
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(errorText(t) == "\(scenario.location(of: "tap: a.next")): tap: 'a.next': 'a' is covered by the presented 'd' (overCurrentContext), which covers its context 'nav1'")
        #expect(summary(t, 2) == "chain tabs,d | visible d | d on nav1 from a overCurrentContext/coverVertical | tabs[nav1*,nav2] nav1[a] nav2[x]")
    }

    @Test func theContextsOwnContentIsNotOnScreenUnderCurrentContext() throws {
        let scenario = try Scenario(initial: "tabs", scenes: Self.tabs, steps: "- tap: a.current\n- tap: a.next")
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(errorText(t) == "\(scenario.location(of: "tap: a.next")): tap: 'a.next': 'a' is not on screen")
    }

    @Test func theOtherTabCanBeUsedWhileTheContextIsPresented() throws {
        let t = try simulate(initial: "tabs", scenes: Self.tabs, steps: """
            - tap: a.current
            - selectTab: nav2
            - tap: x.next
            - back
            """)
        #expect(t.result == .passed)
        #expect(events(t, 3) == list("""
            x.shouldPerform(x.next)=true y.init y.awake x.prepare(x.next→y) y.wM(nav2) y.vDL
            x.vWD y.vWA x.vDD y.vDA y.dM(nav2)
            """))
        #expect(summary(t, 3) == "chain tabs,d | visible y | d on nav1 from a currentContext/coverVertical | tabs[nav1,nav2*] nav1[a] nav2[x,y]")
        // `back` acts on the front-most visible layer: layer 0, since d is off screen with its tab.
        #expect(events(t, 4) == list("y.wM(nil) y.vWD x.vWA y.vDD x.vDA y.dM(nil) y.deinit"))
        #expect(summary(t, 4) == "chain tabs,d | visible x | d on nav1 from a currentContext/coverVertical | tabs[nav1,nav2*] nav1[a] nav2[x]")
    }

    @Test func thePresentedLayerCannotBeTouchedWhileItsTabIsHidden() throws {
        let scenario = try Scenario(initial: "tabs", scenes: Self.tabs, steps: "- tap: a.over\n- selectTab: nav2\n- tap: d.next")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "tap: d.next")): tap: 'd.next': 'd' is not on screen")
    }

    @Test func aSheetStillCoversTheTabBar() throws {
        let scenario = try Scenario(initial: "tabs", scenes: Self.tabs + "\nsheet: {}",
                                    steps: "- tap: a.over\n- present: sheet\n  from: d\n  modalPresentationStyle: pageSheet\n- selectTab: nav2")
        let t = try scenario.run()
        #expect(errorText(t) == "\(scenario.location(of: "selectTab: nav2")): selectTab: 'nav2': 'tabs' is covered by the presented 'sheet' (pageSheet); only the front-most layer can be touched")
    }

    @Test func dismissingWhileTheTabIsHiddenGivesNoAppearanceCallbacks() throws {
        let t = try simulate(initial: "tabs", scenes: Self.tabs, steps: """
            - tap: a.current
            - selectTab: nav2
            - dismiss: d
            - selectTab: nav1
            """)
        #expect(t.result == .passed)
        #expect(events(t, 3) == list("d.deinit"))
        #expect(summary(t, 3) == "chain tabs | visible x | tabs[nav1,nav2*] nav1[a] nav2[x]")
        // nav1 and a had disappeared under d; they come back with their tab.
        #expect(events(t, 4) == list("nav1.vWA a.vWA nav2.vWD x.vWD nav2.vDD x.vDD nav1.vDA a.vDA"))
        #expect(summary(t, 4) == "chain tabs | visible a | tabs[nav1*,nav2] nav1[a] nav2[x]")
    }

    @Test func dismissingAPresentedContainerWhileItsTabIsHidden() throws {
        let t = try simulate(initial: "tabs", scenes: Self.tabs, steps: """
            - tap: a.navCurrent
            - selectTab: nav2
            - dismiss: e
            """)
        #expect(t.result == .passed)
        #expect(events(t, 2) == list("nav2.vDL nav2.vWA x.vDL x.vWA dnav.vWD e.vWD dnav.vDD e.vDD nav2.vDA x.vDA"))
        #expect(events(t, 3) == list("dnav.deinit e.deinit"))
        #expect(summary(t, 3) == "chain tabs | visible x | tabs[nav1,nav2*] nav1[a] nav2[x]")
    }
}
