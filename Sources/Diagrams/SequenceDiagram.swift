/// Lays out a `SequenceScript` as a UML-style sequence diagram and writes it as DOT for Graphviz's `nop2` engine.
///
/// Graphviz's `dot` cannot keep lifelines in columns and messages in rows, so every coordinate is computed here:
/// nodes are pinned with `pos="x,y!"` and every edge carries its own spline (`pos`) and label position (`lp`).
/// The result is straight and deterministic for any length: a flow becomes one tall page, with the headers of the
/// participants still alive repeated at the bottom.
public struct SequenceDiagram: Sendable {
    public struct Style: Sendable {
        public var fontName = "Helvetica"
        public var fontSize = 10.0
        public var rowHeight = 20.0
        public var minimumColumnWidth = 150.0
        public var margin = 20.0
        public init() {}
    }

    public var style = Style()

    public init() {}

    /// The DOT text of `script`, to render with engine `nop2`.
    public func dot(for script: SequenceScript) -> String {
        var layout = Layout(script: script, style: style)
        return layout.dot()
    }
}

// MARK: - Layout

private struct Layout {
    let script: SequenceScript
    let style: SequenceDiagram.Style

    /// x of each participant's lifeline, by participant index.
    var columns: [Double] = []
    var headerWidths: [Double] = []
    var index: [String: Int] = [:]
    var lines: [String] = []

    let headerHeight = 40.0

    init(script: SequenceScript, style: SequenceDiagram.Style) {
        self.script = script
        self.style = style
        for (offset, participant) in script.participants.enumerated() where index[participant.id] == nil {
            index[participant.id] = offset
        }
        var x = style.margin
        for (offset, participant) in script.participants.enumerated() {
            let width = max(100, [participant.title, participant.subtitle ?? "", participant.detail ?? ""]
                .map { TextMetrics.width($0, fontSize: style.fontSize) }.max() ?? 0) + 16
            headerWidths.append(width)
            if offset == 0 {
                x += width / 2
            } else {
                let previous = headerWidths[offset - 1]
                x += max(style.minimumColumnWidth, previous / 2 + width / 2 + 24)
            }
            columns.append(x)
        }
    }

    // MARK: Colours

    static func fill(_ role: SequenceScript.Participant.Role) -> String {
        switch role {
        case .user: "#fef3c7"
        case .uikit: "#e5e7eb"
        case .container: "#dbeafe"
        case .content: "#dcfce7"
        }
    }

    // MARK: Emission

    mutating func emit(_ line: String) { lines.append("  " + line) }

    func n(_ value: Double) -> String { PinnedLayout.number(value) }

    func label(for participant: SequenceScript.Participant) -> String {
        [participant.title, participant.subtitle, participant.detail].compactMap { $0 }.joined(separator: "\n")
    }

    /// Participant ids sanitised for SVG ids: index-based, since instance names may contain `#`.
    func participantKey(_ offset: Int) -> String { "p\(offset)" }

    mutating func dot() -> String {
        // Pass 1: assign a y (top-down) to every item, and find creation and destruction rows.
        var y = style.margin + headerHeight / 2
        var itemY: [Double] = Array(repeating: 0, count: script.items.count)
        var createdAt: [Int: Double] = [:]
        var destroyedAt: [Int: Double] = [:]
        for (offset, participant) in script.participants.enumerated() where participant.role == .user || participant.role == .uikit {
            createdAt[offset] = y
        }
        var created = Set(createdAt.keys)
        // Participants that are never created by a message start at the top.
        let createdByMessage = Set(script.items.compactMap { item -> Int? in
            if case .message(_, let to, _, .create) = item { return index[to] }
            return nil
        })
        for offset in script.participants.indices where !createdByMessage.contains(offset) && !created.contains(offset) {
            createdAt[offset] = y
            created.insert(offset)
        }
        y += headerHeight / 2 + 10
        var maxX = (columns.last ?? style.margin) + (headerWidths.last ?? 0) / 2
        for (offset, item) in script.items.enumerated() {
            switch item {
            case .step:
                y += 14
                itemY[offset] = y
                y += 20
            case .message(_, let to, let text, let kind):
                if kind == .create, let target = index[to], !created.contains(target) {
                    y += headerHeight / 2 + 8
                    itemY[offset] = y
                    createdAt[target] = y
                    created.insert(target)
                    y += headerHeight / 2
                } else {
                    y += style.rowHeight
                    itemY[offset] = y
                    if kind == .destroy, let target = index[to] { destroyedAt[target] = y + 8 }
                }
                if let from = index[from(item)], let target = index[to] {
                    let reach = min(columns[from], columns[target]) + 8 + TextMetrics.width(text, fontSize: style.fontSize)
                    maxX = max(maxX, reach, columns[from] == columns[target] ? columns[from] + 60 + TextMetrics.width(text, fontSize: style.fontSize) : 0)
                }
            case .note(let text), .warning(let text), .failure(let text):
                let wrapped = TextMetrics.wrap(text, width: 90)
                let height = Double(wrapped.count) * 13 + 10
                y += 8 + height / 2
                itemY[offset] = y
                y += height / 2
                let width = (wrapped.map { TextMetrics.width($0, fontSize: style.fontSize) }.max() ?? 0) + 20
                maxX = max(maxX, noteLeft + width)
            case .activation:
                itemY[offset] = y
            }
        }
        y += 24
        let lifelineEnd = y
        let bottomHeaders = y + headerHeight / 2
        let height = bottomHeaders + headerHeight / 2 + style.margin
        let width = maxX + style.margin

        // Pass 2: write DOT, converting top-down y into Graphviz's bottom-up y.
        func gy(_ top: Double) -> Double { height - top }
        lines = []
        emit("graph [bgcolor=\"white\", outputorder=\"edgesfirst\", splines=\"true\", fontname=\(DOTWriter.quoted(style.fontName)), id=\"sequence\", label=\"\", pad=\"0.2\"];")
        emit("node [fontname=\(DOTWriter.quoted(style.fontName)), fontsize=\(n(style.fontSize)), margin=\"0.05,0.02\"];")
        emit("edge [fontname=\(DOTWriter.quoted(style.fontName)), fontsize=\(n(style.fontSize)), arrowsize=\"0.7\"];")
        emit("corner0 [shape=point, style=invis, width=0, pos=\"0,0!\"];")
        emit("corner1 [shape=point, style=invis, width=0, pos=\"\(n(width)),\(n(height))!\"];")

        // Step bands first, so that lifelines and messages are drawn over them.
        var stepNumber = 0
        for (offset, item) in script.items.enumerated() {
            guard case .step(let stepIndex, let text) = item else { continue }
            stepNumber += 1
            let bandWidth = width - 2 * 6
            emit("step\(stepNumber) [id=\"step-\(stepIndex)\", class=\"step\", shape=box, style=\"filled\", fillcolor=\"#f1f5f9\", color=\"#cbd5e1\", fixedsize=true, width=\(n(bandWidth / 72)), height=\(n(18.0 / 72)), fontsize=\(n(style.fontSize + 1)), label=\"\(PinnedLayout.escapedLine("\(stepIndex). \(text)"))\\l\", pos=\"\(n(width / 2)),\(n(gy(itemY[offset])))!\"];")
        }

        // Headers, top and bottom, and lifelines.
        for (offset, participant) in script.participants.enumerated() {
            let key = participantKey(offset)
            let x = columns[offset]
            let top = createdAt[offset] ?? (style.margin + headerHeight / 2)
            let headerAttributes = "shape=box, style=\"rounded,filled\", fillcolor=\"\(Self.fill(participant.role))\", color=\"#6b7280\", fixedsize=true, width=\(n(headerWidths[offset] / 72)), height=\(n(headerHeight / 72)), tooltip=\(DOTWriter.quoted(participant.id)), label=\(DOTWriter.quoted(label(for: participant)))"
            emit("\(key) [id=\"participant-\(offset)\", class=\"participant \(participant.role.rawValue)\", \(headerAttributes), pos=\"\(n(x)),\(n(gy(top)))!\"];")
            let end = destroyedAt[offset] ?? lifelineEnd
            emit("\(key)t [shape=point, style=invis, width=0, pos=\"\(n(x)),\(n(gy(top + headerHeight / 2)))!\"];")
            emit("\(key)b [shape=point, style=invis, width=0, pos=\"\(n(x)),\(n(gy(end)))!\"];")
            let start = top + headerHeight / 2
            emit("\(key)t -> \(key)b [id=\"lifeline-\(offset)\", class=\"lifeline\", tooltip=\(DOTWriter.quoted(participant.id)), arrowhead=none, style=dashed, color=\"#9ca3af\", pos=\"\(n(x)),\(n(gy(start))) \(n(x)),\(n(gy(start + (end - start) / 3))) \(n(x)),\(n(gy(start + 2 * (end - start) / 3))) \(n(x)),\(n(gy(end)))\"];")
            if let destroyed = destroyedAt[offset] {
                emit("\(key)x [id=\"destroyed-\(offset)\", class=\"destroyed\", shape=plaintext, label=\"X\", fontcolor=\"#b91c1c\", fontsize=14, width=0.2, height=0.2, pos=\"\(n(x)),\(n(gy(destroyed)))!\"];")
            } else {
                emit("\(key)e [id=\"participant-end-\(offset)\", class=\"participant-end \(participant.role.rawValue)\", \(headerAttributes), pos=\"\(n(x)),\(n(gy(bottomHeaders)))!\"];")
            }
        }

        // Activation bars.
        var activeRanges: [Int: [ClosedRange<Double>]] = [:]
        var activation = 0
        for item in script.items {
            guard case .activation(let participant, let from, let to) = item, let column = index[participant],
                  itemY.indices.contains(from), itemY.indices.contains(to), from <= to else { continue }
            activation += 1
            let top = itemY[from] - 8
            // A bar never outlives its participant: it stops above the destruction mark.
            let bottom = min(itemY[to] + 8, destroyedAt[column].map { $0 - 10 } ?? .infinity)
            guard bottom > top else { continue }
            activeRanges[column, default: []].append(top...bottom)
            emit("act\(activation) [id=\"activation-\(activation)\", class=\"activation\", shape=box, style=filled, fillcolor=\"#ffffff\", color=\"#6b7280\", label=\"\", fixedsize=true, width=\(n(8.0 / 72)), height=\(n((bottom - top) / 72)), pos=\"\(n(columns[column])),\(n(gy((top + bottom) / 2)))!\"];")
        }

        // Messages and notes, in order.
        var event = 0
        var note = 0
        for (offset, item) in script.items.enumerated() {
            let rowY = itemY[offset]
            switch item {
            case .message(let from, let to, let text, let kind):
                guard let source = index[from], let target = index[to] else { continue }
                event += 1
                var x1 = columns[source]
                var x2 = columns[target]
                if kind == .create, createdAt[target] == rowY {
                    // The creating arrow ends at the new participant's header box.
                    x2 += (x1 < x2 ? -1 : 1) * headerWidths[target] / 2
                }
                let colour: String
                switch kind {
                case .callback: colour = "#1f2937"
                case .api: colour = "#1d4ed8"
                case .user: colour = "#b45309"
                case .create: colour = "#15803d"
                case .destroy: colour = "#b91c1c"
                }
                let labelWidth = TextMetrics.width(text, fontSize: style.fontSize)
                let common = "id=\"event-\(event)\", class=\"message \(kind.rawValue)\", color=\"\(colour)\", fontcolor=\"\(colour)\", label=\(DOTWriter.quoted(text)), tooltip=\(DOTWriter.quoted("\(to): \(text)"))"
                if source == target {
                    x1 += 4
                    let loop = 28.0
                    let spline = "e,\(n(x1 + 2)),\(n(gy(rowY + 10))) \(n(x1)),\(n(gy(rowY - 4))) \(n(x1 + loop)),\(n(gy(rowY - 4))) \(n(x1 + loop)),\(n(gy(rowY + 10))) \(n(x1 + 10)),\(n(gy(rowY + 10)))"
                    emit("\(participantKey(source))t -> \(participantKey(target))t [\(common), pos=\"\(spline)\", lp=\"\(n(x1 + loop + 6 + labelWidth / 2)),\(n(gy(rowY)))\"];")
                } else {
                    let direction = x2 > x1 ? 1.0 : -1.0
                    let tail = x1 + direction * (kind == .user ? 0 : 0)
                    // An arrow into an active participant stops at its activation bar.
                    if activeRanges[target]?.contains(where: { $0.contains(rowY) }) == true { x2 -= direction * 4 }
                    let end = x2 - direction * 7
                    let third = (end - tail) / 3
                    let spline = "e,\(n(x2)),\(n(gy(rowY))) \(n(tail)),\(n(gy(rowY))) \(n(tail + third)),\(n(gy(rowY))) \(n(tail + 2 * third)),\(n(gy(rowY))) \(n(end)),\(n(gy(rowY)))"
                    let labelX = tail + direction * (6 + labelWidth / 2)
                    emit("\(participantKey(source))t -> \(participantKey(target))t [\(common), pos=\"\(spline)\", lp=\"\(n(labelX)),\(n(gy(rowY - 6)))\"];")
                }
            case .note(let text), .warning(let text), .failure(let text):
                note += 1
                let (kind, fill, border, prefix): (String, String, String, String) = switch item {
                case .warning: ("warning", "#fff4e5", "#d97706", "⚠ ")
                case .failure: ("failure", "#fdecea", "#b91c1c", "✗ ")
                default: ("note", "#fffbe6", "#c9b458", "")
                }
                let wrapped = TextMetrics.wrap(prefix + text, width: 90)
                let boxWidth = (wrapped.map { TextMetrics.width($0, fontSize: style.fontSize) }.max() ?? 0) + 20
                let boxHeight = Double(wrapped.count) * 13 + 10
                let labelText = wrapped.map { PinnedLayout.escapedLine($0) + "\\l" }.joined()
                emit("note\(note) [id=\"\(kind)-\(note)\", class=\"\(kind)\", shape=note, style=filled, fillcolor=\"\(fill)\", color=\"\(border)\", fixedsize=false, width=\(n(boxWidth / 72)), height=\(n(boxHeight / 72)), label=\"\(labelText)\", pos=\"\(n(noteLeft + boxWidth / 2)),\(n(gy(rowY)))!\"];")
            case .step, .activation:
                break
            }
        }
        return "digraph sequence {\n" + lines.joined(separator: "\n") + "\n}\n"
    }

    /// Notes start just left of the UIKit lifeline (the second column), or at the margin.
    var noteLeft: Double {
        columns.count > 1 ? columns[1] - 30 : style.margin
    }

    func from(_ item: SequenceScript.Item) -> String {
        if case .message(let from, _, _, _) = item { return from }
        return ""
    }
}

// MARK: - Text

/// Approximate text widths for layout (Helvetica-like proportions); Graphviz gets fixed sizes, so estimates only
/// decide spacing, never clipping.
enum TextMetrics {
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
    static func wrap(_ text: String, width: Int) -> [String] {
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
