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
            ### Navigation changes in \(ReviewMarkdown.escape(diff.headName))

            **\(ReviewMarkdown.escape(summary.prefix(1).uppercased() + summary.dropFirst()))** (\(ReviewMarkdown.code(options.baseLabel)) → \(ReviewMarkdown.code(options.headLabel)))


            """))
        if diff.isEmpty {
            return blocks.map(\.text).joined()
        }
        if !diff.model.isEmpty {
            blocks.append(Block(section: "model", text: "#### Model\n\n| key | before | after |\n|---|---|---|\n"))
            for change in diff.model {
                blocks.append(Block(section: "model", text: "| \(ReviewMarkdown.code(change.key)) | \(cell(change.old)) | \(cell(change.new)) |\n"))
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
        return "\n> [!NOTE]\n> This comment is cut at GitHub's limit of \(options.commentLimit) characters: left out \(rest.count) block\(rest.count == 1 ? "" : "s") (\(ReviewMarkdown.escape(shown))). Run `scenograph diff` for the whole diff.\n"
    }

    func cell(_ text: String?) -> String { text.map(ReviewMarkdown.escape) ?? "—" }

    func table(_ title: String, _ noun: String, _ rows: [(ModelDiff.Change, String, String)], into blocks: inout [Block]) {
        guard !rows.isEmpty else { return }
        let section = title.lowercased()
        blocks.append(Block(section: section, text: "#### \(title)\n\n| | \(noun) | change |\n|---|---|---|\n"))
        for (change, id, text) in rows {
            blocks.append(Block(section: section, text: "| \(change.rawValue) | \(ReviewMarkdown.code(id)) | \(ReviewMarkdown.escape(text)) |\n"))
        }
        blocks.append(Block(section: section, text: "\n"))
    }

    func flowDetails(_ id: String, _ trace: TraceDiff) -> String {
        let result = trace.resultChanged ? "\(trace.baseResult.rawValue) → \(trace.headResult.rawValue)" : "still \(trace.headResult.rawValue)"
        var out = "<details><summary>Flow <code>\(ReviewMarkdown.html(id))</code>: \(ReviewMarkdown.html(result)), \(trace.differingStepCount) step\(trace.differingStepCount == 1 ? "" : "s") differ</summary>\n\n"
        for step in trace.steps {
            out += "**Step \(step.index)**\n\n| | before | after |\n|---|---|---|\n"
            out += "| step | \(cell(step.base?.action)) | \(cell(step.head?.action)) |\n"
            out += "| effect | \(cell(step.base?.effect)) | \(cell(step.head?.effect)) |\n"
            out += "| state | \(cell(step.base?.state)) | \(cell(step.head?.state)) |\n"
            let problems = { (side: TraceDiff.StepSide?) in
                ((side?.warnings ?? []).map { "warning: " + $0 } + (side?.problems ?? [])).joined(separator: "; ")
            }
            let before = problems(step.base), after = problems(step.head)
            if !before.isEmpty || !after.isEmpty { out += "| problems | \(cell(before.isEmpty ? nil : before)) | \(cell(after.isEmpty ? nil : after)) |\n" }
            out += "\n"
            let events = EventDiff.lines(before: step.base?.events ?? [], after: step.head?.events ?? [], limit: options.eventLines * 2)
            if !events.isEmpty {
                out += "Events (`-` before only, `+` after only):\n\n"
                out += ReviewMarkdown.fence(events.joined(separator: "\n"), language: "diff") + "\n"
            }
        }
        if trace.differingStepCount > trace.steps.count {
            out += "_\(trace.differingStepCount - trace.steps.count) more differing step\(trace.differingStepCount - trace.steps.count == 1 ? "" : "s") not shown._\n\n"
        }
        return out + "</details>\n\n"
    }

    func diagram() -> String {
        var out = "#### Diagram\n\n"
        out += ReviewMarkdown.fence(graph.mermaid().text, language: "mermaid")
        let legend = DiffStyle.Status.allCases.map { DiffStyle.colors($0).legend }.joined(separator: " · ")
        out += "\n<sub>\(ReviewMarkdown.html(legend))"
        if graph.omittedScenes > 0 {
            out += " · \(graph.omittedScenes) unchanged scene\(graph.omittedScenes == 1 ? "" : "s") far from the changes left out"
        }
        out += "</sub>\n"
        if let url = options.artifactURL {
            out += "\nThe same diagram as SVG, with arrowheads by segue kind: [diff.svg](\(ReviewMarkdown.url(url))) (in the workflow run's artefact).\n"
        }
        return out
    }
}

/// Escaping for text placed into the GitHub Markdown of the comment.
enum ReviewMarkdown {
    /// Characters Markdown would read as syntax are escaped; line breaks become spaces so table rows stay whole.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "!": out += "\\\(character)"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// A code span that holds any text: backticks inside get a longer fence; `|` is escaped for tables.
    static func code(_ text: String) -> String {
        let flat = text.replacingNewlines.escapingPipes
        var fence = "`"
        while flat.contains(fence) { fence += "`" }
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
        return fence + pad + flat + pad + fence
    }

    /// Text for HTML elements (`<summary>`, `<sub>`).
    static func html(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A link target: spaces and parentheses percent-encoded so the link stays one token.
    static func url(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "<": out += "%3C"
            case ">": out += "%3E"
            default: out.append(character)
            }
        }
        return out
    }

    /// A fenced block that no line of `text` can close.
    static func fence(_ text: String, language: String) -> String {
        var fence = "```"
        while text.contains(fence) { fence += "`" }
        let body = text.hasSuffix("\n") ? text : text + "\n"
        return fence + language + "\n" + body + fence + "\n"
    }
}

private extension String {
    var replacingNewlines: String {
        String(map { $0.isNewline ? " " : $0 })
    }

    var escapingPipes: String {
        var out = ""
        for character in self { if character == "|" { out += "\\|" } else { out.append(character) } }
        return out
    }
}

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
