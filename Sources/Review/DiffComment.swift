import TextFormats
import Diagrams

extension DiffReport {
    /// The first line of every comment: the workflow finds its earlier comment by it and updates that one.
    public static let commentMarker = "<!-- scenograph-diff -->"

    /// The pull-request comment: a summary line, tables of changes, the diff graph as a Mermaid flowchart,
    /// each flow's differing steps in a `<details>` block. Never longer than `options.commentLimit`: what does
    /// not fit is left out, with a line saying what.
    public func markdown() -> String {
        var blocks: [Block] = []
        blocks.append(Block(section: "header", text: """
            \(Self.commentMarker)
            ### Navigation changes in \(Markdown.escape(diff.headName))

            **\(Markdown.escape(summary.prefix(1).uppercased() + summary.dropFirst()))** (\(Markdown.codeSpan(options.baseLabel, inTable: true)) → \(Markdown.codeSpan(options.headLabel, inTable: true)))


            """))
        if diff.isEmpty {
            return blocks.map(\.text).joined()
        }
        if !diff.model.isEmpty {
            blocks.append(Block(section: "model", text: "#### Model\n\n| key | before | after |\n|---|---|---|\n"))
            for change in diff.model {
                blocks.append(Block(section: "model", text: "| \(Markdown.codeSpan(change.key, inTable: true)) | \(cell(change.old)) | \(cell(change.new)) |\n"))
            }
            blocks.append(Block(section: "model", text: "\n"))
        }
        table("Segues", "segue", diff.segues.map { ($0.change, $0.id, segueText($0)) }, into: &blocks)
        table("Scenes", "scene", diff.scenes.map { ($0.change, $0.id, sceneText($0)) }, into: &blocks)
        table("Containers", "container", diff.containment.map { (.changed, $0.container, $0.description) }, into: &blocks)
        table("Flows", "flow", diff.flows.map { ($0.change, $0.id, flowText($0)) }, into: &blocks)
        for flow in diff.flows {
            guard let trace = flow.trace, !trace.steps.isEmpty else { continue }
            blocks.append(Block(section: "flow \(flow.id)", text: flowDetails(flow.id, trace)))
        }
        blocks.append(Block(section: "diagram", text: diagram()))
        return assemble(blocks)
    }

    struct Block {
        var section: String
        var text: String
    }

    /// Joins blocks up to the limit; the first block that does not fit and every one after it are left out,
    /// named in a closing line.
    func assemble(_ blocks: [Block]) -> String {
        var out = ""
        var used = 0
        for (offset, block) in blocks.enumerated() {
            let size = block.text.utf16.count
            let rest = blocks[offset...]
            let cut = cutLine(rest)
            // Room for the cut line is kept unless this is the last block.
            let reserve = offset == blocks.count - 1 ? 0 : cut.utf16.count
            if used + size + reserve > options.commentLimit {
                return out + cut
            }
            out += block.text
            used += size
        }
        return out
    }

    func cutLine(_ rest: ArraySlice<Block>) -> String {
        var sections: [String] = []
        for block in rest where sections.last != block.section { sections.append(block.section) }
        let shown = sections.prefix(5).joined(separator: ", ") + (sections.count > 5 ? " and \(sections.count - 5) more" : "")
        return "\n> [!NOTE]\n> This comment is cut at GitHub's limit of \(options.commentLimit) characters: left out \(rest.count) block\(rest.count == 1 ? "" : "s") (\(Markdown.escape(shown))). Run `scenograph diff` for the whole diff.\n"
    }

    func cell(_ text: String?) -> String { text.map { Markdown.escape($0) } ?? "—" }

    func table(_ title: String, _ noun: String, _ rows: [(ModelDiff.Change, String, String)], into blocks: inout [Block]) {
        guard !rows.isEmpty else { return }
        let section = title.lowercased()
        blocks.append(Block(section: section, text: "#### \(title)\n\n| | \(noun) | change |\n|---|---|---|\n"))
        for (change, id, text) in rows {
            blocks.append(Block(section: section, text: "| \(change.rawValue) | \(Markdown.codeSpan(id, inTable: true)) | \(Markdown.escape(text)) |\n"))
        }
        blocks.append(Block(section: section, text: "\n"))
    }

    func flowDetails(_ id: String, _ trace: TraceDiff) -> String {
        let result = trace.resultChanged ? "\(trace.baseResult.rawValue) → \(trace.headResult.rawValue)" : "still \(trace.headResult.rawValue)"
        var out = "<details><summary>Flow <code>\(Markdown.escapeHTML(id))</code>: \(Markdown.escapeHTML(result)), \(trace.differingStepCount) step\(trace.differingStepCount == 1 ? "" : "s") differ</summary>\n\n"
        for step in trace.steps {
            out += "**\(step.label.prefix(1).uppercased() + step.label.dropFirst())**\n\n| | before | after |\n|---|---|---|\n"
            out += "| step | \(cell(step.base?.action)) | \(cell(step.head?.action)) |\n"
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
        if graph.tooLargeToDraw { return out + "_No diagram: \(Markdown.escape(graph.tooLargeText)). The tables above list every change._\n" }
        out += Markdown.fence(graph.mermaid().text, language: "mermaid")
        let legend = DiffStyle.Status.allCases.map { DiffStyle.colors($0).legend }.joined(separator: " · ")
        out += "\n<sub>\(Markdown.escapeHTML(legend))"
        if graph.omittedScenes > 0 {
            out += " · \(graph.omittedScenes) unchanged scene\(graph.omittedScenes == 1 ? "" : "s") far from the changes left out"
        }
        out += "</sub>\n"
        if let url = options.artifactURL {
            out += "\nThe same diagram as SVG, with arrowheads by segue kind: [diff.svg](\(Markdown.linkTarget(url))) (in the workflow run's artefact).\n"
        }
        return out
    }
}

/// Escaping for text placed into the GitHub Markdown of the comment.
/// A line diff of two event lists (longest common subsequence), as `-`, `+` and ` ` lines.
enum EventDiff {
    static func lines(before: [String], after: [String], limit: Int) -> [String] {
        let n = before.count, m = after.count
        var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        if n > 0 && m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i][j] = before[i] == after[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, before[i] == after[j] {
                out.append("  " + before[i])
                i += 1
                j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                out.append("- " + before[i])
                i += 1
            } else {
                out.append("+ " + after[j])
                j += 1
            }
        }
        if out.count > limit {
            let left = out.count - limit
            out = Array(out.prefix(limit)) + ["  … \(left) more line\(left == 1 ? "" : "s")"]
        }
        return out
    }
}
