/// A lifecycle sequence, independent of where it came from: participants (lifelines) and items in time order.
public struct SequenceScript: Sendable, Hashable {
    public struct Participant: Sendable, Hashable {
        public enum Role: String, Sendable, Hashable {
            case user, uikit, content, container
        }

        /// Unique name, e.g. `photo#2`, `UIKit`, `User`.
        public var id: String
        public var title: String
        /// Second header line, e.g. the class.
        public var subtitle: String?
        /// Third header line, e.g. "in libraryNav".
        public var detail: String?
        public var role: Role

        public init(id: String, title: String, subtitle: String? = nil, detail: String? = nil, role: Role) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.detail = detail
            self.role = role
        }
    }

    public enum MessageStyle: String, Sendable, Hashable {
        /// A callback UIKit makes (UIKit → instance).
        case callback
        /// A UIKit API the instance calls (instance → UIKit), at full detail.
        case api
        /// The user acting on the app.
        case user
        /// `init(coder:)`: the participant's lifeline starts here.
        case create
        /// `deinit`: the participant's lifeline ends here.
        case destroy
    }

    public enum Item: Sendable, Hashable {
        /// A step of the flow: drawn as a labelled band across the diagram.
        case step(index: Int, text: String)
        case message(from: String, to: String, label: String, style: MessageStyle)
        case note(String)
        case warning(String)
        case failure(String)
        /// `participant` is active (an activation bar) from item `from` to item `to`, inclusive.
        case activation(participant: String, from: Int, to: Int)
    }

    public var title: String
    public var participants: [Participant]
    public var items: [Item]

    public init(title: String, participants: [Participant] = [], items: [Item] = []) {
        self.title = title
        self.participants = participants
        self.items = items
    }
}

extension SequenceScript.Item {
    /// The item with its item indices (activations) moved by `offset`.
    func shifted(by offset: Int) -> Self {
        if case .activation(let participant, let from, let to) = self {
            return .activation(participant: participant, from: from + offset, to: to + offset)
        }
        return self
    }
}

/// How a flow's launch (step 0) is drawn: summarised (one row per container with its children) or every callback.
public enum LaunchDetail: String, Sendable, Hashable, CaseIterable {
    case summary, full
}

/// The drawn items of one step: its band first, activations indexed from the segment's start.
struct SequenceSegment: Sendable, Hashable {
    var step: Int
    var text: String
    var items: [SequenceScript.Item]
}

/// A part of a flow's sequence: one step (or a piece of a step too wide for one part) with only its participants.
public struct SequencePart: Sendable, Hashable {
    /// The widest a part's layout may be, in points: with Graphviz's padding, 1,400 CSS px at natural size
    /// (an SVG's `pt` is 4/3 px), which GitHub's ~880 px column shows at 63% or more.
    public static let maximumWidth = 1_020.0
    /// The most steps a flow may have for its whole sequence to be drawn in one diagram as well as in parts.
    public static let wholeFlowLimit = 200
    /// The step's index (0 is the launch) and action.
    public var step: Int
    public var text: String
    /// 1-based number of this part among the step's parts, and their count.
    public var part: Int
    public var of: Int
    public var script: SequenceScript
}
