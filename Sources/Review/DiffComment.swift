import TextFormats
import Diagrams

extension DiffReport {
    /// The first line of every comment: the workflow finds its earlier comment by it and updates that one.
    public static let commentMarker = "<!-- scenograph-diff -->"

    /// The pull-request comment: a summary line, tables of changes, the diff graph as a Mermaid flowchart,
    /// each flow's differing steps in a `<details>` block. Never longer than `options.commentLimit`: what does
    /// not fit is left out, least telling first (`Block.Kind`), with a row in each cut table and a closing note
    /// saying what.
    public func markdown() -> String {
        var blocks: [Block] = []
        blocks.append(Block(kind: .frame, text: """
            \(Self.commentMarker)
            ### Navigation changes in \(Self.commentText(diff.headName))

            **\(Self.commentText(summary.prefix(1).uppercased() + summary.dropFirst()))** (\(Markdown.codeSpan(options.baseLabel, inTable: true)) → \(Markdown.codeSpan(options.headLabel, inTable: true)))


            """))
        if !options.headErrors.isEmpty {
            // Kept whatever the length: the reviewer must see that the head does not pass `check`.
            let listed = listedHeadErrors
            var warning = "> [!WARNING]\n> " + Self.commentText(headErrorsLead.prefix(1).uppercased() + headErrorsLead.dropFirst()) + ":\n"
            warning += listed.shown.map { "> - \(Self.commentText($0))\n" }.joined()
            if listed.more > 0 { warning += "> - and \(listed.more) more\n" }
            blocks.append(Block(kind: .frame, text: warning + "\n"))
        }
        if diff.isEmpty {
            return blocks.map(\.text).joined()
        }
        table("Model", "key", diff.model.map { change in
            "| \(Markdown.codeSpan(change.key, inTable: true)) | \(cell(change.old)) | \(cell(change.new)) |\n"
        }, columns: "| key | before | after |", kind: .flowRow, into: &blocks)
        table("Segues", "segue", rows(diff.segues.map { ($0.change, $0.id, segueText($0)) }), kind: .segueRow, into: &blocks)
        table("Storyboards", "storyboard", rows(diff.storyboards.map { (.renamed, $0.new, storyboardText($0)) }), kind: .containerRow, into: &blocks)
        table("Scenes", "scene", rows(diff.scenes.filter { !$0.withStoryboard }.map { ($0.change, $0.id, sceneText($0)) }), kind: .sceneRow, into: &blocks)
        table("Containers", "container", rows(diff.containment.map { (.changed, $0.container, $0.description) }), kind: .containerRow, into: &blocks)
        table("Flows", "flow", rows(diff.flows.map { ($0.change, $0.id, flowText($0)) }), kind: .flowRow, into: &blocks)
        // A step that differs alike in several flows (the launch, when a tab is added) is shown once; the flows
        // that refer to it are kept only with the block that shows it.
        var shown: [TraceDiff.StepDifference: (flow: String, block: Int)] = [:]
        for flow in diff.flows {
            guard let trace = flow.trace, !trace.steps.isEmpty else { continue }
            var references: [Int] = []
            let text = flowDetails(flow.id, trace, block: blocks.count, shown: &shown, references: &references)
            blocks.append(Block(kind: .flowDetails, text: text, dependsOn: references))
        }
        blocks.append(Block(kind: .diagram, text: diagram()))
        return assemble(blocks)
    }

    struct Block {
        /// What a block is, most telling first: when the comment is too long, flow and model rows are kept
        /// first, then the flows' step details (within half the room, then with what is left at the end), segue
        /// rows, container rows, the diagram, and scene rows last (the other tables and the diagram say most of
        /// what they do). A table's frame (its title, header and
        /// the empty line after it) shows when one of its rows does; the header block always.
        enum Kind: Int, Comparable {
            case frame, flowRow, flowDetails, segueRow, containerRow, diagram, sceneRow
            static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
        }
        var kind: Kind
        var text: String
        /// For a row: its table's noun ("scene"); a table's frame blocks have it too.
        var noun: String? = nil
        var isTableHead = false
        /// The blocks (indices) this one refers to ("the same difference as in flow …"): it is kept only with them.
        var dependsOn: [Int] = []
    }

    /// Joins the blocks within the limit. Blocks are taken most telling first (`Block.Kind`, then in order) while
    /// they fit; a table's rows stop at the first that does not, so a cut table shows its first rows and a row
    /// counting the rest. The closing note's room is found by trying: what it needs is kept free on the next try.
    func assemble(_ blocks: [Block]) -> String {
        let whole = blocks.map(\.text).joined()
        if whole.utf16.count <= options.commentLimit { return whole }
        let order = blocks.indices.filter { blocks[$0].kind != .frame }
            .sorted { blocks[$0].kind != blocks[$1].kind ? blocks[$0].kind < blocks[$1].kind : $0 < $1 }
        let frames = blocks.filter { $0.kind == .frame }.reduce(0) { $0 + $1.text.utf16.count }
        var reserve = 0
        while true {
            let budget = options.commentLimit - frames - reserve
            var kept = Array(repeating: false, count: blocks.count)
            var used = 0
            var stopped: Set<String> = []
            // The flows' step details take at most half the room at first, so that a change of many flows still
            // leaves the segue and container tables some; what is left afterwards goes to the details held back.
            var detailsUsed = 0
            var heldBack: [Int] = []
            for index in order {
                let block = blocks[index]
                if let noun = block.noun, stopped.contains(noun) { continue }
                let size = block.text.utf16.count
                if block.kind == .flowDetails, detailsUsed + size > budget / 2 || !block.dependsOn.allSatisfy({ kept[$0] }) {
                    heldBack.append(index)
                    continue
                }
                if used + size <= budget {
                    kept[index] = true
                    used += size
                    if block.kind == .flowDetails { detailsUsed += size }
                } else if let noun = block.noun {
                    stopped.insert(noun)
                }
            }
            // In order, so that a block is decided before the blocks that refer to it.
            for index in heldBack.sorted() where used + blocks[index].text.utf16.count <= budget && blocks[index].dependsOn.allSatisfy({ kept[$0] }) {
                kept[index] = true
                used += blocks[index].text.utf16.count
            }
            let text = render(blocks, kept: kept)
            let excess = text.utf16.count - options.commentLimit
            if excess <= 0 { return text }
            // With nothing left to leave out but the header, the text is cut as a last resort.
            if budget <= 0 { return Self.prefix(text, utf16: options.commentLimit) }
            reserve += excess
        }
    }

    /// The longest prefix of whole characters of `text` within `count` UTF-16 units.
    static func prefix(_ text: String, utf16 count: Int) -> String {
        var out = ""
        var used = 0
        for character in text {
            used += character.utf16.count
            if used > count { break }
            out.append(character)
        }
        return out
    }

    /// The kept blocks, a row counting the left-out ones at the end of each cut table (a table left with no
    /// row is left out whole), and the closing note.
    func render(_ blocks: [Block], kept: [Bool]) -> String {
        var out = ""
        var leftOut: [String] = []
        // Flows' step details left out are named together, where they stand in the comment.
        var flowsLeftOut = 0
        func nameFlowsLeftOut() {
            if flowsLeftOut > 0 { leftOut.append("the step details of \(flowsLeftOut) flow\(flowsLeftOut == 1 ? "" : "s")") }
            flowsLeftOut = 0
        }
        var index = 0
        while index < blocks.count {
            let block = blocks[index]
            guard let noun = block.noun, block.isTableHead else {
                if block.kind != .flowDetails { nameFlowsLeftOut() }
                if kept[index] || block.kind == .frame {
                    out += block.text
                } else if block.kind == .diagram {
                    leftOut.append("the diagram")
                } else if block.kind == .flowDetails {
                    flowsLeftOut += 1
                }
                index += 1
                continue
            }
            nameFlowsLeftOut()
            // A table: its title and header, its rows, and the empty line closing it.
            var end = index + 1
            while end < blocks.count, blocks[end].noun == noun, !blocks[end].isTableHead { end += 1 }
            let rows = (index + 1)..<(end - 1)
            let shown = rows.filter { kept[$0] }.count
            if shown > 0 {
                out += block.text
                for row in rows where kept[row] { out += blocks[row].text }
                if shown < rows.count { out += "| | … | \(rows.count - shown) more left out to fit |\n" }
                out += blocks[end - 1].text
            }
            if shown < rows.count { leftOut.append("\(rows.count - shown) of \(rows.count) \(noun) rows") }
            index = end
        }
        nameFlowsLeftOut()
        guard !leftOut.isEmpty else { return out }
        let list = leftOut.count == 1 ? leftOut[0] : leftOut.dropLast().joined(separator: ", ") + " and " + (leftOut.last ?? "")
        let whole = options.artifactURL.map { "The whole diff is `diff.txt` in [the workflow run's artefact](\(Markdown.linkTarget($0)))." }
            ?? "Run `scenograph diff` for the whole diff."
        return out + "\n> [!NOTE]\n> This comment is cut at GitHub's limit of \(options.commentLimit) characters: left out \(list). \(whole)\n"
    }

    /// A table cell: `—` for an unset or empty value (no conditions, no summary), as the text form's `(none)`.
    /// User text for the comment's Markdown: escaped as Markdown, and an `@` before a name kept from mentioning
    /// (a trigger "Ask @team" would notify the team on every pull request): a zero-width space after it, as
    /// dependency bots do.
    static func commentText(_ text: String) -> String {
        let escaped = Markdown.escape(text)
        guard escaped.contains("@") else { return escaped }
        var out = ""
        var previous: Character? = nil
        for character in escaped {
            if previous == "@", character.isLetter || character.isNumber { out += "&#8203;" }
            out.append(character)
            previous = character
        }
        return out
    }

    func cell(_ text: String?) -> String { text.flatMap { $0.isEmpty ? nil : Self.commentText($0) } ?? "—" }

    /// The cell of a side whose flow stopped before the step.
    func notRun(_ stoppedAt: Int?) -> String? { stoppedAt.map { "not run (the flow stopped at step \($0))" } }

    /// Table rows of changes: `| added | `id` | text |`.
    func rows(_ changes: [(ModelDiff.Change, String, String)]) -> [String] {
        changes.map { change, id, text in "| \(change.rawValue) | \(Markdown.codeSpan(id, inTable: true)) | \(Self.commentText(text)) |\n" }
    }

    func table(_ title: String, _ noun: String, _ rows: [String], columns: String? = nil, kind: Block.Kind, into blocks: inout [Block]) {
        guard !rows.isEmpty else { return }
        let head = columns ?? "| | \(noun) | change |"
        blocks.append(Block(kind: .frame, text: "#### \(title)\n\n\(head)\n|---|---|---|\n", noun: noun, isTableHead: true))
        for row in rows { blocks.append(Block(kind: kind, text: row, noun: noun)) }
        blocks.append(Block(kind: .frame, text: "\n", noun: noun))
    }

    /// A flow's differing steps; a step that an earlier flow's details show alike (`shown`, by step) says so
    /// instead of showing it again.
    func flowDetails(_ id: String, _ trace: TraceDiff, block: Int, shown: inout [TraceDiff.StepDifference: (flow: String, block: Int)],
                     references: inout [Int]) -> String {
        let result = trace.resultChanged ? "\(trace.baseResult.rawValue) → \(trace.headResult.rawValue)" : "still \(trace.headResult.rawValue)"
        var out = "<details><summary>Flow <code>\(Markdown.escapeHTML(id))</code>: \(Markdown.escapeHTML(result)), \(trace.differingStepCount) step\(trace.differingStepCount == 1 ? " differs" : "s differ")</summary>\n\n"
        for step in trace.steps {
            let label = step.label.prefix(1).uppercased() + step.label.dropFirst()
            if let first = shown[step] {
                out += "**\(label)**: the same difference as in flow <code>\(Markdown.escapeHTML(first.flow))</code>.\n\n"
                if !references.contains(first.block) { references.append(first.block) }
                continue
            }
            shown[step] = (id, block)
            out += "**\(label)**\n\n| | before | after |\n|---|---|---|\n"
            out += "| step | \(notRun(step.baseStoppedAt) ?? cell(step.base?.action)) | \(notRun(step.headStoppedAt) ?? cell(step.head?.action)) |\n"
            // An `expect` step has no effect on either side: no row of two empty cells.
            if !(step.base?.effect ?? "").isEmpty || !(step.head?.effect ?? "").isEmpty {
                out += "| effect | \(cell(step.base?.effect)) | \(cell(step.head?.effect)) |\n"
            }
            out += "| state | \(cell(step.base?.state)) | \(cell(step.head?.state)) |\n"
            let problems = { (side: TraceDiff.StepSide?) in
                ((side?.warnings ?? []).map { "warning: " + $0 } + (side?.problems ?? [])).joined(separator: "; ")
            }
            let before = problems(step.base), after = problems(step.head)
            if !before.isEmpty || !after.isEmpty { out += "| problems | \(cell(before.isEmpty ? nil : before)) | \(cell(after.isEmpty ? nil : after)) |\n" }
            out += "\n"
            let events = EventDiff.lines(before: step.base?.events ?? [], after: step.head?.events ?? [], limit: options.eventLines * 2)
            if step.base != nil, step.head != nil, step.base?.events == step.head?.events {
                // Only the state or the problems differ: a block of unchanged lines would say nothing.
                if !(step.base?.events.isEmpty ?? true) { out += "Events: the same on both sides.\n\n" }
            } else if !events.isEmpty {
                out += "Events (`-` before only, `+` after only):\n\n"
                out += Markdown.fence(events.joined(separator: "\n"), language: "diff") + "\n"
            }
        }
        if trace.differingStepCount > trace.steps.count {
            out += "_\(trace.differingStepCount - trace.steps.count) more differing step\(trace.differingStepCount - trace.steps.count == 1 ? "" : "s") not shown._\n\n"
        }
        return out + "</details>\n\n"
    }

    func diagram() -> String {
        var out = "#### Diagram\n\n"
        if graph.tooLargeToDraw { return out + "_No diagram: \(Self.commentText(graph.tooLargeText)). `scenograph diff` lists every change._\n" }
        out += Markdown.fence(graph.mermaid().text, language: "mermaid")
        let legend = DiffStyle.Status.allCases.map { DiffStyle.colors($0).legend }.joined(separator: " · ")
        out += "\n<sub>\(Markdown.escapeHTML(legend))"
        if graph.omittedScenes > 0 {
            out += " · \(graph.omittedScenes) unchanged scene\(graph.omittedScenes == 1 ? "" : "s") far from the changes left out"
        }
        out += "</sub>\n"
        if let url = options.artifactURL {
            out += "\nThe same diagram as SVG, with arrowheads by segue kind, is `diff.svg` in [the workflow run's artefact](\(Markdown.linkTarget(url))).\n"
        }
        return out
    }
}

/// A line diff of two event lists (longest common subsequence), as `-`, `+` and ` ` lines, cut to the changes:
/// each run of changed lines with up to `context` unchanged lines on either side, the unchanged lines between
/// two such hunks counted on one line (`… 14 unchanged`), as a unified diff shows hunks.
enum EventDiff {
    /// How many unchanged lines stand on either side of a change.
    static let context = 3

    static func lines(before: [String], after: [String], limit: Int) -> [String] {
        let all = full(before: before, after: after)
        let changed = all.indices.filter { !all[$0].hasPrefix("  ") }
        guard !changed.isEmpty else { return cut(all, limit: limit) }
        var keep = [Bool](repeating: false, count: all.count)
        for index in changed {
            for k in max(0, index - context)...min(all.count - 1, index + context) { keep[k] = true }
        }
        // A run of one or two unchanged lines is shown: the line counting them would save nothing.
        var start = 0
        while start < all.count {
            guard !keep[start] else { start += 1; continue }
            var end = start
            while end < all.count, !keep[end] { end += 1 }
            if end - start <= 2 { for k in start..<end { keep[k] = true } }
            start = end
        }
        var out: [String] = []
        var skipped = 0
        func flush() {
            if skipped > 0 { out.append("  … \(skipped) unchanged") }
            skipped = 0
        }
        for (index, line) in all.enumerated() {
            if keep[index] {
                flush()
                out.append(line)
            } else {
                skipped += 1
            }
        }
        flush()
        return cut(balanced(out, run: max(4, limit - 4)), limit: limit)
    }

    /// A run of changed lines longer than `run` (a reorder removes and adds dozens) keeps the first removed and the
    /// first added lines, half the run each, and counts the rest of each: a cut at the limit would otherwise show
    /// the removed lines only.
    static func balanced(_ lines: [String], run: Int) -> [String] {
        var out: [String] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("- ") || lines[index].hasPrefix("+ ") else {
                out.append(lines[index])
                index += 1
                continue
            }
            var end = index
            while end < lines.count, lines[end].hasPrefix("- ") || lines[end].hasPrefix("+ ") { end += 1 }
            let changes = lines[index..<end]
            if changes.count <= run {
                out += changes
            } else {
                let removed = changes.filter { $0.hasPrefix("- ") }, added = changes.filter { $0.hasPrefix("+ ") }
                let half = max(1, run / 2)
                // Each side gets half, or what the other leaves.
                let shownRemoved = min(removed.count, max(half, run - min(added.count, half)))
                let shownAdded = min(added.count, run - shownRemoved)
                out += removed.prefix(shownRemoved)
                if removed.count > shownRemoved { out.append("- … \(removed.count - shownRemoved) more removed") }
                out += added.prefix(shownAdded)
                if added.count > shownAdded { out.append("+ … \(added.count - shownAdded) more added") }
            }
            index = end
        }
        return out
    }

    /// `lines` past `limit` cut, with a last line counting what was left out and how much of it changed.
    private static func cut(_ lines: [String], limit: Int) -> [String] {
        guard lines.count > limit else { return lines }
        let left = lines[limit...]
        let changes = left.filter { $0.hasPrefix("- ") || $0.hasPrefix("+ ") }.count
        let more = left.count
        return Array(lines.prefix(limit))
            + ["  … \(more) more line\(more == 1 ? "" : "s")" + (changes > 0 ? ", \(changes) of them changed" : "")]
    }

    /// Every line of the diff, unchanged ones included. The lines both lists start and end with are taken as they
    /// are (a launch with a tab added shares hundreds of events before and after it); the rest is paired by the
    /// longest common subsequence, or, past `tableLimit` cells of its table, written as removed then added.
    static func full(before: [String], after: [String]) -> [String] {
        var head = 0
        while head < before.count, head < after.count, before[head] == after[head] { head += 1 }
        var tail = 0
        while tail < before.count - head, tail < after.count - head, before[before.count - 1 - tail] == after[after.count - 1 - tail] { tail += 1 }
        let old = Array(before[head..<(before.count - tail)]), new = Array(after[head..<(after.count - tail)])
        var out = before[..<head].map { "  " + $0 }
        let n = old.count, m = new.count
        if n * m > tableLimit {
            out += old.map { "- " + $0 } + new.map { "+ " + $0 }
        } else {
            var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
            if n > 0 && m > 0 {
                for i in stride(from: n - 1, through: 0, by: -1) {
                    for j in stride(from: m - 1, through: 0, by: -1) {
                        table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                    }
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, old[i] == new[j] {
                    out.append("  " + old[i])
                    i += 1
                    j += 1
                } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                    out.append("- " + old[i])
                    i += 1
                } else {
                    out.append("+ " + new[j])
                    j += 1
                }
            }
        }
        out += before[(before.count - tail)...].map { "  " + $0 }
        return out
    }

    /// The most cells of the pairing table (a million events on each side would need terabytes).
    static let tableLimit = 4_000_000
}
