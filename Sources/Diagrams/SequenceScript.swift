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
