import Foundation
import SceneModel

/// The platform a storyboard is built for, from its `targetRuntime`.
public enum StoryboardRuntime: Sendable, Hashable {
    case iOS, iPad, tvOS, macOS, watchOS
    case unknown(String)

    init(targetRuntime: String?, documentType: String?) {
        switch targetRuntime {
        case "iOS.CocoaTouch": self = .iOS
        case "iOS.CocoaTouch.iPad": self = .iPad
        case "AppleTV": self = .tvOS
        case "MacOSX.Cocoa": self = .macOS
        case "watchKit": self = .watchOS
        case let other?: self = .unknown(other)
        case nil:
            // Files from before `targetRuntime` existed say it in their document type.
            let type = documentType ?? ""
            if type.contains("CocoaTouch") { self = .iOS }
            else if type.contains("WatchKit") { self = .watchOS }
            else if type.contains("Cocoa") { self = .macOS }
            else { self = .unknown("") }
        }
    }

    /// How messages name the runtime.
    public var displayName: String {
        switch self {
        case .iOS: "iOS"
        case .iPad: "iPad"
        case .tvOS: "tvOS"
        case .macOS: "macOS"
        case .watchOS: "watchOS"
        case .unknown(let name): name.isEmpty ? "unknown" : name
        }
    }
}

/// A storyboard read in Interface Builder's own terms: scenes, their view controller or storyboard
/// reference, and every segue; mapping to the scene model happens in `StoryboardMapper`.
struct StoryboardDocument {
    /// The path as given, used in diagnostics.
    var path: String
    /// The storyboard's name as storyboard references write it: the file name without `.storyboard`.
    var name: String
    /// The file name, kept in `Scene.Origin`.
    var fileName: String
    var runtime: StoryboardRuntime
    var runtimeAttribute: String?
    var isLaunchScreen: Bool
    var location: SourceLocation
    /// The object id of the initial view controller, with where it is written.
    var initialViewController: Located<String>?
    var scenes: [StoryboardScene]
    /// Every element with an `id`, for anchors and segue destinations.
    var elementsByID: [String: StoryboardElement]
    /// The first element whose id an earlier one has, with that one: Interface Builder gives every object its own id.
    var firstRepeatedID: (element: StoryboardElement, first: StoryboardElement)?
    /// `<segue kind=…>` elements outside any scene (Interface Builder never writes them).
    var strayScenelessSegues: [StoryboardElement]

    init(root: StoryboardElement, path: String) {
        self.path = path
        fileName = (path as NSString).lastPathComponent
        name = StoryboardImportSession.storyboardName(of: path)
        runtimeAttribute = root["targetRuntime"]
        runtime = StoryboardRuntime(targetRuntime: root["targetRuntime"], documentType: root["type"])
        isLaunchScreen = root.flag("launchScreen") == true
        location = root.location
        initialViewController = root["initialViewController"].map { Located($0, at: root.location) }
        var scenes: [StoryboardScene] = []
        var elements: [String: StoryboardElement] = [:]
        var stray: [StoryboardElement] = []
        var repeated: (element: StoryboardElement, first: StoryboardElement)?
        root.forEachDescendant { element in
            guard let id = element["id"] else { return }
            if let first = elements[id] {
                if repeated == nil { repeated = (element, first) }
            } else {
                elements[id] = element
            }
        }
        firstRepeatedID = repeated
        for child in root.children {
            if child.name == "scenes" {
                scenes += child.children.filter { $0.name == "scene" }.map(StoryboardScene.init)
            } else {
                child.forEachDescendant { element in
                    if element.name == "segue", element["kind"] != nil, element["reference"] == nil { stray.append(element) }
                }
            }
        }
        self.scenes = scenes
        elementsByID = elements
        strayScenelessSegues = stray
    }

    /// Whether the document element says this is a storyboard (and not a XIB or some other XML).
    static func kindProblem(of root: StoryboardElement) -> String? {
        guard root.name == "document" else {
            return "not an Interface Builder storyboard: the document element is <\(root.name)>, not <document>"
        }
        if let type = root["type"], !type.contains("Storyboard") {
            return type.hasSuffix(".XIB")
                ? "a XIB file, not a storyboard (type '\(type)'); Scenograph imports storyboards"
                : "not a storyboard (type '\(type)')"
        }
        return nil
    }
}

/// One `<scene>`: its view controller (`sceneMemberID="viewController"`) or storyboard reference, and its segues.
struct StoryboardScene {
    enum Member {
        case controller(StoryboardElement)
        case placeholder(StoryboardPlaceholder)
        case none
    }

    var sceneID: String
    var location: SourceLocation
    var member: Member
    /// Every `<segue kind=…>` inside the scene with the element whose `<connections>` holds it, in document order.
    var segues: [(segue: StoryboardElement, owner: StoryboardElement)]

    init(_ element: StoryboardElement) {
        sceneID = element["sceneID"] ?? ""
        location = element.location
        let objects = element.child("objects")?.children ?? []
        // The scene's view controller is the object Interface Builder marks as the scene member, wherever it sits.
        if let member = objects.first(where: { $0["sceneMemberID"] == "viewController" }) {
            if member.name == "viewControllerPlaceholder" {
                self.member = .placeholder(StoryboardPlaceholder(member))
            } else {
                self.member = .controller(member)
            }
        } else {
            member = .none
        }
        var segues: [(StoryboardElement, StoryboardElement)] = []
        func collect(_ node: StoryboardElement) {
            for child in node.children {
                if child.name == "connections" {
                    for connection in child.children where connection.name == "segue" {
                        // A segue without a kind is kept, for the import to say it is ignored.
                        if connection["reference"] == nil { segues.append((connection, node)) }
                    }
                }
                collect(child)
            }
        }
        collect(element)
        self.segues = segues
    }
}

/// A storyboard reference (`viewControllerPlaceholder`).
struct StoryboardPlaceholder {
    var objectID: String
    var storyboardName: String?
    var referencedIdentifier: String?
    var bundleIdentifier: String?
    var storyboardIdentifier: String?
    var location: SourceLocation

    init(_ element: StoryboardElement) {
        objectID = element["id"] ?? ""
        storyboardName = element["storyboardName"]
        referencedIdentifier = element["referencedIdentifier"]
        bundleIdentifier = element["bundleIdentifier"]
        storyboardIdentifier = element["storyboardIdentifier"]
        location = element.location
    }

    /// "the initial view controller of Settings.storyboard" or "view controller 'Login' of Settings.storyboard".
    var targetDescription: String {
        // A reference left unset in Interface Builder names no storyboard ("?.storyboard" before).
        let file = storyboardName.flatMap { $0.isEmpty ? nil : "\($0).storyboard" } ?? "an unnamed storyboard"
        if let referencedIdentifier { return "view controller '\(referencedIdentifier)' of \(file)" }
        return "the initial view controller of \(file)"
    }
}
