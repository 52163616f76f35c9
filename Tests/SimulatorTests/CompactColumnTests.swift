import ModelLoading
import SceneModel
import Simulator
import Testing

/// A split view's compact column (`compact:`, iOS 14 column styles), written from
/// uikit-semantics §9 before the simulator supported it: in compact width the split shows
/// its compact child instead of collapsing; the columns are not loaded while it stays
/// compact; environment changes swap them; `visible` descends into the compact child.
@Suite struct CompactColumnTests {
    static let scenes = """
        Split: {kind: split, style: doubleColumn, primary: NavP, secondary: D, compact: Tabs}
        NavP: {kind: navigation, root: P}
        P: {}
        D: {}
        Tabs: {kind: tabBar, tabs: [NavA, B]}
        NavA: {kind: navigation, root: A}
        A:
          segues:
            detail: {kind: showDetail, to: X, trigger: Row}
        B:
          segues:
            detail: {kind: showDetail, to: X, trigger: Row}
        X: {}
        """

    @Test func inCompactWidthTheSplitShowsItsCompactChildAndLeavesTheColumnsUnloaded() throws {
        let t = try simulate(initial: "Split", scenes: Self.scenes, steps: """
            - expect: {visible: A, collapsed: {Split: true}, selected: {Tabs: NavA}}
            """)
        #expect(events(t, 0) == list("""
            Split.init NavP.init P.init P.awake P.wM(NavP) P.dM(NavP) NavP.awake NavP.wM(Split) NavP.dM(Split)
            D.init D.awake D.wM(Split) D.dM(Split)
            Tabs.init NavA.init A.init A.awake A.wM(NavA) A.dM(NavA) NavA.awake NavA.wM(Tabs) NavA.dM(Tabs)
            B.init B.awake B.wM(Tabs) B.dM(Tabs) Tabs.awake Tabs.wM(Split) Tabs.dM(Split)
            Split.awake
            Split.vDL Split.vWA Tabs.vDL Tabs.vWA NavA.vDL NavA.vWA A.vDL A.vWA
            Split.vDA Tabs.vDA NavA.vDA A.vDA
            """))
        #expect(summary(t, 0) == "chain Split | visible A | Split[NavP,D,Tabs]collapsed NavP[P] Tabs[NavA*,B] NavA[A]")
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
    }

    @Test func inRegularWidthTheColumnsShowAndTheCompactChildIsNotLoaded() throws {
        let t = try simulate(initial: "Split", scenes: Self.scenes, steps: "- expect: {visible: D, collapsed: {Split: false}}",
                             environment: "{idiom: pad}")
        #expect(Array(events(t, 0).suffix(12)) == list("""
            Split.vDL Split.vWA NavP.vDL NavP.vWA P.vDL P.vWA D.vDL D.vWA Split.vDA NavP.vDA P.vDA D.vDA
            """))
        #expect(!events(t, 0).contains("Tabs.vDL"))
        #expect(summary(t, 0) == "chain Split | visible D | Split[NavP,D,Tabs] NavP[P] Tabs[NavA*,B] NavA[A]")
        #expect(t.result == .passed, "\(t.failures.map(\.failure.message))")
    }

    @Test func showDetailFromInsideTheCompactChildPushesOntoItsNavigationController() throws {
        let t = try simulate(initial: "Split", scenes: Self.scenes, steps: "- tap: A.detail")
        #expect(events(t, 1) == list("""
            A.shouldPerform(A.detail)=true X.init X.awake A.prepare(A.detail→X)
            X.wM(NavA) X.vDL A.vWD X.vWA A.vDD X.vDA X.dM(NavA)
            """))
        #expect(summary(t, 1) == "chain Split | visible X | Split[NavP,D,Tabs]collapsed NavP[P] Tabs[NavA*,B] NavA[A,X]")
    }

    @Test func showDetailWithoutANavigationControllerInTheCompactChildPresents() throws {
        let t = try simulate(initial: "Split", scenes: Self.scenes, steps: """
            - selectTab: B
            - tap: B.detail
            """)
        #expect(summary(t, 2) == "chain Split,X | visible X | X on Split from B pageSheet/coverVertical | Split[NavP,D,Tabs]collapsed NavP[P] Tabs[NavA,B*] NavA[A]")
    }

    @Test func showDetailFromAHiddenColumnGoesToTheCompactNavigationController() throws {
        let scenes = """
            Split: {kind: split, style: doubleColumn, primary: P, secondary: D, compact: NavC}
            P: {}
            D: {}
            NavC: {kind: navigation, root: C}
            C: {}
            X: {}
            """
        let t = try simulate(initial: "Split", scenes: scenes, steps: "- showDetail: X\n  from: P")
        #expect(summary(t, 1) == "chain Split | visible X | Split[P,D,NavC]collapsed NavC[C,X]")
        #expect(events(t, 1) == list("X.init X.awake X.wM(NavC) X.vDL C.vWD X.vWA C.vDD X.vDA X.dM(NavC)"))
    }

    @Test func environmentChangesSwapTheColumnsAndTheCompactChild() throws {
        let t = try simulate(initial: "Split", scenes: Self.scenes, steps: """
            - tap: A.detail
            - environment: {width: regular}
            - expect: {visible: D, collapsed: {Split: false}, stacks: {NavA: [A, X], NavP: [P]}}
            - environment: {width: compact}
            - expect: {visible: X, collapsed: {Split: true}}
            """)
        // To regular: the compact child's visible subtree disappears, the columns appear and
        // load on their first appearance; nothing moves between containers.
        #expect(events(t, 2) == list("""
            Tabs.vWD NavA.vWD X.vWD NavP.vDL NavP.vWA P.vDL P.vWA D.vDL D.vWA
            Tabs.vDD NavA.vDD X.vDD NavP.vDA P.vDA D.vDA
            """))
        #expect(events(t, 4) == list("""
            NavP.vWD P.vWD D.vWD Tabs.vWA NavA.vWA X.vWA NavP.vDD P.vDD D.vDD Tabs.vDA NavA.vDA X.vDA
            """))
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
    }

    @Test func backActsInsideTheCompactChild() throws {
        let t = try simulate(initial: "Split", scenes: Self.scenes, steps: """
            - tap: A.detail
            - back
            - expect: {visible: A, stacks: {NavA: [A]}}
            """)
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
    }

    @Test func aClassicSplitIgnoresItsCompactChild() throws {
        // `compact:` needs a column style; the loader warns, and the classic collapse applies.
        let scenes = Self.scenes.replacingOccurrences(of: "style: doubleColumn, ", with: "")
        let t = try simulate(initial: "Split", scenes: scenes, steps: "- expect: {visible: D}")
        #expect(summary(t, 0) == "chain Split | visible D | Split[NavP]collapsed NavP[P,D]")
        #expect(t.result == .passed, "\(t.failures.map(\.failure.message))")
    }

    // MARK: - The model: decoding, writing, validation

    static func load(_ scenes: String) -> LoadResult {
        let text = "format: 1\nname: T\ninitial: Split\nscenes:\n" + scenes.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
        return ModelLoader().load(text: text, path: "T.yaml")
    }

    /// Column styles begin with iOS 14: on iOS 13 the split is classic, so it collapses instead of showing its
    /// compact child (its secondary goes onto the navigation primary); the validator says so at the model's `ios:` value (a flow that does is a deliberate test of an older system).
    @Test func beforeIOS14TheSplitIsClassic() throws {
        let t = try simulate(initial: "Split", scenes: Self.scenes, steps: "- expect: {visible: D, collapsed: {Split: true}}",
                             environment: "{ios: 13}")
        #expect(t.result == .passed, "\(errorText(t) ?? "") \(t.failures.map(\.failure.message))")
        #expect(!events(t, 0).contains("Tabs.init"), "a classic split has no compact child")
        #expect(summary(t, 0) == "chain Split | visible D | Split[NavP]collapsed NavP[P,D]", "collapsed onto its navigation primary")
        let text = "format: 1\nname: S\nenvironment: {ios: 13}\ninitial: Split\nscenes:\n"
            + Self.scenes.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            + "\nflows:\n  new:\n    environment: {ios: 15}\n    steps:\n      - environment: {ios: 12}\n"
        let result = ModelLoader().load(text: text, path: "S.yaml")
        let message = "split column styles begin with iOS 14: on iOS %@, 'Split' is a classic split (no supplementary or compact column, and it collapses and expands as a classic split does)"
        #expect(result.diagnostics.map(\.description) == [
            "S.yaml:3:20: warning: " + message.replacingOccurrences(of: "%@", with: "13") + " [ineffective-setting]",
        ])
    }

    @Test func theCompactChildIsContainedReachableAndWrittenBack() throws {
        let result = Self.load(Self.scenes)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let model = try #require(result.model)
        #expect(model.scene("Split")?.compact?.value == "Tabs")
        #expect(model.scene("Split")?.containedScenes.map(\.value) == ["NavP", "D", "Tabs"])
        #expect(ModelValidator.reachableScenes(in: model).isSuperset(of: ["Tabs", "NavA", "A", "B", "X"]))
        let written = ModelWriter().yaml(for: model)
        #expect(written.contains("compact: Tabs"))
        let reread = try #require(ModelLoader().load(text: written, path: "W.yaml").model)
        #expect(reread.scene("Split")?.compact?.value == "Tabs")
    }

    @Test func compactIsValidatedLikeAColumn() throws {
        let unknown = Self.load(Self.scenes.replacingOccurrences(of: "compact: Tabs", with: "compact: Tab"))
        #expect(unknown.diagnostics.contains { $0.isError && $0.message.hasPrefix("unknown scene 'Tab' in 'Split' (did you mean 'Tabs'?)") })
        let twice = Self.load(Self.scenes.replacingOccurrences(of: "compact: Tabs", with: "compact: NavP"))
        #expect(twice.diagnostics.contains { $0.isError && $0.message == "scene 'NavP' is listed twice in 'Split'" })
        let classic = Self.load(Self.scenes.replacingOccurrences(of: "style: doubleColumn, ", with: ""))
        #expect(classic.diagnostics.map(\.message) == ["'compact' is shown only with a column style ('style: doubleColumn' or 'tripleColumn'); 'Split' is classic, so it collapses instead"])
        let notSplit = Self.load("Split: {kind: navigation, root: A, compact: A}\nA: {}")
        #expect(notSplit.diagnostics.contains { $0.isError && $0.message.contains("compact") })
    }
}
