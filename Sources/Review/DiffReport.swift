import Diagrams
import SceneModel
import Simulator

/// A model diff written for people and programs: text for the terminal, a pull-request comment in Markdown,
/// and JSON. Every form is byte-stable: the same two models give the same bytes.
public struct DiffReport: Sendable {
    public struct Options: Sendable, Hashable {
        /// How the two sides are named (`origin/main`, `Examples/Photos.yaml`).
        public var baseLabel: String
        public var headLabel: String
        /// Where the diff graph's SVG is published (a CI artefact); the comment links it when given.
        public var artifactURL: String?
        /// The longest comment, in UTF-16 code units (GitHub's limit is 65,536 characters).
        public var commentLimit: Int
        /// How many lines of a differing step's events each side shows.
        public var eventLines: Int
        /// The head's errors when it was compared despite them (names in its flows the model does not have) and
        /// the base does not have too (what `check --git` reports, and fails on), as `file:line:column: message`:
        /// every form says so first.
        public var headErrors: [String]
        /// How many more such errors the head has that the base has too: said, not listed.
        public var knownHeadErrors: Int

        public init(baseLabel: String = "base", headLabel: String = "head", artifactURL: String? = nil,
                    commentLimit: Int = 65_536, eventLines: Int = 12, headErrors: [String] = [], knownHeadErrors: Int = 0) {
            self.baseLabel = baseLabel
            self.headLabel = headLabel
            self.artifactURL = artifactURL
            self.commentLimit = commentLimit
            self.eventLines = eventLines
            self.headErrors = headErrors
            self.knownHeadErrors = knownHeadErrors
        }
    }

    /// The most head errors a form lists, and the longest each is shown.
    static let shownHeadErrors = 10
    static let headErrorLength = 300

    /// The head's errors as the forms list them: the first `shownHeadErrors`, each cut at `headErrorLength`.
    var listedHeadErrors: (shown: [String], more: Int) {
        let shown = options.headErrors.prefix(Self.shownHeadErrors).map { $0.count > Self.headErrorLength ? String($0.prefix(Self.headErrorLength)) + "…" : $0 }
        return (Array(shown), max(0, options.headErrors.count - Self.shownHeadErrors))
    }

    /// The line that says the head was compared despite errors.
    var headErrorsLead: String {
        let errors = "\(options.headErrors.count) error\(options.headErrors.count == 1 ? "" : "s")"
        let known = options.knownHeadErrors == 0 ? "" : ", and \(options.knownHeadErrors) the base has too"
        let which = options.knownHeadErrors == 0 ? "" : " that the base does not have"
        return "the head has \(errors) in its flows\(which) (check fails)\(known): they name what the model does not have, and run until they stop there"
    }

    public var diff: ModelDiff
    public var graph: DiffGraph
    public var options: Options

    public init(diff: ModelDiff, graph: DiffGraph, options: Options = Options()) {
        self.diff = diff
        self.graph = graph
        self.options = options
    }

    /// The comparison of two models with its graph (`context`: how far around changes a large graph reaches);
    /// `diff`, when the caller has made it already (`ModelDiff(base:head:)` runs every flow on both sides).
    public init(base: SceneModel, head: SceneModel, context: Int = 1, options: Options = Options(), diff: ModelDiff? = nil) {
        let diff = diff ?? ModelDiff(base: base, head: head)
        var options = options
        options.headErrors = Self.pointingAtRenames(options.headErrors, diff: diff, base: base, head: head)
        self.init(diff: diff, graph: DiffGraph(diff: diff, base: base, head: head, context: context), options: options)
    }

    /// The head's flow errors, each naming a segue this change renamed saying its new name: a storyboard segue
    /// without an identifier is named after its kind and destination, so changing its kind in Interface Builder
    /// leaves every flow that taps it naming the old name.
    static func pointingAtRenames(_ errors: [String], diff: ModelDiff, base: SceneModel, head: SceneModel) -> [String] {
        guard !errors.isEmpty else { return errors }
        let renamed = diff.segues.filter { $0.change == .renamed }
        guard !renamed.isEmpty else { return errors }
        // Found through tables: a pull request may rename thousands of segues at once.
        let baseSegues = Dictionary(base.allSegues.map { ($0.qualifiedID, $0) }, uniquingKeysWith: { first, _ in first })
        let headSegues = Dictionary(head.allSegues.map { ($0.qualifiedID, $0) }, uniquingKeysWith: { first, _ in first })
        var hints: [(missing: String, hint: String)] = []
        for change in renamed {
            guard let oldID = change.oldID, let old = baseSegues[oldID], let new = headSegues[change.id], old.id != new.id else { continue }
            hints.append(("scene '\(new.source)' has no segue '\(old.id)'", "this change renamed '\(old.id)' to '\(new.id)'"))
        }
        guard !hints.isEmpty else { return errors }
        return errors.map { error in
            // Said right after the name, before the list of the scene's segues that a long error is cut in.
            guard let hint = hints.first(where: { error.contains($0.missing + ";") || error.contains($0.missing + " (") }),
                  let range = error.range(of: hint.missing) else { return error }
            return error.replacingCharacters(in: range, with: hint.missing + " (\(hint.hint))")
        }
    }

    // MARK: - Summary

    /// "1 flow now fails, 3 segues changed, 1 scene added, 2 other flows behave differently", or "no navigation change".
    public var summary: String {
        if diff.isEmpty { return "no navigation change" }
        var parts: [String] = []
        // What a reviewer must see first: flows that passed before and now fail or err, or the reverse. A flow the
        // base does not have is counted with the added ones, saying whether it fails.
        let failing = diff.flows.filter { $0.headResult.map { $0 != .passed } == true && $0.baseResult == .passed }
        if !failing.isEmpty { parts.append("\(failing.count) flow\(failing.count == 1 ? " now fails" : "s now fail")") }
        let passing = diff.flows.filter { $0.headResult == .passed && $0.baseResult.map { $0 != .passed } == true }
        if !passing.isEmpty { parts.append("\(passing.count) flow\(passing.count == 1 ? " now passes" : "s now pass")") }
        let counted = Set((failing + passing).map(\.id))
        func count<T>(_ items: [T], _ noun: String, _ verb: String, where keep: (T) -> Bool) {
            let n = items.filter(keep).count
            if n > 0 { parts.append("\(n) \(noun)\(n == 1 ? "" : "s") \(verb)") }
        }
        // A segue or scene renamed *and* changed (a storyboard segue without an identifier is named after its kind,
        // so a new kind renames it) is counted as such, after the renamed ones: the summary must not hide what it now
        // does, and its row is a rename with what else changed.
        for change in ModelDiff.Change.allCases {
            count(diff.segues, "segue", change.rawValue) { $0.change == change && ($0.change != .renamed || $0.properties.isEmpty) }
            if change == .renamed { count(diff.segues, "segue", "renamed and changed") { $0.change == .renamed && !$0.properties.isEmpty } }
        }
        count(diff.storyboards, "storyboard", "renamed") { _ in true }
        for change in ModelDiff.Change.allCases {
            count(diff.scenes, "scene", change.rawValue) { $0.change == change && !$0.withStoryboard && ($0.change != .renamed || $0.properties.isEmpty) }
            if change == .renamed { count(diff.scenes, "scene", "renamed and changed") { $0.change == .renamed && !$0.properties.isEmpty } }
        }
        let containers = Set(diff.containment.map(\.container)).count
        if containers > 0 { parts.append("\(containers) container\(containers == 1 ? "" : "s") changed") }
        let added = diff.flows.filter { $0.change == .added }
        if !added.isEmpty {
            let failingAdded = added.filter { $0.headResult.map { $0 != .passed } == true }.count
            let failures = failingAdded == 0 ? "" : added.count == 1 ? " (it fails)" : " (\(failingAdded) fail\(failingAdded == 1 ? "s" : ""))"
            parts.append("\(added.count) flow\(added.count == 1 ? "" : "s") added" + failures)
        }
        count(diff.flows, "flow", "removed") { $0.change == .removed }
        count(diff.flows, "flow", "renamed") { $0.change == .renamed }
        // Flows already said to fail or pass now are not counted again.
        let behaving = diff.flows.filter { $0.behavesDifferently && !counted.contains($0.id) }.count
        let other = counted.isEmpty ? "" : " other"
        if behaving > 0 { parts.append("\(behaving)\(other) flow\(behaving == 1 ? "" : "s") behave\(behaving == 1 ? "s" : "") differently") }
        count(diff.flows, "flow", "edited (same behaviour)") { $0.change == .changed && !$0.behavesDifferently }
        if !diff.model.isEmpty { parts.append("model settings changed (\(diff.model.map(\.key).joined(separator: ", ")))") }
        return parts.joined(separator: ", ")
    }

    static func symbol(_ change: ModelDiff.Change) -> String {
        switch change {
        case .added: "+"
        case .removed: "-"
        case .changed: "~"
        case .renamed: ">"
        }
    }

    /// `renamed from Fulfillment, its 20 scenes with it`.
    func storyboardText(_ rename: ModelDiff.StoryboardRename) -> String {
        "renamed from \(rename.old)" + (rename.scenes == 0 ? "" : ", its \(rename.scenes) scene\(rename.scenes == 1 ? "" : "s") renamed with it")
    }

    func sceneText(_ change: ModelDiff.SceneChange) -> String {
        switch change.change {
        case .added: change.standsInFor.map { "stand-in for \($0), a storyboard reference that does not resolve" }
            ?? "new \(change.kind.rawValue) scene (\(change.className))"
        case .removed: change.standsInFor.map { "stand-in for \($0) removed: the reference resolves, or is gone" }
            ?? "\(change.kind.rawValue) scene (\(change.className)) removed"
        case .renamed: (["renamed from \(change.oldID ?? "?")"] + resolved(change) + change.properties.map(\.text)).joined(separator: "; ")
        case .changed: (resolved(change) + change.properties.map(\.text)).joined(separator: "; ")
        }
    }

    /// For a changed scene that was a stand-in: that its storyboard reference resolves now.
    private func resolved(_ change: ModelDiff.SceneChange) -> [String] {
        change.standsInFor.map { ["was a stand-in for \($0); the reference resolves now"] } ?? []
    }

    func segueText(_ change: ModelDiff.SegueChange) -> String {
        let what = "\(change.kind.rawValue) → \(change.target)"
        switch change.change {
        // What a segue added or removed is, in brackets: after a semicolon, `identifier: Show` read as a change.
        case .added:
            let facts = change.properties.map { "\($0.key): \($0.new ?? "")" }
            return "new \(what)" + (facts.isEmpty ? "" : " (" + facts.joined(separator: "; ") + ")")
        case .removed:
            let facts = change.properties.map { "\($0.key): \($0.old ?? "")" }
            return "\(what), removed" + (facts.isEmpty ? "" : " (" + facts.joined(separator: "; ") + ")")
        case .renamed:
            // A made-up name changes with what it is made of: its own kind, destination or trigger, or, when nothing
            // of its own changed, its scene's other segues (two alike each add their trigger).
            let why = !change.madeUpName ? [] : change.properties.isEmpty
                ? ["no identifier in the storyboard: the name made up for it changed with its scene's other segues"]
                : ["no identifier in the storyboard: the name made up for it follows its kind, destination and trigger"]
            // What it is now, then its old name: `(present → X)` after the old name read as what the old one was.
            return (["\(what), renamed from \(change.oldID ?? "?")"] + change.properties.map(\.text) + why).joined(separator: "; ")
        case .changed: return change.properties.map(\.text).joined(separator: "; ")
        }
    }

    func flowText(_ change: ModelDiff.FlowChange) -> String {
        switch change.change {
        case .added: return "new flow (\(change.headResult?.rawValue ?? "?"))" + (change.problem.map { ": " + $0 } ?? "")
        case .removed: return "flow removed (was \(change.baseResult?.rawValue ?? "?"))"
        case .renamed, .changed:
            var parts: [String] = change.oldID.map { ["renamed from \($0)"] } ?? []
            if let trace = change.trace {
                parts.append(trace.resultChanged ? "\(trace.baseResult.rawValue) → \(trace.headResult.rawValue)" : "still \(trace.headResult.rawValue)")
                parts.append("\(trace.differingStepCount) step\(trace.differingStepCount == 1 ? "" : "s") behave\(trace.differingStepCount == 1 ? "s" : "") differently"
                             + (trace.steps.first.map { ", first at \($0.label)" } ?? ""))
            } else {
                parts.append("same behaviour")
            }
            if !change.definition.isEmpty { parts.append("edited: " + change.definition.joined(separator: ", ")) }
            return parts.joined(separator: "; ")
        }
    }

    // MARK: - Text

    /// The diff for a terminal.
    public func text() -> String {
        var out = "\(diff.headName) (\(options.baseLabel) → \(options.headLabel)): \(summary)\n"
        if !options.headErrors.isEmpty {
            let listed = listedHeadErrors
            out += "\n" + headErrorsLead + "\n" + listed.shown.map { "  ! \($0)\n" }.joined()
            if listed.more > 0 { out += "  ! and \(listed.more) more\n" }
        }
        if diff.isEmpty { return out }
        if !diff.model.isEmpty {
            out += "\nmodel\n" + diff.model.map { "  ~ \($0.text)\n" }.joined()
        }
        // In the Markdown's order: segues, what a reviewer looks for first, then scenes.
        if !diff.segues.isEmpty {
            out += "\nsegues\n" + diff.segues.map { "  \(Self.symbol($0.change)) \($0.id): \(segueText($0))\n" }.joined()
        }
        if !diff.storyboards.isEmpty {
            out += "\nstoryboards\n" + diff.storyboards.map { "  > \($0.new): \(storyboardText($0))\n" }.joined()
        }
        let sceneRows = diff.scenes.filter { !$0.withStoryboard }
        if !sceneRows.isEmpty {
            out += "\nscenes\n" + sceneRows.map { "  \(Self.symbol($0.change)) \($0.id): \(sceneText($0))\n" }.joined()
        }
        if !diff.containment.isEmpty {
            out += "\ncontainers\n" + diff.containment.map { "  ~ \($0.container): \($0.description)\n" }.joined()
        }
        if !diff.flows.isEmpty {
            out += "\nflows\n"
            // A step that differs alike in several flows (the launch, when a tab is added) is shown once.
            var shown: [TraceDiff.StepDifference: String] = [:]
            for flow in diff.flows {
                out += "  \(Self.symbol(flow.change)) \(flow.id): \(flowText(flow))\n"
                for step in flow.trace?.steps ?? [] {
                    if let first = shown[step] {
                        out += "      \(step.label): the same difference as in flow \(first)\n"
                        continue
                    }
                    shown[step] = flow.id
                    out += "      \(step.label)\n"
                    // With both sides, their events are one line diff cut to the changes: two lists cut at the
                    // same length would show only the lines they share when the change comes later.
                    let shared = step.base != nil && step.head != nil
                    out += sideText("before", step.base, stoppedAt: step.baseStoppedAt, events: !shared)
                        + sideText("after", step.head, stoppedAt: step.headStoppedAt, events: !shared)
                    if let base = step.base, let head = step.head {
                        if base.events == head.events {
                            if !base.events.isEmpty { out += "        events: the same on both sides\n" }
                        } else {
                            out += "        events (- before only, + after only):\n"
                            for line in EventDiff.lines(before: base.events, after: head.events, limit: options.eventLines * 2) {
                                out += "          \(line)\n"
                            }
                        }
                    }
                }
                if let trace = flow.trace, trace.differingStepCount > trace.steps.count {
                    let more = trace.differingStepCount - trace.steps.count
                    out += "      … \(more) more differing step\(more == 1 ? "" : "s") not shown\n"
                }
            }
        }
        return out
    }

    /// One side of a differing step: what it did, its events unless `events` is false (both sides' events are
    /// then shown as one diff), its warnings, problems and state.
    func sideText(_ name: String, _ side: TraceDiff.StepSide?, stoppedAt: Int? = nil, events: Bool = true) -> String {
        guard let side else {
            return "        \(name): " + (stoppedAt.map { "(not run: the flow stopped at step \($0))" } ?? "(no such step)") + "\n"
        }
        var out = "        \(name): \(side.action)" + (side.effect.isEmpty ? "" : " — \(side.effect)") + "\n"
        for line in side.events.prefix(events ? options.eventLines : 0) { out += "          \(line)\n" }
        if events, side.events.count > options.eventLines {
            let more = side.events.count - options.eventLines
            out += "          … \(more) more event\(more == 1 ? "" : "s")\n"
        }
        for warning in side.warnings { out += "          warning: \(warning)\n" }
        for problem in side.problems { out += "          \(problem)\n" }
        out += "          state: \(side.state)\n"
        return out
    }

    // MARK: - JSON

    /// The diff as JSON, keys in a fixed order.
    public func json() -> String { jsonValue.render() }

    public var jsonValue: JSONValue {
        func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        func properties(_ list: [ModelDiff.PropertyChange]) -> JSONValue {
            .array(list.map { .object([("key", .string($0.key)), ("old", string($0.old)), ("new", string($0.new))]) })
        }
        func side(_ side: TraceDiff.StepSide?) -> JSONValue {
            guard let side else { return .null }
            return .object([
                ("action", .string(side.action)), ("effect", .string(side.effect)),
                ("events", .array(side.events.map { .string($0) })), ("warnings", .array(side.warnings.map { .string($0) })),
                ("problems", .array(side.problems.map { .string($0) })), ("state", .string(side.state)),
            ])
        }
        let flows: [JSONValue] = diff.flows.map { flow in
            var entries: [(key: String, value: JSONValue)] = [
                ("change", .string(flow.change.rawValue)), ("flow", .string(flow.id)), ("oldID", string(flow.oldID)),
                ("baseResult", string(flow.baseResult?.rawValue)), ("headResult", string(flow.headResult?.rawValue)),
                ("behavesDifferently", .bool(flow.behavesDifferently)),
                ("edited", .array(flow.definition.map { .string($0) })),
            ]
            if let problem = flow.problem { entries.append(("problem", .string(problem))) }
            if let trace = flow.trace {
                entries.append(("differingSteps", .int(trace.differingStepCount)))
                entries.append(("steps", .array(trace.steps.map { step in
                    var fields: [(key: String, value: JSONValue)] = [("index", .int(step.index)), ("base", side(step.base)), ("head", side(step.head))]
                    // A side that did not run the step because its flow stopped before it: the step that stopped it.
                    if let stop = step.baseStoppedAt { fields.append(("baseStoppedAt", .int(stop))) }
                    if let stop = step.headStoppedAt { fields.append(("headStoppedAt", .int(stop))) }
                    return .object(fields)
                })))
            }
            return .object(entries)
        }
        return .object([
            ("format", .int(1)),
            ("base", .string(options.baseLabel)),
            ("head", .string(options.headLabel)),
            ("summary", .string(summary)),
            ("changed", .bool(!diff.isEmpty)),
            ("headErrors", .array(options.headErrors.map { .string($0) })),
            ("knownHeadErrors", .int(options.knownHeadErrors)),
            ("model", properties(diff.model)),
            ("scenes", .array(diff.scenes.map { change in
                .object([("change", .string(change.change.rawValue)), ("scene", .string(change.id)), ("oldID", string(change.oldID)),
                         ("kind", .string(change.kind.rawValue)), ("class", .string(change.className)),
                         ("properties", properties(change.properties)), ("standsInFor", string(change.standsInFor)),
                         ("withStoryboard", .bool(change.withStoryboard))])
            })),
            ("storyboards", .array(diff.storyboards.map { rename in
                .object([("change", .string("renamed")), ("storyboard", .string(rename.new)), ("old", .string(rename.old)),
                         ("scenes", .int(rename.scenes))])
            })),
            ("segues", .array(diff.segues.map { change in
                .object([("change", .string(change.change.rawValue)), ("segue", .string(change.id)), ("oldID", string(change.oldID)),
                         ("kind", .string(change.kind.rawValue)), ("target", .string(change.target)),
                         ("properties", properties(change.properties)), ("madeUpName", .bool(change.madeUpName))])
            })),
            ("containers", .array(diff.containment.map { change in
                .object([("container", .string(change.container)), ("kind", .string(change.kind.rawValue)),
                         ("change", .string(change.description)),
                         ("old", .array(change.old.map { .string($0) })), ("new", .array(change.new.map { .string($0) }))])
            })),
            ("flows", .array(flows)),
            ("unchangedFlows", .int(diff.unchangedFlows)),
            ("graph", .object([
                ("scenes", .int(graph.nodes.count)), ("links", .int(graph.edges.count)), ("omittedScenes", .int(graph.omittedScenes)),
                ("context", .int(graph.context)), ("drawn", .bool(!graph.tooLargeToDraw)),
            ])),
        ])
    }
}

// MARK: - Files

extension DiffReport {
    /// The review files for a folder: `diff.txt`, `diff.md` (the comment), `diff.json`, `diff.dot` and
    /// `diff.svg`, in that order. `renderSVG` lays out DOT (the caller owns Graphviz).
    public func files(renderSVG: (String) throws -> [UInt8]) rethrows -> [(name: String, bytes: [UInt8])] {
        let dot = graph.dotGraph().text
        return [
            ("diff.txt", Array(text().utf8)),
            ("diff.md", Array(markdown().utf8)),
            ("diff.json", Array(json().utf8)),
            ("diff.dot", Array(dot.utf8)),
            ("diff.svg", try renderSVG(dot)),
        ]
    }
}
