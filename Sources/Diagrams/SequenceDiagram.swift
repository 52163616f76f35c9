/// Lays out a `SequenceScript` as a UML-style sequence diagram and writes it as DOT for Graphviz's `nop2` engine.
///
/// Graphviz's `dot` cannot keep lifelines in columns and messages in rows, so every coordinate is computed here
/// (`SequenceLayout`: lanes and rows), then written through the typed DOT builder: nodes are pinned with
/// `pos="x,y!"` and every edge carries its own spline (`pos`) and label position (`lp`). The result is straight
/// and deterministic for any length; the headers of the participants still alive are repeated at the bottom
/// unless `Style.headersAtBottom` is off.
public struct SequenceDiagram: Sendable {
    public struct Style: Sendable {
        public var fontSize = 10.0
        public var rowHeight = 20.0
        public var minimumColumnWidth = 150.0
        public var margin = 20.0
        public var headerHeight = 40.0
        /// Whether the headers of the participants still alive are repeated under the lifelines (for long
        /// diagrams; a part of a flow has its headers at the top and is short).
        public var headersAtBottom = true
        public init() {}

        /// The style of a flow's sequence parts: headers at the top only.
        public static var part: Style {
            var style = Style()
            style.headersAtBottom = false
            return style
        }
    }

    public var style = Style()
    /// Where participant headers link to, by participant id (an instance's scene page); nil: no link.
    public var participantLink: (@Sendable (SequenceScript.Participant) -> String?)?

    public init(participantLink: (@Sendable (SequenceScript.Participant) -> String?)? = nil) {
        self.participantLink = participantLink
    }

    /// The DOT text of `script`, to render with engine `nop2`.
    public func dot(for script: SequenceScript) -> String { graph(for: script).text }

    public func graph(for script: SequenceScript) -> DOTGraph {
        let layout = SequenceLayout(script: script, style: style)
        var writer = SequenceWriter(layout: layout, style: style, participantLink: participantLink)
        return writer.graph()
    }
}

// MARK: - Measuring

/// Where everything of a sequence goes, in top-down coordinates (points): lanes (one column per participant)
/// and rows (one y per item), where lifelines start and end, and the size of the whole.
struct SequenceLayout {
    let script: SequenceScript
    /// x of each participant's lifeline, by participant index.
    private(set) var columns: [Double] = []
    private(set) var headerWidths: [Double] = []
    /// Participant index by id.
    private(set) var index: [String: Int] = [:]
    /// y of each item, by item index.
    private(set) var rows: [Double] = []
    /// y of the centre of each participant's top header.
    private(set) var createdAt: [Int: Double] = [:]
    /// y of each destroyed participant's X.
    private(set) var destroyedAt: [Int: Double] = [:]
    private(set) var lifelineEnd = 0.0
    private(set) var bottomHeaders = 0.0
    private(set) var width = 0.0
    private(set) var height = 0.0
    /// Notes start just left of the second lifeline (UIKit's), or at the margin.
    private(set) var noteLeft = 0.0

    init(script: SequenceScript, style: SequenceDiagram.Style) {
        self.script = script
        var lanes = Lanes(script.participants, style: style)
        for item in script.items { lanes.fit(item) }
        index = lanes.index
        columns = lanes.columns
        headerWidths = lanes.headerWidths
        noteLeft = lanes.noteLeft
        measureRows(style, lanes: lanes)
    }

    /// The columns of a set of participants, and how far right each item reaches with them: all that a
    /// sequence's width depends on (`width(reaching:)`), so that `TraceDiagrams.chunks` can try where to cut a
    /// step without laying out every candidate.
    struct Lanes {
        private(set) var columns: [Double] = []
        private(set) var headerWidths: [Double] = []
        private(set) var index: [String: Int] = [:]
        private(set) var noteLeft = 0.0
        let style: SequenceDiagram.Style

        init(_ participants: [SequenceScript.Participant], style: SequenceDiagram.Style) {
            self.style = style
            for (offset, participant) in participants.enumerated() where index[participant.id] == nil {
                index[participant.id] = offset
            }
            var x = style.margin
            for (offset, participant) in participants.enumerated() {
                let width = max(100, [participant.title, participant.subtitle ?? "", participant.detail ?? ""]
                    .map { TextMetrics.width($0, fontSize: style.fontSize) }.max() ?? 0) + 16
                headerWidths.append(width)
                x += offset == 0 ? width / 2 : max(style.minimumColumnWidth, headerWidths[offset - 1] / 2 + width / 2 + 24)
                columns.append(x)
            }
            noteLeft = columns.count > 1 ? columns[1] - 30 : style.margin
        }

        /// Widens the gap next to a message's target until its label, which starts beside the source's lifeline,
        /// ends before the target's (or before the header box a creating message points at): a long label such as
        /// `prepare(for:sender:) Main.showDetail → Detail` ran across the next lifeline and its activation bar.
        /// Gaps only grow, so a message fitted earlier still fits.
        mutating func fit(_ item: SequenceScript.Item) {
            guard case .message(let from, let to, let text, let kind) = item, let source = index[from], let target = index[to],
                  source != target else { return }
            var needed = TextMetrics.width(text, fontSize: style.fontSize) + 24
            if kind == .create { needed += headerWidths[target] / 2 }
            let missing = needed - abs(columns[target] - columns[source])
            guard missing > 0 else { return }
            // The gap beside the target: every lane from it on (rightwards) moves right.
            let first = target > source ? target : target + 1
            for lane in first..<columns.count { columns[lane] += missing }
            noteLeft = columns.count > 1 ? columns[1] - 30 : style.margin
        }

        /// The right edge of the headers, where every sequence's reach starts.
        var base: Double { (columns.last ?? style.margin) + (headerWidths.last ?? 0) / 2 }

        /// How far right `item` reaches: a message's label, a note's box; nil for what takes no room.
        func reach(of item: SequenceScript.Item) -> Double? {
            switch item {
            case .message(let from, let to, let text, _):
                guard let source = index[from], let target = index[to] else { return nil }
                let textWidth = TextMetrics.width(text, fontSize: style.fontSize)
                let reach = min(columns[source], columns[target]) + 8 + textWidth
                return max(reach, source == target ? columns[source] + 60 + textWidth : 0)
            case .note(let text), .warning(let text), .failure(let text):
                return reach(ofNote: SequenceLayout.noteLines(text, kind: SequenceLayout.noteKind(item)))
            case .step, .activation:
                return nil
            }
        }

        /// How far right a note of `lines` reaches.
        func reach(ofNote lines: [String]) -> Double {
            let boxWidth = (lines.map { TextMetrics.width($0, fontSize: style.fontSize) }.max() ?? 0) + 20
            return noteLeft + boxWidth
        }

        /// The width of a sequence on these lanes whose items reach at most `reach`.
        func width(reaching reach: Double) -> Double { max(base, reach) + style.margin }
    }

    static func noteLines(_ text: String, kind: DiagramStyle.NoteKind) -> [String] {
        TextMetrics.wrap(DiagramStyle.note(kind).prefix + text, width: 90)
    }

    private mutating func measureRows(_ style: SequenceDiagram.Style, lanes: Lanes) {
        let headerHeight = style.headerHeight
        var y = style.margin + headerHeight / 2
        rows = Array(repeating: 0, count: script.items.count)
        // Participants that no message creates start at the top.
        let createdByMessage = Set(script.items.compactMap { item -> Int? in
            if case .message(_, let to, _, .create) = item, let target = index[to],
               script.participants[target].role != .user, script.participants[target].role != .uikit { return target }
            return nil
        })
        for offset in script.participants.indices where !createdByMessage.contains(offset) { createdAt[offset] = y }
        y += headerHeight / 2 + 10
        var maxX = lanes.base
        for (offset, item) in script.items.enumerated() {
            switch item {
            case .step:
                y += 14
                rows[offset] = y
                y += 20
            case .message(_, let to, _, let kind):
                if kind == .create, let target = index[to], createdAt[target] == nil {
                    y += headerHeight / 2 + 8
                    rows[offset] = y
                    createdAt[target] = y
                    y += headerHeight / 2
                } else {
                    y += style.rowHeight
                    rows[offset] = y
                    if kind == .destroy, let target = index[to] { destroyedAt[target] = y + 8 }
                }
                if let reach = lanes.reach(of: item) { maxX = max(maxX, reach) }
            case .note(let text), .warning(let text), .failure(let text):
                let lines = Self.noteLines(text, kind: Self.noteKind(item))
                let boxHeight = Double(lines.count) * 13 + 10
                y += 8 + boxHeight / 2
                rows[offset] = y
                y += boxHeight / 2
                maxX = max(maxX, lanes.reach(ofNote: lines))
            case .activation:
                rows[offset] = y
            }
        }
        y += 24
        lifelineEnd = y
        bottomHeaders = y + headerHeight / 2
        height = style.headersAtBottom ? bottomHeaders + headerHeight / 2 + style.margin : y + style.margin
        width = maxX + style.margin
    }

    static func noteKind(_ item: SequenceScript.Item) -> DiagramStyle.NoteKind {
        switch item {
        case .warning: .warning
        case .failure: .failure
        default: .note
        }
    }

    /// The top of participant `offset`'s header (its centre).
    func top(of offset: Int, style: SequenceDiagram.Style) -> Double {
        createdAt[offset] ?? (style.margin + style.headerHeight / 2)
    }
}

// MARK: - Writing

private struct SequenceWriter {
    let layout: SequenceLayout
    let style: SequenceDiagram.Style
    let participantLink: (@Sendable (SequenceScript.Participant) -> String?)?
    var statements: [DOTStatement] = []

    init(layout: SequenceLayout, style: SequenceDiagram.Style, participantLink: (@Sendable (SequenceScript.Participant) -> String?)?) {
        self.layout = layout
        self.style = style
        self.participantLink = participantLink
    }

    /// Graphviz's y grows upward: converts a top-down y.
    func gy(_ top: Double) -> Double { layout.height - top }

    static func id(_ prefix: String, _ number: Int, _ suffix: String = "") -> DOTID { DOTID(unchecked: "\(prefix)\(number)\(suffix)") }

    func point(_ id: DOTID, x: Double, y: Double) -> DOTStatement {
        .node(DOTNode(id, ["shape": "point", "style": "invis", "width": "0", "pos": .pinned(x: x, y: y)]))
    }

    /// A spline through `points` (top-down y), with an arrowhead ending at `end` when given.
    func spline(_ points: [(Double, Double)], end: (Double, Double)? = nil) -> DOTValue {
        var text = CoordinateText(capacity: 16 * (points.count + 1))
        if let end {
            text.append(UInt8(ascii: "e"))
            text.append(UInt8(ascii: ","))
            text.append(end.0, gy(end.1))
            text.append(UInt8(ascii: " "))
        }
        for (index, point) in points.enumerated() {
            if index > 0 { text.append(UInt8(ascii: " ")) }
            text.append(point.0, gy(point.1))
        }
        return .string(text.string)
    }

    func labelPosition(x: Double, y: Double) -> DOTValue {
        var text = CoordinateText(capacity: 24)
        text.append(x, gy(y))
        return .string(text.string)
    }

    mutating func graph() -> DOTGraph {
        let script = layout.script
        statements = [point(DOTID(unchecked: "corner0"), x: 0, y: 0),
                      point(DOTID(unchecked: "corner1"), x: layout.width, y: layout.height)]
        writeSteps(script)
        writeParticipants(script)
        let activeRanges = writeActivations(script)
        writeMessagesAndNotes(script, activeRanges: activeRanges)
        return DOTGraph(
            id: DOTID(unchecked: "sequence"),
            attributes: ["bgcolor": .string(DiagramStyle.background), "outputorder": "edgesfirst", "splines": "true",
                         "fontname": .string(DiagramStyle.fontName), "id": "sequence", "label": "", "pad": "0.2"],
            nodeDefaults: ["fontname": .string(DiagramStyle.fontName), "fontsize": .number(style.fontSize),
                           "fontcolor": .string(DiagramStyle.textColor), "margin": "0.05,0.02"],
            edgeDefaults: ["fontname": .string(DiagramStyle.fontName), "fontsize": .number(style.fontSize), "arrowsize": "0.7"],
            statements: statements
        )
    }

    /// Step bands first, so that lifelines and messages are drawn over them.
    mutating func writeSteps(_ script: SequenceScript) {
        var number = 0
        for (offset, item) in script.items.enumerated() {
            guard case .step(let stepIndex, let text) = item else { continue }
            number += 1
            statements.append(.node(DOTNode(Self.id("step", number), [
                "id": .string("step-\(stepIndex)"), "class": "step", "shape": "box", "style": "filled",
                "fillcolor": .string(DiagramStyle.stepBand.fill), "color": .string(DiagramStyle.stepBand.stroke),
                "fixedsize": "true", "width": .points((layout.width - 12) / 72), "height": .points(18.0 / 72),
                "fontsize": .number(style.fontSize + 1), "label": .lines(["\(stepIndex). \(text)"], .left),
                "tooltip": .string("step \(stepIndex): \(text)"),
                "pos": .pinned(x: layout.width / 2, y: gy(layout.rows[offset])),
            ])))
        }
    }

    /// Headers (top, and bottom for the participants still alive), lifelines and destruction marks.
    mutating func writeParticipants(_ script: SequenceScript) {
        for (offset, participant) in script.participants.enumerated() {
            let key = "p\(offset)"
            let x = layout.columns[offset]
            let top = layout.top(of: offset, style: style)
            let colours = DiagramStyle.participant(participant.role)
            var header: DOTAttributes = [
                "shape": "box", "style": "rounded,filled", "fillcolor": .string(colours.fill), "color": .string(colours.stroke),
                "fixedsize": "true", "width": .points(layout.headerWidths[offset] / 72), "height": .points(style.headerHeight / 72),
                "tooltip": .string(participantDescription(participant)),
                "label": .string([participant.title, participant.subtitle, participant.detail].compactMap { $0 }.joined(separator: "\n")),
            ]
            if let url = participantLink?(participant) { header["URL"] = .string(url) }
            var topHeader = header
            topHeader["id"] = .string("participant-\(offset)")
            topHeader["class"] = .string("participant \(participant.role.rawValue)")
            topHeader["pos"] = .pinned(x: x, y: gy(top))
            statements.append(.node(DOTNode(DOTID(unchecked: key), topHeader)))

            let end = layout.destroyedAt[offset] ?? layout.lifelineEnd
            let start = top + style.headerHeight / 2
            statements.append(point(DOTID(unchecked: key + "t"), x: x, y: gy(start)))
            statements.append(point(DOTID(unchecked: key + "b"), x: x, y: gy(end)))
            statements.append(.edge(DOTEdge(from: DOTID(unchecked: key + "t"), to: DOTID(unchecked: key + "b"), [
                "id": .string("lifeline-\(offset)"), "class": "lifeline", "tooltip": .string("lifeline of \(participant.id)"),
                "arrowhead": "none", "style": "dashed", "color": .string(DiagramStyle.lifeline),
                "pos": spline([(x, start), (x, start + (end - start) / 3), (x, start + 2 * (end - start) / 3), (x, end)]),
            ])))
            if let destroyed = layout.destroyedAt[offset] {
                statements.append(.node(DOTNode(DOTID(unchecked: key + "x"), [
                    "id": .string("destroyed-\(offset)"), "class": "destroyed", "shape": "plaintext", "label": "X",
                    "fontcolor": .string(DiagramStyle.destroyedMark), "fontsize": "14", "width": "0.2", "height": "0.2",
                    "tooltip": .string("\(participant.id) is destroyed"), "pos": .pinned(x: x, y: gy(destroyed)),
                ])))
            } else if style.headersAtBottom {
                var bottomHeader = header
                bottomHeader["id"] = .string("participant-end-\(offset)")
                bottomHeader["class"] = .string("participant-end \(participant.role.rawValue)")
                bottomHeader["pos"] = .pinned(x: x, y: gy(layout.bottomHeaders))
                statements.append(.node(DOTNode(DOTID(unchecked: key + "e"), bottomHeader)))
            }
        }
    }

    func participantDescription(_ participant: SequenceScript.Participant) -> String {
        [participant.id, participant.subtitle, participant.detail].compactMap { $0 }.joined(separator: ", ")
    }

    /// Activation bars; returns each participant's active ranges (top-down y).
    mutating func writeActivations(_ script: SequenceScript) -> [Int: [ClosedRange<Double>]] {
        var activeRanges: [Int: [ClosedRange<Double>]] = [:]
        var number = 0
        for item in script.items {
            guard case .activation(let participant, let from, let to) = item, let column = layout.index[participant],
                  layout.rows.indices.contains(from), layout.rows.indices.contains(to), from <= to else { continue }
            number += 1
            let top = layout.rows[from] - 8
            // A bar never outlives its participant: it stops above the destruction mark.
            let bottom = min(layout.rows[to] + 8, layout.destroyedAt[column].map { $0 - 10 } ?? .infinity)
            guard bottom > top else { continue }
            activeRanges[column, default: []].append(top...bottom)
            statements.append(.node(DOTNode(Self.id("act", number), [
                "id": .string("activation-\(number)"), "class": "activation", "shape": "box", "style": "filled",
                "fillcolor": .string(DiagramStyle.background), "color": .string(DiagramStyle.activationStroke), "label": "",
                "fixedsize": "true", "width": .points(8.0 / 72), "height": .points((bottom - top) / 72),
                "tooltip": .string("\(participant) is active"),
                "pos": .pinned(x: layout.columns[column], y: gy((top + bottom) / 2)),
            ])))
        }
        return activeRanges
    }

    mutating func writeMessagesAndNotes(_ script: SequenceScript, activeRanges: [Int: [ClosedRange<Double>]]) {
        var event = 0
        var note = 0
        for (offset, item) in script.items.enumerated() {
            let rowY = layout.rows[offset]
            switch item {
            case .message(let from, let to, let text, let kind):
                guard let source = layout.index[from], let target = layout.index[to] else { continue }
                event += 1
                var x1 = layout.columns[source]
                var x2 = layout.columns[target]
                if kind == .create, layout.createdAt[target] == rowY {
                    // The creating arrow ends at the new participant's header box.
                    x2 += (x1 < x2 ? -1 : 1) * layout.headerWidths[target] / 2
                }
                let colour = DiagramStyle.message(kind)
                let labelWidth = TextMetrics.width(text, fontSize: style.fontSize)
                var attributes: DOTAttributes = [
                    "id": .string("event-\(event)"), "class": .string("message \(kind.rawValue)"),
                    "color": .string(colour), "fontcolor": .string(colour), "label": .string(text),
                    "tooltip": .string("\(from) → \(to): \(text)"),
                ]
                if source == target {
                    x1 += 4
                    let loop = 28.0
                    attributes["pos"] = spline([(x1, rowY - 4), (x1 + loop, rowY - 4), (x1 + loop, rowY + 10), (x1 + 10, rowY + 10)],
                                               end: (x1 + 2, rowY + 10))
                    attributes["lp"] = labelPosition(x: x1 + loop + 6 + labelWidth / 2, y: rowY)
                } else {
                    let direction = x2 > x1 ? 1.0 : -1.0
                    // An arrow into an active participant stops at its activation bar.
                    if activeRanges[target]?.contains(where: { $0.contains(rowY) }) == true { x2 -= direction * 4 }
                    let end = x2 - direction * 7
                    let third = (end - x1) / 3
                    attributes["pos"] = spline([(x1, rowY), (x1 + third, rowY), (x1 + 2 * third, rowY), (end, rowY)], end: (x2, rowY))
                    attributes["lp"] = labelPosition(x: x1 + direction * (6 + labelWidth / 2), y: rowY - 6)
                }
                statements.append(.edge(DOTEdge(from: DOTID(unchecked: "p\(source)t"), to: DOTID(unchecked: "p\(target)t"), attributes)))
            case .note(let text), .warning(let text), .failure(let text):
                note += 1
                let kind = SequenceLayout.noteKind(item)
                let colours = DiagramStyle.note(kind)
                let lines = SequenceLayout.noteLines(text, kind: kind)
                let boxWidth = (lines.map { TextMetrics.width($0, fontSize: style.fontSize) }.max() ?? 0) + 20
                let boxHeight = Double(lines.count) * 13 + 10
                statements.append(.node(DOTNode(Self.id("note", note), [
                    "id": .string("\(kind.rawValue)-\(note)"), "class": .string(kind.rawValue), "shape": "note", "style": "filled",
                    "fillcolor": .string(colours.fill), "color": .string(colours.stroke), "fixedsize": "false",
                    "width": .points(boxWidth / 72), "height": .points(boxHeight / 72), "label": .lines(lines, .left),
                    "tooltip": .string(colours.prefix + text),
                    "pos": .pinned(x: layout.noteLeft + boxWidth / 2, y: gy(rowY)),
                ])))
            case .step, .activation:
                break
            }
        }
    }
}

// MARK: - Text

/// Approximate text widths for layout (Helvetica-like proportions); Graphviz gets fixed sizes, so estimates only
/// decide spacing, never clipping.
public enum TextMetrics {
    static func width(_ text: String, fontSize: Double) -> Double {
        var units = 0.0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x69, 0x6A, 0x6C, 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x21, 0x7C, 0x28, 0x29, 0x5B, 0x5D, 0x49, 0x66, 0x74, 0x20:
                units += 0.3 // i j l . , : ; ' ! | ( ) [ ] I f t space
            case 0x6D, 0x77, 0x4D, 0x57, 0x40, 0x25:
                units += 0.85 // m w M W @ %
            case 0x41...0x5A:
                units += 0.68 // capitals
            case 0x300...0x36F, 0xFE00...0xFE0F, 0x200D:
                break // combining marks and joiners take no room of their own
            case 0..<0x80:
                units += 0.56
            default:
                units += 1.0
            }
        }
        return units * fontSize
    }

    /// Splits text into lines of at most `width` characters at spaces (longer words stay whole).
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += line.isEmpty ? String(word) : " " + word
            }
            lines.append(line)
        }
        return lines
    }
}
