/// Every call the simulator reports, with its Swift signature and its `Event.Kind`: the one
/// place where a signature is tied to a kind, so an event's kind never depends on where it
/// was emitted or on reading its text.
enum Call: Sendable, Hashable {
    // Creation and lifecycle.
    case initCoder, awakeFromNib, viewDidLoad
    case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
    case viewWillLayoutSubviews, viewDidLayoutSubviews, viewWillTransition
    // Containment.
    case willMove, didMove
    // Segue machinery.
    case shouldPerformSegue, prepare, perform
    /// The destination's unwind action method, named without `(_:)`.
    case unwindAction(String)
    // UIKit API calls the app makes.
    case performSegue, show, showDetail, push, pop, popToRoot, present, dismiss, unwindTowards
    // Delegate and data source callbacks.
    case adaptivePresentationStyle, presentationControllerWillDismiss, presentationControllerDidDismiss
    case presentationControllerDidAttemptToDismiss, collapseSecondary, separateSecondary
    case pageAfter, pageBefore
    // Destruction.
    case deinitialize

    /// Every call but the unwind actions: what `EventCalls.signatures` must list (`SimulatorTests`).
    static let named: [Call] = [
        .initCoder, .awakeFromNib, .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
        .viewDidDisappear, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .viewWillTransition, .willMove, .didMove,
        .shouldPerformSegue, .prepare, .perform, .performSegue, .show, .showDetail, .push, .pop, .popToRoot, .present,
        .dismiss, .unwindTowards, .adaptivePresentationStyle, .presentationControllerWillDismiss,
        .presentationControllerDidDismiss, .presentationControllerDidAttemptToDismiss, .collapseSecondary,
        .separateSecondary, .pageAfter, .pageBefore, .deinitialize,
    ]

    var signature: String {
        switch self {
        case .initCoder: "init(coder:)"
        case .awakeFromNib: "awakeFromNib()"
        case .viewDidLoad: "viewDidLoad()"
        case .viewWillAppear: "viewWillAppear(_:)"
        case .viewIsAppearing: "viewIsAppearing(_:)"
        case .viewDidAppear: "viewDidAppear(_:)"
        case .viewWillDisappear: "viewWillDisappear(_:)"
        case .viewDidDisappear: "viewDidDisappear(_:)"
        case .viewWillLayoutSubviews: "viewWillLayoutSubviews()"
        case .viewDidLayoutSubviews: "viewDidLayoutSubviews()"
        case .viewWillTransition: "viewWillTransition(to:with:)"
        case .willMove: "willMove(toParent:)"
        case .didMove: "didMove(toParent:)"
        case .shouldPerformSegue: "shouldPerformSegue(withIdentifier:sender:)"
        case .prepare: "prepare(for:sender:)"
        case .perform: "perform()"
        case .unwindAction(let name): "\(name)(_:)"
        case .performSegue: "performSegue(withIdentifier:sender:)"
        case .show: "show(_:sender:)"
        case .showDetail: "showDetailViewController(_:sender:)"
        case .push: "pushViewController(_:animated:)"
        case .pop: "popViewController(animated:)"
        case .popToRoot: "popToRootViewController(animated:)"
        case .present: "present(_:animated:completion:)"
        case .dismiss: "dismiss(animated:completion:)"
        case .unwindTowards: "unwind(for:towards:)"
        case .adaptivePresentationStyle: "adaptivePresentationStyle(for:traitCollection:)"
        case .presentationControllerWillDismiss: "presentationControllerWillDismiss(_:)"
        case .presentationControllerDidDismiss: "presentationControllerDidDismiss(_:)"
        case .presentationControllerDidAttemptToDismiss: "presentationControllerDidAttemptToDismiss(_:)"
        case .collapseSecondary: "splitViewController(_:collapseSecondary:onto:)"
        case .separateSecondary: "splitViewController(_:separateSecondaryFrom:)"
        case .pageAfter: "pageViewController(_:viewControllerAfter:)"
        case .pageBefore: "pageViewController(_:viewControllerBefore:)"
        case .deinitialize: "deinit"
        }
    }

    var kind: Event.Kind {
        switch self {
        case .initCoder: .creation
        case .awakeFromNib, .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
             .viewDidDisappear, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .viewWillTransition: .lifecycle
        case .willMove, .didMove: .containment
        case .shouldPerformSegue: .segueCheck
        case .prepare: .seguePrepare
        case .perform: .seguePerform
        case .unwindAction: .unwindAction
        case .performSegue, .show, .showDetail, .push, .pop, .popToRoot, .present, .dismiss, .unwindTowards: .api
        case .adaptivePresentationStyle, .presentationControllerWillDismiss, .presentationControllerDidDismiss,
             .presentationControllerDidAttemptToDismiss, .collapseSecondary, .separateSecondary, .pageAfter, .pageBefore: .delegate
        case .deinitialize: .destruction
        }
    }
}
