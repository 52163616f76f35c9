import SceneModel

/// The UIKit decisions the simulator makes, each in one place so that it can be checked
/// against docs/semantics.md and changed when better evidence turns up. Rules marked
/// (L) or (M) in the comments are the low- and medium-confidence ones.
public enum Rules {
    // MARK: - Presentation styles (uikit-semantics §5.1)

    /// What `automatic` means on an iOS version: `fullScreen` on iOS ≤ 12, `pageSheet` on
    /// iOS 13–17 (H), `formSheet` on iOS ≥ 18 (M).
    public static func automaticStyle(ios: Int) -> PresentationStyle {
        if ios <= 12 { return .fullScreen }
        if ios <= 17 { return .pageSheet }
        return .formSheet
    }

    /// The style a presentation actually gets in an environment.
    ///
    /// - `automatic` → `automaticStyle(ios:)`.
    /// - `popover` in regular width stays a popover; in compact width the adaptation
    ///   delegate's answer wins (`none` keeps the popover), else `formSheet` on iOS ≥ 13 and
    ///   `fullScreen` on iOS ≤ 12.
    /// - `pageSheet`/`formSheet` in compact width on iOS ≤ 12 → `fullScreen`; this also applies
    ///   to a sheet the popover delegate asked for (L: one adaptation pass of the result).
    /// - Height is ignored (L): sheets in compact height keep their style name.
    public static func resolveStyle(_ requested: PresentationStyle, adaptive: AdaptivePresentationStyle?,
                                    in environment: Environment) -> PresentationStyle {
        var style = requested
        if style == .automatic { style = automaticStyle(ios: environment.ios) }
        if style == .popover, environment.width == .compact {
            switch adaptive {
            case .none?: return .popover
            case .fullScreen?: style = .fullScreen
            case .overFullScreen?: style = .overFullScreen
            case .formSheet?: style = .formSheet
            case .pageSheet?: style = .pageSheet
            case nil: style = environment.ios >= 13 ? .formSheet : .fullScreen
            }
        }
        if style.isSheet, environment.width == .compact, environment.ios <= 12 { style = .fullScreen }
        return style
    }

    /// Whether a presentation asks the presenter to be found by walking to the context
    /// (`definesPresentationContext`) rather than taking the caller's layer root.
    public static func usesPresentationContext(_ style: PresentationStyle) -> Bool {
        style == .currentContext || style == .overCurrentContext
    }

    /// Whether a presented layer of this style removes every lower layer from the screen
    /// (`fullScreen`, including what adapted to it). Sheets, `over…` styles, popovers and
    /// `custom` leave the presenter's views in place.
    public static func hidesLowerLayers(_ style: PresentationStyle) -> Bool { style == .fullScreen }

    /// Whether a presented layer of this style removes its context instance's subtree.
    public static func hidesContext(_ style: PresentationStyle) -> Bool { style == .currentContext }

    /// Whether a presented layer of this style is on screen only while its context instance
    /// is visible (M/L): a context presentation covers its context's area, so it leaves the
    /// screen with it (a tab switch away from the context's tab) and comes back with it.
    public static func followsContext(_ style: PresentationStyle) -> Bool { usesPresentationContext(style) }

    /// Whether a presented layer of this style keeps the user from touching only its context
    /// instance's subtree (M/L: on a device the tab bar around a context presentation stays
    /// usable); every other style blocks every lower layer.
    public static func blocksOnlyContext(_ style: PresentationStyle) -> Bool { usesPresentationContext(style) }

    // MARK: - Appearance orders (uikit-semantics §2)

    /// One phase of a transition: the will or did callbacks of the disappearing (D) or appearing (P) set.
    public enum Phase: Sendable, Hashable {
        case disappearingWill, appearingWill, disappearingDid, appearingDid
    }

    /// The kinds of transitions, each with its phase order.
    public enum TransitionKind: String, Sendable, Hashable, CaseIterable {
        /// Push, pop, popTo…, split column replacement, custom container child swap: D.will, P.will, D.did, P.did (H for push/pop).
        case navigation
        /// Present, dismiss, unwinds that dismiss: D.will, P.will, P.did, D.did (H present, M dismiss).
        case presentation
        /// Tab switch: P.will, D.will, D.did, P.did (M).
        case tab
        /// Page turn of a scroll-style page view controller: P.will, D.will, P.did, D.did (M).
        case pageScroll
        /// Page turn of a pageCurl page view controller: P.will, D.will, D.did, P.did (M).
        case pageCurl
        /// Launch: P.will, P.did (H).
        case launch
        /// Size-class or idiom change (split views collapsing or expanding, presentations adapting):
        /// uses the navigation order (L: the spec gives no order for size changes).
        case sizeChange

        public var phases: [Phase] {
            switch self {
            case .navigation, .sizeChange: [.disappearingWill, .appearingWill, .disappearingDid, .appearingDid]
            case .presentation: [.disappearingWill, .appearingWill, .appearingDid, .disappearingDid]
            case .tab, .pageCurl: [.appearingWill, .disappearingWill, .disappearingDid, .appearingDid]
            case .pageScroll: [.appearingWill, .disappearingWill, .appearingDid, .disappearingDid]
            case .launch: [.appearingWill, .appearingDid]
            }
        }
    }

    /// The transition of a page turn.
    public static func pageTurn(_ transition: PageTransition) -> TransitionKind {
        transition == .pageCurl ? .pageCurl : .pageScroll
    }

    /// The order of an unwind (§10.4): dismiss order when anything is dismissed, else the pop
    /// order, else the tab order.
    public static func unwindTransition(dismisses: Bool, pops: Bool, selectsTab: Bool) -> TransitionKind {
        if dismisses { return .presentation }
        if pops { return .navigation }
        if selectsTab { return .tab }
        return .navigation
    }

    // MARK: - show and showDetail (uikit-semantics §4)

    /// Whether a scene's class overrides `show(_:sender:)`: navigation and split view
    /// controllers, and custom containers whose `overrides` lists `show`.
    public static func overridesShow(_ scene: Scene) -> Bool {
        switch scene.kind {
        case .navigation, .split: true
        case .container: scene.overrides.contains { $0.value == .show }
        default: false
        }
    }

    /// Whether a scene's class overrides `showDetailViewController(_:sender:)`: split view
    /// controllers and custom containers whose `overrides` lists `showDetail` (a navigation
    /// controller does not).
    public static func overridesShowDetail(_ scene: Scene) -> Bool {
        switch scene.kind {
        case .split: true
        case .container: scene.overrides.contains { $0.value == .showDetail }
        default: false
        }
    }

    // MARK: - Split views (uikit-semantics §9; L where noted)

    /// The style a split has in `environment`: its `style`, from iOS 14, where column styles
    /// (`UISplitViewController(style:)`) begin; before, every split is classic (H: the
    /// initialiser and `UISplitViewController.Style` are marked iOS 14; the validator warns).
    public static func splitStyle(_ split: Scene, in environment: Environment) -> SplitStyle {
        environment.ios < SplitStyle.firstColumnStyleIOS ? .classic : split.splitStyle
    }

    /// Whether a split shows a compact column instead of collapsing (uikit-semantics §9): it has
    /// one, and a column style (`UISplitViewController.Column.compact` exists only for the
    /// column styles of iOS 14; a classic split ignores it, and the validator warns).
    public static func showsCompactColumn(_ split: Scene, in environment: Environment) -> Bool {
        split.compact != nil && splitStyle(split, in: environment) != .classic
    }

    /// Whether a collapsing split pushes its supplementary and secondary onto the primary
    /// (`collapse: secondary` with a navigation primary) rather than discarding them.
    public static func collapsesOntoPrimary(_ split: Scene, primaryKind: SceneKind) -> Bool {
        split.collapse == .secondary && primaryKind == .navigation
    }

    /// How many view controllers an expanding split takes back from the top of its navigation
    /// primary's stack. A `classic` split relies on `UINavigationController`'s default
    /// `separateSecondaryViewController(for:)`, which "responds by popping and returning the
    /// view controller from the top of its navigation stack" (UISplitViewControllerDelegate
    /// documentation; H for the statement, M for the outcome): the top, if the stack holds
    /// more than its root. A column-style split (`doubleColumn`, `tripleColumn`) restores its
    /// columns itself: everything pushed after the primary's own stack (`ownDepth`, L).
    public static func separatedCount(stackCount: Int, ownDepth: Int, style: SplitStyle) -> Int {
        switch style {
        case .classic: return stackCount > 1 ? 1 : 0
        case .doubleColumn, .tripleColumn: return stackCount - min(max(1, ownDepth), stackCount)
        }
    }

    /// Whether a swipe down on a sheet does nothing: `isModalInPresentation` is set on the
    /// presented instance or on an instance of its visible descent (for a presented
    /// navigation controller, its top child: Apple's sample "Disabling the pull-down gesture
    /// for a sheet" sets it there; H). `scenes` are those of the descent from the presented
    /// instance to its front-most content.
    public static func refusesInteractiveDismissal(_ scenes: [Scene]) -> Bool {
        scenes.contains { $0.isModalInPresentation }
    }

    /// How an expanding split separates what was pushed after its primary's own stack (L):
    /// the first goes back to the supplementary column (triple column only), the top one to
    /// the secondary column, anything between is discarded. A column that gets nothing is
    /// filled with a new instance of its scene by the caller.
    public static func separate<T>(_ pushed: [T], tripleColumn: Bool) -> (supplementary: T?, secondary: T?, discarded: [T]) {
        var rest = pushed[...]
        let supplementary = tripleColumn ? rest.popFirst() : nil
        let secondary = rest.popLast()
        return (supplementary, secondary, Array(rest))
    }

    // MARK: - Bounds (docs/semantics.md, "Bounds")

    /// The most view controllers presented at once (the chain's length minus the root). UIKit
    /// sets no limit, but every presented view controller keeps its views, and a device runs
    /// out of memory long before a thousand full-screen layers; a flow that gets there is a
    /// presentation cycle. Past it the flow stops with a flow error, which keeps every
    /// step's state, and so the trace, bounded.
    public static let maximumPresentedViewControllers = 1_000

    /// The most view controllers on one navigation stack, for the same reasons (a push cycle).
    public static let maximumStackDepth = 1_000

    // MARK: - Full detail (L: placement chosen for readability, see docs/semantics.md)

    /// `viewIsAppearing(_:)` exists from iOS 13 (back-deployed).
    public static func reportsViewIsAppearing(ios: Int) -> Bool { ios >= 13 }

    /// Whether a sheet can be swiped down to dismiss it: from iOS 13, whose sheets are cards (B-hack); before, a form
    /// or page sheet (on an iPad, or kept by the popover delegate) has no such gesture.
    public static func sheetsSwipeDown(ios: Int) -> Bool { ios >= 13 }

    // MARK: - Messages

    static func describe(_ className: String, _ name: String) -> String { "<\(className): \(name)>" }

    /// UIKit's log line for a presentation on a presenter whose view is not on screen.
    static func notInWindow(presented: String, presenter: String, source: String) -> String {
        "Attempt to present \(presented) on \(presenter) (from \(source)) whose view is not in the window hierarchy."
    }

    /// UIKit's log line for a presentation on a presenter that already presents.
    static func alreadyPresenting(presented: String, presenter: String, source: String, current: String) -> String {
        "Attempt to present \(presented) on \(presenter) (from \(source)) which is already presenting \(current)."
    }
}
