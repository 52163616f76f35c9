import SceneModel
import Simulator
import Testing

/// Issue 16, written from uikit-semantics §4, §6 and §9 before the simulator was changed:
/// a navigation controller shown as the detail of a collapsed split (Xcode's Master-Detail
/// template on a phone), and `isModalInPresentation` on the top child of a presented
/// navigation controller.
@Suite struct FidelityTests {
    // MARK: - §4: showDetail of a navigation controller in a collapsed split

    /// The template: a split of two navigation controllers; the master's `showDetail` segue
    /// goes to the detail navigation controller. `collapse: primary` is the template's
    /// delegate answer at launch (no detail item yet: the secondary is discarded).
    static let template = """
        Split: {kind: split, primary: MasterNav, secondary: DetailNav, collapse: primary}
        MasterNav: {kind: navigation, root: Master}
        Master:
          segues:
            showDetail: {kind: showDetail, to: DetailNav, trigger: cell selection}
        DetailNav: {kind: navigation, root: Detail}
        Detail:
          segues:
            more: {kind: show, to: More, trigger: More button}
        More: {}
        """

    @Test func theTemplatesShowDetailNestsTheDetailNavigationControllerInThePrimary() throws {
        let t = try simulate(initial: "Split", scenes: Self.template, steps: """
            - tap: Master.showDetail
            - expect: {stacks: {MasterNav: [Master, DetailNav#2], DetailNav#2: [Detail#2]}, visible: Detail#2, collapsed: {Split: true}}
            """)
        // Launch: the template's delegate discards the secondary; the master is on screen.
        #expect(summary(t, 0) == "chain Split | visible Master | Split[MasterNav]collapsed MasterNav[Master]")
        // The detail navigation controller is pushed as one item: it joins the primary,
        // loads before the will-phase; its root loads right before its own viewWillAppear.
        #expect(events(t, 1) == list("""
            Master.shouldPerform(Master.showDetail)=true
            DetailNav#2.init Detail#2.init Detail#2.awake Detail#2.wM(DetailNav#2) Detail#2.dM(DetailNav#2) DetailNav#2.awake
            Master.prepare(Master.showDetail→DetailNav#2)
            DetailNav#2.wM(MasterNav) DetailNav#2.vDL
            Master.vWD DetailNav#2.vWA Detail#2.vDL Detail#2.vWA
            Master.vDD DetailNav#2.vDA Detail#2.vDA
            DetailNav#2.dM(MasterNav)
            """))
        #expect(summary(t, 1) == "chain Split | visible Detail#2 | Split[MasterNav]collapsed MasterNav[Master,DetailNav#2] DetailNav#2[Detail#2]")
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
    }

    @Test func backPopsTheNestedNavigationControllerAsOneItem() throws {
        let t = try simulate(initial: "Split", scenes: Self.template, steps: """
            - tap: Master.showDetail
            - back
            """)
        #expect(events(t, 2) == list("""
            DetailNav#2.wM(nil) DetailNav#2.vWD Detail#2.vWD Master.vWA DetailNav#2.vDD Detail#2.vDD Master.vDA
            DetailNav#2.dM(nil) DetailNav#2.deinit Detail#2.deinit
            """))
        #expect(summary(t, 2) == "chain Split | visible Master | Split[MasterNav]collapsed MasterNav[Master]")
        #expect(t.result == .passed)
    }

    @Test func insideTheNestedNavigationControllerShowPushesAndBackPopsItFirst() throws {
        let t = try simulate(initial: "Split", scenes: Self.template, steps: """
            - tap: Master.showDetail
            - tap: Detail.more
            - expect: {stacks: {MasterNav: [Master, DetailNav#2], DetailNav#2: [Detail#2, More]}, visible: More}
            - back
            - expect: {stacks: {MasterNav: [Master, DetailNav#2], DetailNav#2: [Detail#2]}, visible: Detail#2}
            - back
            - expect: {stacks: {MasterNav: [Master]}, visible: Master}
            """)
        #expect(events(t, 2) == list("""
            Detail#2.shouldPerform(Detail.more)=true More.init More.awake Detail#2.prepare(Detail.more→More)
            More.wM(DetailNav#2) More.vDL Detail#2.vWD More.vWA Detail#2.vDD More.vDA More.dM(DetailNav#2)
            """))
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
    }

    @Test func expandingSeparatesTheNestedNavigationControllerIntoTheSecondaryColumn() throws {
        let t = try simulate(initial: "Split", scenes: Self.template, steps: """
            - tap: Master.showDetail
            - environment: {width: regular}
            - expect: {collapsed: {Split: false}, stacks: {MasterNav: [Master], DetailNav#2: [Detail#2]}, visible: Detail#2}
            """)
        // A move: addChild(_:) first removes it from the primary (didMove(toParent: nil)),
        // then it joins the split; the master appears again beside the detail, which stays
        // on screen.
        #expect(events(t, 2) == list("DetailNav#2.dM(nil) DetailNav#2.wM(Split) Master.vWA Master.vDA DetailNav#2.dM(Split)"))
        #expect(summary(t, 2) == "chain Split | visible Detail#2 | Split[MasterNav,DetailNav#2] MasterNav[Master] DetailNav#2[Detail#2]")
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
    }

    @Test func withoutTheTemplatesDelegateTheSecondaryIsNestedAtLaunchAndReplacedByShowDetail() throws {
        // `collapse: secondary` (no delegate): the storyboard's detail navigation controller
        // is collapsed onto the master at launch; the user goes back to the master, then
        // picks a row.
        let scenes = Self.template.replacingOccurrences(of: ", collapse: primary", with: "")
        let t = try simulate(initial: "Split", scenes: scenes, steps: """
            - expect: {stacks: {MasterNav: [Master, DetailNav]}, visible: Detail}
            - back
            - tap: Master.showDetail
            - expect: {stacks: {MasterNav: [Master, DetailNav#2]}, visible: Detail#2}
            """)
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
    }

    @Test func showOfANavigationControllerFromTheMasterIsStillAnException() throws {
        // `show` reaches the master's navigation controller first: UIKit raises.
        let scenes = Self.template.replacingOccurrences(of: "kind: showDetail, to: DetailNav", with: "kind: show, to: DetailNav")
        let t = try simulate(initial: "Split", scenes: scenes, steps: "- tap: Master.showDetail")
        #expect(t.result == .error)
        #expect(errorText(t)?.contains("Pushing a navigation controller is not supported") == true)
    }

    // MARK: - §6: isModalInPresentation on the top child of a presented navigation controller

    static let lockedSheet = """
        A:
          segues:
            edit: {kind: present, to: EditNav, trigger: Edit}
        EditNav: {kind: navigation, root: Editor}
        Editor:
          isModalInPresentation: true
          segues:
            next: {kind: show, to: Review, trigger: Next}
        Review:
          segues:
            lock: {kind: show, to: Locked, trigger: Lock}
        Locked: {isModalInPresentation: true}
        """

    @Test func aSwipeDoesNothingWhileTheTopChildIsModalInPresentation() throws {
        let t = try simulate(initial: "A", scenes: Self.lockedSheet, steps: """
            - tap: A.edit
            - swipeDown
            - expect: {chain: [A, EditNav], visible: Editor, noEvents: ["EditNav: viewWillDisappear(_:)"]}
            """)
        #expect(events(t, 2).isEmpty)
        #expect(t.steps[2].state == t.steps[1].state)
        #expect(t.steps[2].warnings.isEmpty)
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
    }

    @Test func aChildWithoutTheFlagPushedOnTopLetsTheSwipeDismiss() throws {
        let t = try simulate(initial: "A", scenes: Self.lockedSheet, steps: """
            - tap: A.edit
            - tap: Editor.next
            - swipeDown
            """)
        #expect(events(t, 3) == list("EditNav.vWD Review.vWD EditNav.vDD Review.vDD EditNav.deinit Editor.deinit Review.deinit"))
        #expect(summary(t, 3) == "chain A | visible A")
        #expect(t.result == .passed)
    }

    @Test func aFlaggedChildPushedOnTopBlocksTheSwipeAgain() throws {
        let t = try simulate(initial: "A", scenes: Self.lockedSheet, steps: """
            - tap: A.edit
            - tap: Editor.next
            - tap: Review.lock
            - swipeDown
            - expect: {chain: [A, EditNav], visible: Locked}
            """)
        #expect(events(t, 4).isEmpty)
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
    }

    /// Before iOS 13 a sheet has no pull-down gesture: an iPad's form sheet on iOS 12 cannot be swiped down.
    @Test func aSheetOnIOS12CannotBeSwipedDown() throws {
        let scenes = "A:\n  segues:\n    form: {kind: present, to: P, trigger: Form, modalPresentationStyle: formSheet}\nP: {}"
        let scenario = try Scenario(initial: "A", scenes: scenes, steps: "- tap: A.form\n- swipeDown", environment: "{idiom: pad, ios: 12}")
        let t = try scenario.run()
        #expect(t.result == .error)
        #expect(summary(t, 1) == "chain A,P | visible P | P on A from A formSheet/coverVertical")
        #expect(errorText(t) == "\(scenario.location(of: "swipeDown")): swipeDown: the front-most presentation 'P' is a formSheet, which cannot be swiped down on iOS 12 (sheets can from iOS 13)")
        // The same sheet on iOS 13 is swiped away.
        let later = try simulate(initial: "A", scenes: scenes, steps: "- tap: A.form\n- swipeDown", environment: "{idiom: pad, ios: 13}")
        #expect(later.result == .passed)
        #expect(summary(later, 2) == "chain A | visible A")
    }

    @Test func atFullDetailTheDelegateHearsOfTheAttempt() throws {
        let t = try simulate(initial: "A", scenes: Self.lockedSheet, steps: """
            - tap: A.edit
            - swipeDown
            """, detail: .full)
        #expect(t.steps[2].events.map(\.text) == ["A: presentationControllerDidAttemptToDismiss(_:)"])
    }

    // MARK: - Rules settled by issue 16 (docs/semantics.md, rule table)

    @Test func dismissWithNothingToDismissIsAWarningAndChangesNothing() throws {
        let t = try simulate(initial: "Nav", scenes: "Nav: {kind: navigation, root: A}\nA: {}", steps: "- dismiss: A")
        #expect(events(t, 1).isEmpty)
        #expect(t.steps[1].warnings == ["dismiss(animated:completion:) on <UIViewController: A> does nothing: it presents nothing and is not presented"])
        #expect(t.steps[1].state == t.steps[0].state)
        #expect(t.result == .passed)
    }

    /// A presenter whose view left the window (its tab is no longer selected) cannot present: UIKit logs it and
    /// presents nothing; the instance made for it is discarded.
    @Test func aPresenterOffScreenPresentsNothing() throws {
        let t = try simulate(initial: "Tab", scenes: """
            Tab: {kind: tabBar, tabs: [Nav1, Nav2]}
            Nav1: {kind: navigation, root: A}
            Nav2: {kind: navigation, root: X}
            A: {}
            X: {}
            D: {modalPresentationStyle: overCurrentContext}
            E: {modalPresentationStyle: pageSheet}
            """, steps: """
            - {present: D, from: A}
            - selectTab: Nav2
            - {present: E, from: D}
            """)
        #expect(events(t, 3) == ["E.init", "E.awake", "E.deinit"])
        #expect(t.steps[3].warnings == ["Attempt to present <UIViewController: E> on <UIViewController: D> (from <UIViewController: D>) whose view is not in the window hierarchy."])
        #expect(t.steps[3].state == t.steps[2].state)
        #expect(t.result == .passed)
    }

    @Test func showInACollapsedSplitWithoutANavigationControllerPresentsWithTheDestinationsStyles() throws {
        let t = try simulate(initial: "Split", scenes: """
            Split: {kind: split, primary: P, secondary: D, collapse: primary}
            P:
              segues:
                open: {kind: show, to: F, trigger: Open}
            D: {}
            F: {modalPresentationStyle: formSheet, modalTransitionStyle: crossDissolve}
            """, steps: "- tap: P.open")
        #expect(summary(t, 1) == "chain Split,F | visible F | F on Split from P formSheet/crossDissolve | Split[P]collapsed")
    }

    @Test func dismissingSeveralLayersGivesTheVisibleIntermediateLayersDisappearanceCallbacks() throws {
        // R presents S1 (sheet), S1 presents S2 (sheet): both sheets are on screen; dismissing
        // from R takes both in one transition, lower layer first; R was never hidden.
        let t = try simulate(initial: "R", scenes: """
            R:
              segues:
                one: {kind: present, to: S1, modalPresentationStyle: pageSheet}
            S1:
              segues:
                two: {kind: present, to: S2, modalPresentationStyle: formSheet}
            S2: {}
            """, steps: """
            - perform: R.one
            - perform: S1.two
            - dismiss: R
            """)
        #expect(events(t, 3) == list("S1.vWD S2.vWD S1.vDD S2.vDD S1.deinit S2.deinit"))
        #expect(summary(t, 3) == "chain R | visible R")
    }

    @Test func anUnwindThatSwitchesTabsAndDismissesIsOneTransitionInDismissOrder() throws {
        let t = try simulate(initial: "Tabs", scenes: """
            Tabs: {kind: tabBar, tabs: [Home, Other]}
            Home: {unwindActions: [toHome]}
            Other:
              segues:
                modal: {kind: present, to: M, modalPresentationStyle: fullScreen}
            M:
              segues:
                home: {kind: unwind, action: toHome, trigger: Home}
            """, steps: """
            - selectTab: Other
            - perform: Other.modal
            - tap: M.home
            """)
        // D = [M] (Other is hidden by the full-screen M), P = [Tabs, Home]: D.will, P.will, P.did, D.did.
        #expect(events(t, 3) == list("""
            M.shouldPerform(M.home)=true M.prepare(M.home→Home) Home.toHome(M.home)
            M.vWD Tabs.vWA Home.vWA Tabs.vDA Home.vDA M.vDD M.deinit
            """))
        #expect(summary(t, 3) == "chain Tabs | visible Home | Tabs[Home*,Other]")
    }
}
