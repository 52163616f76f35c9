import SceneModel
import Simulator
import Testing

/// The decisions kept in `Rules`, checked on their own.
@Suite struct RulesTests {
    @Test func automaticByVersion() {
        #expect([12, 13, 17, 18, 26].map { Rules.automaticStyle(ios: $0) } == [.fullScreen, .pageSheet, .pageSheet, .formSheet, .formSheet])
    }

    @Test func contextStylesAndHiding() {
        let hiding = PresentationStyle.allCases.filter(Rules.hidesLowerLayers)
        #expect(hiding == [.fullScreen])
        #expect(PresentationStyle.allCases.filter(Rules.hidesContext) == [.currentContext])
        #expect(PresentationStyle.allCases.filter(Rules.usesPresentationContext) == [.currentContext, .overCurrentContext])
        #expect(PresentationStyle.allCases.filter(Rules.followsContext) == [.currentContext, .overCurrentContext])
        #expect(PresentationStyle.allCases.filter(Rules.blocksOnlyContext) == [.currentContext, .overCurrentContext])
        // Context styles never adapt.
        let iPhone12 = Environment(idiom: .phone, ios: 12)
        #expect(Rules.resolveStyle(.currentContext, adaptive: nil, in: iPhone12) == .currentContext)
        #expect(Rules.resolveStyle(.overCurrentContext, adaptive: nil, in: iPhone12) == .overCurrentContext)
        #expect(Rules.resolveStyle(.custom, adaptive: .fullScreen, in: iPhone12) == .custom)
    }

    /// A popover adapts in compact width only, as the shared spec says (§5.1), not in compact height (a device
    /// on iOS 13 and later shows a sheet there: docs/semantics.md, open questions).
    @Test func popoversAdaptInCompactWidth() {
        #expect(Rules.resolveStyle(.popover, adaptive: nil, in: Environment(idiom: .phone, width: .regular, height: .compact, ios: 17)) == .popover)
        #expect(Rules.resolveStyle(.popover, adaptive: nil, in: Environment(idiom: .phone, width: .compact, height: .compact, ios: 17)) == .formSheet)
        #expect(Rules.resolveStyle(.popover, adaptive: nil, in: Environment(idiom: .phone, width: .compact, height: .regular, ios: 12)) == .fullScreen)
    }

    @Test func phaseOrders() {
        #expect(Rules.TransitionKind.navigation.phases == [.disappearingWill, .appearingWill, .disappearingDid, .appearingDid])
        #expect(Rules.TransitionKind.presentation.phases == [.disappearingWill, .appearingWill, .appearingDid, .disappearingDid])
        #expect(Rules.TransitionKind.tab.phases == [.appearingWill, .disappearingWill, .disappearingDid, .appearingDid])
        #expect(Rules.TransitionKind.pageScroll.phases == [.appearingWill, .disappearingWill, .appearingDid, .disappearingDid])
        #expect(Rules.TransitionKind.pageCurl.phases == [.appearingWill, .disappearingWill, .disappearingDid, .appearingDid])
        #expect(Rules.TransitionKind.launch.phases == [.appearingWill, .appearingDid])
        #expect(Rules.unwindTransition(dismisses: true, pops: true, selectsTab: true) == .presentation)
        #expect(Rules.unwindTransition(dismisses: false, pops: true, selectsTab: true) == .navigation)
        #expect(Rules.unwindTransition(dismisses: false, pops: false, selectsTab: true) == .tab)
    }

    @Test func splitSeparation() {
        let four = Rules.separate([1, 2, 3, 4], tripleColumn: true)
        #expect(four.supplementary == 1 && four.secondary == 4 && four.discarded == [2, 3])
        let triple = Rules.separate([7], tripleColumn: true)
        #expect(triple.supplementary == 7 && triple.secondary == nil && triple.discarded.isEmpty)
        let double = Rules.separate([5, 6], tripleColumn: false)
        #expect(double.supplementary == nil && double.secondary == 6 && double.discarded == [5])
        let none = Rules.separate([Int](), tripleColumn: true)
        #expect(none.supplementary == nil && none.secondary == nil && none.discarded.isEmpty)
    }

    @Test func showOverrides() {
        var container = Scene(id: "C", kind: .container)
        #expect(!Rules.overridesShow(container) && !Rules.overridesShowDetail(container))
        container.overrides = [Located(.showDetail)]
        #expect(!Rules.overridesShow(container) && Rules.overridesShowDetail(container))
        #expect(Rules.overridesShow(Scene(id: "N", kind: .navigation)) && !Rules.overridesShowDetail(Scene(id: "N", kind: .navigation)))
        #expect(Rules.overridesShow(Scene(id: "S", kind: .split)) && Rules.overridesShowDetail(Scene(id: "S", kind: .split)))
        #expect(!Rules.overridesShow(Scene(id: "T", kind: .tabBar)) && !Rules.overridesShow(Scene(id: "P", kind: .page)))
    }
}
