// MARK: - Kinds and styles of format 1

/// The kind of a scene: a content view controller or a container.
public enum SceneKind: String, Sendable, Hashable, Codable, CaseIterable {
    case content, table, collection, navigation, tabBar, split, page, container

    /// Whether scenes of this kind hold relationship children.
    public var isContainer: Bool {
        switch self {
        case .navigation, .tabBar, .split, .page, .container: true
        case .content, .table, .collection: false
        }
    }

    /// The UIKit class a scene of this kind has when the model names none.
    public var defaultClass: String {
        switch self {
        case .content: "UIViewController"
        case .table: "UITableViewController"
        case .collection: "UICollectionViewController"
        case .navigation: "UINavigationController"
        case .tabBar: "UITabBarController"
        case .split: "UISplitViewController"
        case .page: "UIPageViewController"
        case .container: "UIViewController"
        }
    }
}

/// The kind of a segue, including the deprecated storyboard kinds.
///
/// `code` is navigation the app's Swift code does without a storyboard segue (`present(_:animated:)`,
/// `pushViewController(_:animated:)`, …): the segue's `call` says which.
public enum SegueKind: String, Sendable, Hashable, Codable, CaseIterable {
    case show, showDetail, present, popover, embed, unwind, custom
    case code
    case push, modal, replace

    /// Deprecated kinds behave as a modern one.
    public var isDeprecated: Bool { self == .push || self == .modal || self == .replace }

    /// The modern kind this one behaves as.
    public var effective: SegueKind {
        switch self {
        case .push: .show
        case .modal: .present
        case .replace: .showDetail
        default: self
        }
    }

    /// Whether the segue presents its destination modally (possibly after adaptation).
    public var isModal: Bool {
        switch effective {
        case .present, .popover, .custom: true
        default: false
        }
    }
}

/// The UIKit call a `code` segue records.
public enum CodeCall: String, Sendable, Hashable, Codable, CaseIterable {
    case present, push, show, showDetail, dismiss

    /// The Swift signature, as traces and docs name it.
    public var signature: String {
        switch self {
        case .present: "present(_:animated:completion:)"
        case .push: "pushViewController(_:animated:)"
        case .show: "show(_:sender:)"
        case .showDetail: "showDetailViewController(_:sender:)"
        case .dismiss: "dismiss(animated:completion:)"
        }
    }

    /// The segue kind that behaves as the call; `nil` for `dismiss`, which leads to no new scene.
    public var segueKind: SegueKind? {
        switch self {
        case .present: .present
        case .push: .push
        case .show: .show
        case .showDetail: .showDetail
        case .dismiss: nil
        }
    }
}

public enum PresentationStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case automatic, fullScreen, pageSheet, formSheet, currentContext, overFullScreen, overCurrentContext, popover, custom

    /// Sheets can be swiped down.
    public var isSheet: Bool { self == .pageSheet || self == .formSheet }
}

public enum TransitionStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl
}

/// What a popover's adaptation delegate returns for compact width.
public enum AdaptivePresentationStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case none, fullScreen, overFullScreen, formSheet, pageSheet
}

public enum Idiom: String, Sendable, Hashable, Codable, CaseIterable {
    case phone, pad
}

public enum SizeClass: String, Sendable, Hashable, Codable, CaseIterable {
    case compact, regular
}

public enum SplitStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case classic, doubleColumn, tripleColumn

    /// The first iOS with column styles (`UISplitViewController(style:)`): before it, every split is classic.
    public static let firstColumnStyleIOS = 14
}

/// Which column a collapsed split view keeps on top.
public enum CollapseSide: String, Sendable, Hashable, Codable, CaseIterable {
    case secondary, primary
}

public enum PageTransition: String, Sendable, Hashable, Codable, CaseIterable {
    case scroll, pageCurl
}

/// The `show` methods a custom container overrides.
public enum ShowOverride: String, Sendable, Hashable, Codable, CaseIterable {
    case show, showDetail
}

public enum PageDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case next, previous
}
