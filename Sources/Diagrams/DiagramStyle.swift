import Foundation
import SceneModel

/// The one style table of Scenograph's diagrams: colours, shapes, line styles and arrowheads of every
/// scene kind, segue kind, relationship, sequence participant role, message and note, and the chain
/// pictures. Every diagram draws from it, and every legend (the segue graph's own, the Markdown and
/// HTML legends) is generated from it, so a kind looks the same everywhere and its legend cannot drift.
///
/// Every colour used for text is at least 4.5:1 against white (WCAG 2.1 AA); `DiagramStyleTests` checks it.
public enum DiagramStyle {
    public static let fontName = "Helvetica,Arial,sans-serif"
    /// The longest line of a segue's name on an arrow (longer names are broken at spaces).
    public static let segueLabelWidth = 24
    /// The graph attribute that has the renderer lay a graph out again in the direction it names when its layout
    /// comes out as a wide ribbon (the renderer's `GraphvizRenderer.wideDirectionAttribute`, which a test compares).
    public static let wideDirectionAttribute = "scenograph_rankdir_when_wide"
    /// The subgraph attribute that leaves a subgraph out of such a turned layout (`GraphvizRenderer`'s
    /// `omittedWhenTurnedAttribute`): the segue graph's legend, arranged for left to right, which the page repeats.
    public static let omittedWhenTurnedAttribute = "scenograph_omitted_when_turned"
    public static let textColor = "#1F2937"
    public static let secondaryTextColor = "#4B5563"
    public static let background = "#FFFFFF"

    // MARK: - Scenes

    /// How scenes of one kind are drawn.
    public struct SceneStyle: Hashable, Sendable {
        /// Graphviz node shape.
        public var shape: String
        public var fill: String
        public var stroke: String
        /// Background of the cluster of a container scene.
        public var clusterFill: String

        public var nodeAttributes: DOTAttributes {
            ["shape": .string(shape), "style": shape == "box" ? "rounded,filled" : "filled",
             "fillcolor": .string(fill), "color": .string(stroke)]
        }
    }

    /// The outline of the scene a diagram is about (on a scene's page, that scene in its neighbourhood); other
    /// scenes' outlines are 1.2 (the graph's node default).
    public static let focusPenwidth = 3.0

    public static func scene(_ kind: SceneKind) -> SceneStyle {
        switch kind {
        case .content: SceneStyle(shape: "box", fill: "#FFFFFF", stroke: "#6B7280", clusterFill: "#FFFFFF")
        case .table: SceneStyle(shape: "box", fill: "#DBEAFE", stroke: "#2563EB", clusterFill: "#EFF6FF")
        case .collection: SceneStyle(shape: "box", fill: "#DCFCE7", stroke: "#16A34A", clusterFill: "#F0FDF4")
        case .navigation: SceneStyle(shape: "tab", fill: "#FFEDD5", stroke: "#C2410C", clusterFill: "#FFF7ED")
        case .tabBar: SceneStyle(shape: "folder", fill: "#F3E8FF", stroke: "#9333EA", clusterFill: "#FAF5FF")
        case .split: SceneStyle(shape: "box3d", fill: "#CCFBF1", stroke: "#0F766E", clusterFill: "#F0FDFA")
        case .page: SceneStyle(shape: "note", fill: "#FCE7F3", stroke: "#BE185D", clusterFill: "#FDF2F8")
        case .container: SceneStyle(shape: "component", fill: "#E5E7EB", stroke: "#4B5563", clusterFill: "#F9FAFB")
        }
    }

    // MARK: - Links

    /// How links of one kind are drawn.
    public struct LinkStyle: Hashable, Sendable {
        public var color: String
        /// Graphviz `style`: `solid`, `dashed`, `dotted`, `bold`.
        public var line: String
        public var arrowhead: String
        public var arrowtail: String?
        public var penwidth: Double
        /// The colour of the link's label; the line's colour unless that is too light for text.
        public var labelColor: String

        public init(color: String, line: String, arrowhead: String, arrowtail: String? = nil, penwidth: Double, labelColor: String? = nil) {
            self.color = color
            self.line = line
            self.arrowhead = arrowhead
            self.arrowtail = arrowtail
            self.penwidth = penwidth
            self.labelColor = labelColor ?? color
        }

        public var edgeAttributes: DOTAttributes {
            var attributes: DOTAttributes = [
                "color": .string(color), "fontcolor": .string(labelColor), "style": .string(line),
                "arrowhead": .string(arrowhead), "penwidth": .number(penwidth),
            ]
            if let arrowtail {
                attributes["arrowtail"] = .string(arrowtail)
                attributes["dir"] = "both"
            }
            return attributes
        }

        /// The drawing in words, for legends: "dashed line, arrowhead, dot at the start".
        public var description: String {
            var parts = ["\(line == "bold" ? "thick solid" : line) line", Self.words(arrowhead)]
            if let arrowtail { parts.append(Self.words(arrowtail) + " at the start") }
            return parts.joined(separator: ", ")
        }

        /// A Graphviz arrow shape in a reader's words.
        static func words(_ shape: String) -> String {
            switch shape {
            case "normal": "arrowhead"
            case "normalnormal": "double arrowhead"
            case "vee": "V-shaped arrowhead"
            case "diamond": "filled diamond"
            case "odiamond": "open diamond"
            case "box": "filled square"
            case "dot": "dot"
            case "odot": "open circle"
            case "none": "no arrowhead"
            default: shape
            }
        }
    }

    /// A segue of `kind`; deprecated kinds are drawn like the kind they behave as, dotted.
    public static func segue(_ kind: SegueKind) -> LinkStyle {
        var style: LinkStyle
        switch kind.effective {
        case .show: style = LinkStyle(color: "#2563EB", line: "solid", arrowhead: "normal", penwidth: 1.4)
        case .showDetail: style = LinkStyle(color: "#0F766E", line: "solid", arrowhead: "normalnormal", penwidth: 1.4)
        case .present: style = LinkStyle(color: "#C2410C", line: "solid", arrowhead: "normal", penwidth: 2)
        case .popover: style = LinkStyle(color: "#9333EA", line: "solid", arrowhead: "vee", arrowtail: "odot", penwidth: 1.4)
        case .embed: style = LinkStyle(color: "#475569", line: "bold", arrowhead: "diamond", penwidth: 2)
        case .unwind: style = LinkStyle(color: "#DC2626", line: "dashed", arrowhead: "normal", penwidth: 1.4)
        case .custom: style = LinkStyle(color: "#A16207", line: "solid", arrowhead: "box", penwidth: 1.6)
        // Graphviz has no dash-dot line: a dashed line starting at a dot.
        case .code: style = LinkStyle(color: "#0369A1", line: "dashed", arrowhead: "normal", arrowtail: "dot", penwidth: 1.4)
        case .push, .modal, .replace: style = LinkStyle(color: "#6B7280", line: "solid", arrowhead: "normal", penwidth: 1)
        }
        if kind.isDeprecated { style.line = "dotted" }
        return style
    }

    /// A container's link to a relationship child (root, tab, column, page, child).
    public static let relationship = LinkStyle(color: "#9CA3AF", line: "solid", arrowhead: "none", arrowtail: "odiamond",
                                               penwidth: 1, labelColor: secondaryTextColor)

    /// The entry arrow to the initial scene.
    public static let initial = LinkStyle(color: "#111827", line: "solid", arrowhead: "normal", penwidth: 1.6)

    /// What a segue kind does, in the words of the legends.
    public static func meaning(_ kind: SegueKind) -> String {
        switch kind {
        case .show: "pushed onto the nearest navigation controller, else presented"
        case .showDetail: "replaces a split view's secondary column, else shown or presented"
        case .present: "presented modally; the presentation style is on the label"
        case .popover: "presented as a popover (adapts in compact width)"
        case .embed: "a child embedded when its parent's view loads (container view)"
        case .unwind: "unwinds to the nearest scene implementing the action; one arrow to each implementer"
        case .custom: "a custom UIStoryboardSegue subclass; its class is on the label"
        case .code: "navigation the app's Swift code does (present, push, show, showDetail, dismiss); the call and its source line are on the label"
        case .push: "deprecated: behaves as show, but requires a navigation controller"
        case .modal: "deprecated: behaves as present"
        case .replace: "deprecated: behaves as showDetail"
        }
    }

    /// One row of a legend: a kind of link with how it is drawn and what it means.
    public struct LegendRow: Hashable, Sendable {
        /// The kind's id (`show`, `relationship`), as in CSS classes and the segue graph's legend.
        public var kind: String
        /// The name shown (`push (deprecated)`).
        public var name: String
        public var style: LinkStyle
        public var meaning: String
    }

    /// Every link kind, in legend order: the segue kinds, then the deprecated ones, then container relationships.
    public static var legendRows: [LegendRow] {
        SegueKind.allCases.filter { !$0.isDeprecated }.map { LegendRow(kind: $0.rawValue, name: $0.rawValue, style: segue($0), meaning: meaning($0)) }
            + SegueKind.allCases.filter(\.isDeprecated).map {
                LegendRow(kind: $0.rawValue, name: "\($0.rawValue) (deprecated)", style: segue($0), meaning: meaning($0))
            }
            + [LegendRow(kind: "relationship", name: "container child", style: relationship,
                         meaning: "a container's root, tab, column, page or child, drawn inside the container's box")]
    }

    // MARK: - Sequence diagrams

    /// The header of a lifeline.
    public static func participant(_ role: SequenceScript.Participant.Role) -> (fill: String, stroke: String) {
        switch role {
        case .user: ("#FEF3C7", "#B45309")
        case .uikit: ("#E5E7EB", "#4B5563")
        case .container: ("#DBEAFE", "#1D4ED8")
        case .content: ("#DCFCE7", "#15803D")
        }
    }

    /// The colour of a message arrow and its label.
    public static func message(_ style: SequenceScript.MessageStyle) -> String {
        switch style {
        case .callback: "#1F2937"
        case .api: "#1D4ED8"
        case .user: "#B45309"
        case .create: "#15803D"
        case .destroy: "#B91C1C"
        }
    }

    /// A note in a sequence diagram: a remark, a UIKit warning or a failed expectation.
    public enum NoteKind: String, Sendable, CaseIterable {
        case note, warning, failure
    }

    public static func note(_ kind: NoteKind) -> (fill: String, stroke: String, prefix: String) {
        switch kind {
        case .note: ("#FFFBE6", "#A16207", "")
        case .warning: ("#FFF4E5", "#B45309", "⚠ ")
        case .failure: ("#FDECEA", "#B91C1C", "✗ ")
        }
    }

    public static let lifeline = "#9CA3AF"
    public static let activationStroke = "#6B7280"
    public static let stepBand = (fill: "#F1F5F9", stroke: "#CBD5E1")
    public static let destroyedMark = "#B91C1C"

    /// One row of the key of a flow's diagrams: what a colour stands for.
    public struct KeyRow: Hashable, Sendable {
        public var name: String
        /// `#RRGGBB`.
        public var color: String
        /// The mark in words: `lifeline header`, `arrow`.
        public var drawnAs: String
        public var meaning: String
    }

    /// The key of a flow's sequence diagrams, from the colours above.
    public static var sequenceKeyRows: [KeyRow] {
        [
            KeyRow(name: "User", color: participant(.user).stroke, drawnAs: "lifeline header", meaning: "the user: the taps and swipes of the flow's steps start here"),
            KeyRow(name: "UIKit", color: participant(.uikit).stroke, drawnAs: "lifeline header", meaning: "UIKit: the callbacks it makes come from this lifeline"),
            KeyRow(name: "container", color: participant(.container).stroke, drawnAs: "lifeline header", meaning: "a container view controller (navigation, tab bar, split, page, custom), with its class and where it lives"),
            KeyRow(name: "content", color: participant(.content).stroke, drawnAs: "lifeline header", meaning: "a content view controller, with its class and where it lives"),
            KeyRow(name: "user action", color: message(.user), drawnAs: "arrow", meaning: "what the user does"),
            KeyRow(name: "callback", color: message(.callback), drawnAs: "arrow", meaning: "a callback UIKit makes: appearance, containment, segue checks and prepare(for:sender:), unwind actions"),
            KeyRow(name: "app call", color: message(.api), drawnAs: "arrow", meaning: "a UIKit method the app calls (present, push, dismiss…), drawn with --detail full"),
            KeyRow(name: "creation", color: message(.create), drawnAs: "arrow", meaning: "init(coder:): the instance is created"),
            KeyRow(name: "destruction", color: message(.destroy), drawnAs: "arrow, and a mark that ends the lifeline", meaning: "deinit: the instance leaves the app"),
            KeyRow(name: "activation", color: activationStroke, drawnAs: "white bar on a lifeline", meaning: "the instance whose segue the step performs, from the tap to the end of the step"),
            KeyRow(name: "step", color: stepBand.stroke, drawnAs: "band across the lifelines", meaning: "where a step starts, with its text"),
            KeyRow(name: "note", color: note(.note).stroke, drawnAs: "box", meaning: "the remark of a note step"),
            KeyRow(name: "warning", color: note(.warning).stroke, drawnAs: "box with ⚠", meaning: "a UIKit warning: UIKit refused the step and nothing changed"),
            KeyRow(name: "failure", color: note(.failure).stroke, drawnAs: "box with ✗", meaning: "an expectation that failed, or the flow error that stopped the flow"),
        ]
    }

    /// The key of a flow's presentation-chain filmstrip.
    public static var chainKeyRows: [KeyRow] {
        [
            KeyRow(name: "on screen", color: instanceBox(visible: true, container: false).stroke, drawnAs: "box, green", meaning: "an instance whose view is on screen, in UIKit's appearance sense"),
            KeyRow(name: "off screen", color: instanceBox(visible: false, container: false).stroke, drawnAs: "box, grey", meaning: "an instance that exists but is not on screen; a container off screen is folded, with how many children it holds"),
            KeyRow(name: "presentation", color: presentation.color, drawnAs: "arrow", meaning: "a presentation: the presenter to the presented layer, with its style on the label"),
        ]
    }

    // MARK: - Presentation chains

    /// An instance box in a chain picture: on screen (in UIKit's appearance sense) or not.
    public static func instanceBox(visible: Bool, container: Bool) -> (fill: String, stroke: String, penwidth: Double) {
        switch (visible, container) {
        case (true, true): ("#EFF6FF", "#15803D", 1.6)
        case (true, false): ("#DCFCE7", "#15803D", 1.6)
        case (false, true): ("#F8FAFC", "#94A3B8", 1)
        case (false, false): ("#F1F5F9", "#94A3B8", 1)
        }
    }

    /// A presentation link between layers of a chain.
    public static let presentation = LinkStyle(color: "#C2410C", line: "solid", arrowhead: "normal", penwidth: 1.4, labelColor: "#9A3412")
    public static let frame = (fill: "#FFFFFF", stroke: "#CBD5E1")
    /// The window root of a chain tree, and a presented scene in it.
    public static let chainRoot = (fill: "#E2E8F0", stroke: "#64748B")
    public static let chainPresented = (fill: "#FFF7ED", stroke: "#64748B")

    // MARK: - Changes (the diff graph of `scenograph diff`)

    /// What happened to a scene, segue or link between two versions of a model.
    public enum Change: String, Sendable, Hashable, CaseIterable {
        case added, removed, changed, unchanged
    }

    /// How a change is drawn, in the diff graph's DOT and its Mermaid version alike.
    public struct ChangeStyle: Sendable, Hashable {
        /// Lines, borders and label text.
        public var stroke: String
        /// Node background.
        public var fill: String
        /// Removed things are drawn dashed.
        public var dashed: Bool
        public var penwidth: Double
        /// How the legend names it.
        public var legend: String
    }

    public static func change(_ change: Change) -> ChangeStyle {
        switch change {
        case .added: ChangeStyle(stroke: "#15803D", fill: "#F0FDF4", dashed: false, penwidth: 2.2, legend: "added (green)")
        case .removed: ChangeStyle(stroke: "#B91C1C", fill: "#FEF2F2", dashed: true, penwidth: 2.2, legend: "removed (red, dashed)")
        case .changed: ChangeStyle(stroke: "#B45309", fill: "#FFFBEB", dashed: false, penwidth: 2.2, legend: "changed (amber, old → new)")
        case .unchanged: ChangeStyle(stroke: "#6B7280", fill: "#F9FAFB", dashed: false, penwidth: 1, legend: "unchanged (grey)")
        }
    }

    // MARK: - Contrast

    /// WCAG 2.1 contrast ratio of two `#RRGGBB` colours, from 1 to 21; text needs at least 4.5.
    public static func contrast(_ a: String, _ b: String) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// Relative luminance of a `#RRGGBB` colour (0 for anything else).
    static func luminance(_ hex: String) -> Double {
        let digits = Array(hex.dropFirst())
        guard hex.first == "#", digits.count == 6 else { return 0 }
        func channel(_ i: Int) -> Double {
            let value = Double(Int(String(digits[i..<i + 2]), radix: 16) ?? 0) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
    }
}
