import SceneModel
import TextFormats
import Simulator

/// The findings of `scenograph check` — validation, flows and lint rules — and their encodings: text,
/// GitHub workflow commands, JSON and SARIF 2.1.0.
public struct CheckReport: Sendable {
    public var findings: [Diagnostic]
    /// Warnings found but not listed (`--quiet`): the text form's count says so.
    public var hiddenWarnings = 0

    public init(findings: [Diagnostic]) { self.findings = findings.sortedByLocation() }

    /// The report with only its errors listed, the warnings counted as hidden.
    public func errorsOnly() -> CheckReport {
        var report = CheckReport(findings: findings.filter(\.isError))
        report.hiddenWarnings = hiddenWarnings + warningCount
        return report
    }

    /// The findings of one model: the loader's diagnostics (validation, with the model's settings already applied),
    /// every flow's failed expectations and errors, and the lint rules.
    public init(model: SceneModel, loadDiagnostics: [Diagnostic]) {
        // Where a rule looks at a position, its finding (or its silence, when the model turns the rule off)
        // replaces validation's warning of the same category there (unreachable scenes, unimplemented unwind
        // actions, popovers without an anchor), which says the same.
        let traces = Simulator(model: model).runAll().flows
        let lint = NavigationLint(model: model, leftInFlows: NavigationLint.scenesLeavingTheChain(traces))
        let ruled = Set(lint.rawFindings().map { "\($0.diagnostic.category ?? "") \($0.diagnostic.location)" })
        var findings = loadDiagnostics.filter { $0.isError || !ruled.contains("\($0.category ?? "") \($0.location)") }
        var flowFindings: [Diagnostic] = []
        // A model checked with flows that name what it does not have (`LoadResult.flowErrorsOnly`): each such name
        // is a load error already, so the step it stops is not reported a second time as a step that cannot happen.
        let unknownNames = loadDiagnostics.filter { $0.isError && $0.category == DiagnosticCategory.unknownReference.id }.map(\.location)
        func namesSomethingMissing(_ step: Int, of flow: Flow) -> Bool {
            guard !unknownNames.isEmpty, flow.steps.indices.contains(step - 1) else { return false }
            let start = flow.steps[step - 1].location
            let end = flow.steps.indices.contains(step) ? flow.steps[step].location : nil
            return unknownNames.contains { name in name.file == start.file && name >= start && end.map { name < $0 } ?? true }
        }
        for (flow, trace) in zip(model.flows, traces) {
            for step in trace.steps {
                // What UIKit would log and ignore: the cause of what fails after it, and a finding of its own, unless
                // the next step expects it (`expect: {warnings: […]}`): then the flow documents it.
                var expected: [String] = []
                if flow.steps.indices.contains(step.index), case .expect(let expectation) = flow.steps[step.index].action {
                    expected = expectation.warnings.map(\.value)
                }
                for warning in step.warnings where !expected.contains(where: { warning.contains($0) }) {
                    flowFindings.append(Diagnostic(.warning, at: FlowDiagnostics.location(of: step.index, in: flow),
                                                   "flow '\(trace.flow)', step \(step.index): UIKit warning: \(warning)",
                                                   category: DiagnosticCategory.uikitWarning.id))
                }
                for failure in step.failures {
                    flowFindings.append(Diagnostic(.error, at: failure.location, "flow '\(trace.flow)', step \(step.index): \(failure.message)",
                                                   category: DiagnosticCategory.flowExpectation.id))
                }
                if let error = step.error, !namesSomethingMissing(step.index, of: flow) {
                    flowFindings.append(Diagnostic(.error, at: error.location, "flow '\(trace.flow)', step \(step.index) cannot happen: \(error.message)",
                                                   category: DiagnosticCategory.flowError.id))
                }
            }
        }
        findings += model.applyingLintSettings(to: flowFindings)
        findings += lint.run()
        self.init(findings: findings)
    }

    /// Where a message's list of what the model has now begins (the rest of the message is that list).
    static let hintMarkers = ["; its segues: ", "; it has no segues", "; allowed: ", "; known ids: ", "; steps: ", "; it takes no options"]

    /// The findings of `head` that `base` does not have, each finding of `base` answering for one of `head`:
    /// compared by severity, category, file and message, not by line or step number (in the location or quoted in
    /// the message), since both move with every edit above them, nor by the hints that list the model's names
    /// ("did you mean 'open'?", "its segues: open, help"), which change when a name is added or removed nearby.
    /// `base`'s files are named `REV:path` (`revision`), as `diff --git` and `check --git` read them.
    public static func findings(_ head: [Diagnostic], notIn base: [Diagnostic], revision: String) -> [Diagnostic] {
        // The path as written, without `REV:`, `.` parts, doubled slashes and `folder/..` (`Docs//App.yaml`,
        // `./Docs/./App.yaml` and `Docs/../Docs/App.yaml` name the file the base's `Docs/App.yaml` names).
        func file(_ path: String) -> String {
            var path = Substring(path)
            if path.hasPrefix(revision + ":") { path = path.dropFirst(revision.count + 1) }
            var parts: [Substring] = []
            for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
                if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
            }
            return parts.joined(separator: "/")
        }
        // What a message adds to help fix it lists the names the model has now ("did you mean 'open'?", "its
        // segues: open, help"): a segue added or removed elsewhere in the scene changes it, not the finding.
        func withoutHints(_ text: String) -> String {
            var text = Substring(text)
            for marker in Self.hintMarkers {
                if let range = text.range(of: marker) { text = text[..<range.lowerBound] }
            }
            var out = ""
            while let open = text.range(of: " (did you mean ") {
                out += text[..<open.lowerBound]
                guard let close = text[open.upperBound...].range(of: "?)") else { return out + text[open.lowerBound...] }
                text = text[close.upperBound...]
            }
            return out + text
        }
        // A flow's finding names its step by number, and some findings quote the line of another key or tag
        // ("first at line 13"): both move with edits above them.
        func withoutStepAndLineNumbers(_ text: String) -> String {
            var out = ""
            var rest = Substring(text)
            while let range = ["step ", "line "].compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
                // The words themselves: "timeline 3" or "deadline 2" keep their numbers.
                let word = range.lowerBound == rest.startIndex ? out.last.map { !$0.isLetter } ?? true
                    : !rest[rest.index(before: range.lowerBound)].isLetter
                out += rest[..<range.upperBound]
                rest = rest[range.upperBound...]
                let digits = word ? rest.prefix { $0.isASCII && $0.isNumber } : ""
                if !digits.isEmpty { out += "#" }
                rest = rest.dropFirst(digits.count)
            }
            return out + rest
        }
        func key(_ finding: Diagnostic, withFile: Bool = true) -> String {
            let message = withoutStepAndLineNumbers(withoutHints(finding.message.replacingOccurrences(of: revision + ":", with: "")))
            return "\(finding.severity.rawValue)\u{0}\(finding.category ?? "")\u{0}\(withFile ? file(finding.location.file) : "")\u{0}\(message)"
        }
        var known: [String: Int] = [:]
        for finding in base { known[key(finding), default: 0] += 1 }
        let unmatched = head.filter { finding in
            let key = key(finding)
            guard let count = known[key], count > 0 else { return true }
            known[key] = count - 1
            return false
        }
        // Then in any file, for a finding that quotes what it is about ('Auction.Detail.push-Map'): an app's scene and
        // segue ids are its own, so a scene moved to another storyboard, which git's rename detection does not see
        // (two files swapped, one split in two), keeps its findings as `diff` keeps it as renamed.
        var knownAnywhere: [String: Int] = [:]
        for finding in base where finding.message.contains("'") {
            // Only the base findings the head's did not answer in their own files.
            let own = key(finding)
            if let count = known[own], count > 0 {
                known[own] = count - 1
                knownAnywhere[key(finding, withFile: false), default: 0] += 1
            }
        }
        return unmatched.filter { finding in
            guard finding.message.contains("'") else { return true }
            let key = key(finding, withFile: false)
            guard let count = knownAnywhere[key], count > 0 else { return true }
            knownAnywhere[key] = count - 1
            return false
        }
    }

    /// The base's findings with the scenes and segues renamed since (as `diff` pairs them) named as the head names
    /// them, wherever a message quotes them: `'scene'`, `'scene.segue'`, `'scene#2'`. Text outside quotes, where
    /// an id could be part of a word, is left as it is.
    public static func renamingIdentifiers(in base: [Diagnostic], diff: ModelDiff) -> [Diagnostic] {
        let renaming = IdentifierRenaming(diff: diff)
        guard !renaming.isEmpty else { return base }
        return base.map { finding in
            var finding = finding
            finding.message = renaming.quoted(finding.message)
            return finding
        }
    }

    public var errorCount: Int { findings.filter(\.isError).count }
    public var warningCount: Int { findings.count - errorCount }

    /// Whether the check fails: any error, or with `strict` any finding.
    public func fails(strict: Bool) -> Bool { strict ? !findings.isEmpty || hiddenWarnings > 0 : errorCount > 0 }

    /// The category of a finding; findings of validation without their own id are `validation`.
    public static func category(of finding: Diagnostic) -> DiagnosticCategory {
        finding.category.flatMap(DiagnosticCategory.named) ?? .validation
    }

    // MARK: - Text

    /// `PATH:LINE:COLUMN: severity: message [id]` and, for rules, an indented fix hint.
    /// The text form: each finding (or those of `listed`, the findings as the terminal groups them) with its fix hint,
    /// then the counts of all of them.
    public func text(listed: [Diagnostic]? = nil) -> String {
        var out = ""
        for finding in listed ?? findings {
            out += finding.description + "\n"
            let category = Self.category(of: finding)
            if category.source != .validation { out += "    fix: \(category.fixHint)\n" }
        }
        let warnings = warningCount + hiddenWarnings
        out += "\(errorCount) error\(errorCount == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            + (hiddenWarnings > 0 ? " (\(hiddenWarnings == warnings ? "" : "\(hiddenWarnings) ")not listed: --quiet)" : "") + "\n"
        return out
    }

    // MARK: - GitHub

    /// GitHub workflow commands (`::error file=…,line=…,col=…,title=…::…`), one a line, so that findings
    /// annotate the lines of a pull request.
    public func github() -> String {
        findings.map { finding in
            let category = Self.category(of: finding)
            var properties: [String] = []
            if finding.location != .unknown {
                properties.append("file=" + Self.githubProperty(finding.location.file))
                if finding.location.line > 0 {
                    properties.append("line=\(finding.location.line)")
                    properties.append("col=\(max(1, finding.location.column))")
                }
            }
            properties.append("title=" + Self.githubProperty("scenograph: \(category.id)"))
            var message = finding.message
            if category.source != .validation { message += "\nfix: \(category.fixHint)" }
            return "::\(finding.severity == .error ? "error" : "warning") \(properties.joined(separator: ","))::\(Self.githubData(message))"
        }.map { $0 + "\n" }.joined()
    }

    /// A workflow command's message: `%`, CR and LF escaped as GitHub decodes them; other controls (an escape
    /// sequence, a bidirectional override) shown as `\u{1B}`, as the terminal shows them.
    public static func githubData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case _ where TerminalText.isInvisibleControl(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A workflow command's property value: also `:` and `,` escaped.
    public static func githubProperty(_ text: String) -> String {
        var out = ""
        for scalar in githubData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: - JSON

    public func json() -> String {
        JSONValue.object([
            ("format", .int(1)),
            ("errors", .int(errorCount)),
            ("warnings", .int(warningCount)),
            ("findings", .array(findings.map { finding in
                let category = Self.category(of: finding)
                return .object([
                    ("rule", .string(category.id)), ("severity", .string(finding.severity.rawValue)),
                    ("file", .string(finding.location.file)), ("line", .int(finding.location.line)),
                    ("column", .int(finding.location.column)), ("message", .string(finding.message)),
                    ("fix", category.source == .validation ? .null : .string(category.fixHint)),
                ])
            })),
        ]).render()
    }

    // MARK: - SARIF

    /// SARIF 2.1.0 for code scanning: one run, every category as a rule, one result per finding.
    public func sarif(toolVersion: String) -> String {
        let rules = DiagnosticCategory.all
        let results: [JSONValue] = findings.map { finding in
            let category = Self.category(of: finding)
            var result: [(key: String, value: JSONValue)] = [
                ("ruleId", .string(category.id)),
                ("ruleIndex", .int(rules.firstIndex(of: category) ?? 0)),
                ("level", .string(finding.severity == .error ? "error" : "warning")),
                ("message", .object([("text", .string(finding.message))])),
            ]
            if finding.location != .unknown {
                var physical: [(key: String, value: JSONValue)] = [
                    ("artifactLocation", .object([("uri", .string(Self.uri(finding.location.file)))])),
                ]
                if finding.location.line > 0 {
                    physical.append(("region", .object([
                        ("startLine", .int(finding.location.line)), ("startColumn", .int(max(1, finding.location.column))),
                    ])))
                }
                result.append(("locations", .array([.object([("physicalLocation", .object(physical))])])))
            }
            return .object(result)
        }
        let driver: JSONValue = .object([
            ("name", .string("scenograph")),
            ("version", .string(toolVersion)),
            ("rules", .array(rules.map { rule in
                .object([
                    ("id", .string(rule.id)),
                    ("shortDescription", .object([("text", .string(rule.summary))])),
                    ("help", .object([("text", .string(rule.fixHint))])),
                    ("defaultConfiguration", .object([("level", .string(rule.defaultSeverity == .error ? "error" : "warning"))])),
                ])
            })),
        ])
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", driver)])),
                ("results", .array(results)),
            ])])),
        ]).render()
    }

    /// A file path as a relative URI reference: characters outside the unreserved set and `/` percent-encoded.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-._~/".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
