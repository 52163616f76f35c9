/// The calls a flow's events are made of, as `expect: {events: […], noEvents: […]}` names them (`photo:
/// viewDidLoad()`): the simulator's signatures (`SimulatorTests` checks the two lists agree), and an unwind
/// action's `<action>(_:)`. A name outside them never matches an event, so an expectation naming it would check
/// nothing; validation says so instead.
public enum EventCalls {
    public static let signatures: [String] = [
        "init(coder:)", "awakeFromNib()", "viewDidLoad()",
        "viewWillAppear(_:)", "viewIsAppearing(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)", "viewDidDisappear(_:)",
        "viewWillLayoutSubviews()", "viewDidLayoutSubviews()", "viewWillTransition(to:with:)",
        "willMove(toParent:)", "didMove(toParent:)",
        "shouldPerformSegue(withIdentifier:sender:)", "prepare(for:sender:)", "perform()",
        "performSegue(withIdentifier:sender:)", "show(_:sender:)", "showDetailViewController(_:sender:)",
        "pushViewController(_:animated:)", "popViewController(animated:)", "popToRootViewController(animated:)",
        "present(_:animated:completion:)", "dismiss(animated:completion:)", "unwind(for:towards:)",
        "adaptivePresentationStyle(for:traitCollection:)", "presentationControllerWillDismiss(_:)",
        "presentationControllerDidDismiss(_:)", "presentationControllerDidAttemptToDismiss(_:)",
        "splitViewController(_:collapseSecondary:onto:)", "splitViewController(_:separateSecondaryFrom:)",
        "pageViewController(_:viewControllerAfter:)", "pageViewController(_:viewControllerBefore:)",
        "deinit",
    ]
}
