import Foundation
import ModelLoading
@testable import Review
import SceneModel
import Testing
import TextFormats

/// Each lint rule: a model that triggers it (at a known position), one that does not, and the GitHub and
/// SARIF encodings of the finding.
@Suite struct LintRuleTests {
    struct Case: Sendable, CustomStringConvertible {
        var rule: String
        /// Triggers the rule once, at `line`:`column`.
        var triggering: String
        var line: Int
        var column: Int
        /// The same app with the problem fixed.
        var clean: String
        var description: String { rule }
    }

    static func model(_ scenes: String, flows: String = "") -> String {
        "format: 1\nname: Lint\ninitial: home\nscenes:\n" + scenes + (flows.isEmpty ? "" : "flows:\n" + flows)
    }

    static let cases: [Case] = [
        Case(rule: "unreachable-scene",
             triggering: model("  home: {}\n  orphan: {}\n"), line: 6, column: 3,
             clean: model("  home: {}\n  orphan: {storyboardID: OrphanVC}\n")),
        Case(rule: "show-outside-navigation",
             triggering: model("  home:\n    segues:\n      open: {kind: show, to: detail, trigger: Open}\n  detail: {}\n"), line: 7, column: 20,
             clean: model("  nav: {kind: navigation, root: home}\n  home:\n    segues:\n      open: {kind: show, to: detail, trigger: Open}\n  detail: {}\n")
                .replacingOccurrences(of: "initial: home", with: "initial: nav")),
        Case(rule: "show-detail-outside-split",
             triggering: model("  home:\n    segues:\n      open: {kind: showDetail, to: detail, trigger: Open}\n  detail: {}\n"), line: 7, column: 20,
             clean: model("  split: {kind: split, primary: home, secondary: detail}\n  home:\n    segues:\n      open: {kind: showDetail, to: detail, trigger: Open}\n  detail: {}\n")
                .replacingOccurrences(of: "initial: home", with: "initial: split")),
        Case(rule: "no-way-back",
             triggering: model("  home:\n    segues:\n      open: {kind: present, to: trap, trigger: Open, modalPresentationStyle: fullScreen}\n  trap: {}\n"),
             line: 8, column: 3,
             clean: model("  home:\n    unwindActions: [unwindToHome]\n    segues:\n      open: {kind: present, to: trap, trigger: Open, modalPresentationStyle: fullScreen}\n  trap:\n    segues:\n      close: {kind: unwind, action: unwindToHome, trigger: Close}\n")),
        Case(rule: "unwind-unimplemented",
             triggering: model("  home:\n    segues:\n      close: {kind: unwind, action: unwindToNowhere, trigger: Close}\n"), line: 7, column: 37,
             clean: model("  home:\n    unwindActions: [unwindToNowhere]\n    segues:\n      close: {kind: unwind, action: unwindToNowhere, trigger: Close}\n")),
        Case(rule: "popover-without-anchor",
             triggering: model("  home:\n    segues:\n      info: {kind: popover, to: info, trigger: Info}\n  info: {}\n"), line: 7, column: 7,
             clean: model("  home:\n    segues:\n      info: {kind: popover, to: info, trigger: Info, anchor: Info button}\n  info: {}\n")),
        Case(rule: "partial-curl-misuse",
             triggering: model("  home:\n    segues:\n      curl:\n        kind: present\n        to: page\n        trigger: Curl\n        modalPresentationStyle: formSheet\n        modalTransitionStyle: partialCurl\n  page: {}\n"),
             line: 12, column: 31,
             clean: model("  home:\n    segues:\n      curl:\n        kind: present\n        to: page\n        trigger: Curl\n        modalPresentationStyle: fullScreen\n        modalTransitionStyle: partialCurl\n  page:\n    segues:\n      back: {kind: unwind, action: unwindToHome, trigger: Back}\n")
                .replacingOccurrences(of: "  home:\n", with: "  home:\n    unwindActions: [unwindToHome]\n")),
        Case(rule: "context-style-misuse",
             triggering: model("  home:\n    segues:\n      peek: {kind: present, to: peek, trigger: Peek, modalPresentationStyle: overCurrentContext}\n  peek: {}\n"),
             line: 7, column: 78,
             clean: model("  home:\n    definesPresentationContext: true\n    segues:\n      peek: {kind: present, to: peek, trigger: Peek, modalPresentationStyle: overCurrentContext}\n  peek: {}\n")),
        Case(rule: "manual-segue-unused",
             triggering: model("  home:\n    segues:\n      later: {kind: present, to: sheet}\n  sheet: {}\n", flows: "  idle:\n    steps:\n      - expect: {visible: home}\n"), line: 7, column: 7,
             clean: model("  home:\n    segues:\n      later: {kind: present, to: sheet}\n  sheet: {}\n", flows: "  later:\n    steps:\n      - perform: home.later\n")),
    ]

    /// What `check` reports: the loader's diagnostics alone when the model does not load (a setting can make a
    /// validation warning an error), else those with the flows' and the rules' findings.
    static func findings(_ text: String) throws -> [Diagnostic] {
        let result = ModelLoader().load(text: text, path: "lint.yaml")
        guard let model = result.model else { return CheckReport(findings: result.diagnostics).findings }
        return CheckReport(model: model, loadDiagnostics: result.diagnostics).findings
    }

    @Test(arguments: cases)
    func ruleTriggersAtThePositionOfTheKey(_ test: Case) throws {
        let found = try Self.findings(test.triggering).filter { $0.category == test.rule }
        #expect(found.count == 1, "\(found)")
        let finding = try #require(found.first)
        #expect(finding.location == SourceLocation(file: "lint.yaml", line: test.line, column: test.column))
        #expect(finding.severity == DiagnosticCategory.named(test.rule)?.defaultSeverity)
        #expect(finding.description.hasSuffix(" [\(test.rule)]"))
    }

    @Test(arguments: cases)
    func ruleIsQuietOnTheFixedModel(_ test: Case) throws {
        let found = try Self.findings(test.clean)
        #expect(!found.contains { $0.category == test.rule }, "\(found)")
    }

    /// Text from a model in a workflow command shows as written: line breaks as GitHub decodes them, controls
    /// (an escape sequence, a NUL, a right-to-left override) as visible escapes, never raw.
    @Test func githubCommandsShowControlsAsEscapes() {
        #expect(CheckReport.githubData("a\u{1B}[31mb\u{0}c\u{202E}d\ne%") == "a\\u{1B}[31mb\\u{0}c\\u{202E}d%0Ae%25")
        #expect(CheckReport.githubProperty("x\u{202E}:y") == "x\\u{202E}%3Ay")
        #expect(TerminalText.line("a\u{202E}b\u{2066}c") == "a\\u{202E}b\\u{2066}c")
    }

    /// A line too long for the terminal loses the middle of its long words first: a 5,000-character path keeps
    /// its start and end, and the reason after it stays whole; a line of many words is cut at its middle instead.
    @Test func terminalLinesCutLongWordsBeforeTheLine() {
        let path = "/" + String(repeating: "d", count: 2_000) + "/" + String(repeating: "f", count: 2_999)
        let reason = ": File name too long; " + String(repeating: "the reason goes on ", count: 50) + "[output]"
        let line = TerminalText.line("error: cannot write '\(path)'" + reason)
        #expect(line.hasPrefix("error: cannot write '/ddd"))
        // The word is the path in its quotes and the colon after it: 5,004 characters, of which 800 stay.
        #expect(line.contains("ddd … (4,204 characters left out) … fff"))
        #expect(line.hasSuffix("fff'" + reason))
        #expect(line.unicodeScalars.count < TerminalText.maximumLine)
        // Short lines, and long lines of short words, are not cut word by word.
        let words = Array(repeating: "word", count: 700).joined(separator: " ")
        #expect(TerminalText.line(words) == words)
        let many = TerminalText.line(Array(repeating: "word", count: 2_000).joined(separator: " "))
        #expect(many.hasPrefix("word word") && many.hasSuffix("word word"))
        #expect(many.contains(" … (5,999 characters left out) … "))
        // Long words that, cut, still make a line too long: the line's own start and end, counted in what was
        // written (ten words of 2,000 characters and their nine spaces: 20,009, of which 4,000 stay).
        let words2000 = Array(repeating: String(repeating: "a", count: 2_000), count: 10).joined(separator: " ")
        let cutTwice = TerminalText.line(words2000)
        #expect(cutTwice == String(words2000.prefix(3_800)) + " … (16,009 characters left out) … " + String(repeating: "a", count: 200))
        // A huge line of many short words (or of spaces) is cut in one pass over it.
        let spaces = TerminalText.line(String(repeating: " ", count: 400_000) + "end")
        #expect(spaces.hasSuffix("end") && spaces.contains("(396,003 characters left out)"))
        // The limit holds for the line as printed: controls shown as escapes count as their escapes.
        let overrides = TerminalText.line(String(repeating: "\u{202E}", count: 3_999))
        #expect(overrides.count < TerminalText.maximumLine + 100, "\(overrides.count)")
        #expect(overrides.hasPrefix("\\u{202E}\\u{202E}") && overrides.contains("characters left out"))
        // A cut falls between characters, never inside one: an accent stays with its letter.
        // ("a" first and "b" last put the plain cut places on accents.)
        let accented = TerminalText.line("a" + String(repeating: "e\u{301}", count: 3_000) + "b")
        for piece in accented.components(separatedBy: " … ") where !piece.hasPrefix("(") {
            #expect(piece.unicodeScalars.first != "\u{301}" && piece.unicodeScalars.last != "e", "a cut split 'é'")
        }
        let longWord = TerminalText.line("x a" + String(repeating: "e\u{301}", count: 1_000) + "b y " + String(repeating: "z", count: 3_000))
        let pieces = longWord.components(separatedBy: " … ")
        #expect(pieces.count == 5, "\(pieces.count)")
        for piece in pieces where !piece.hasPrefix("(") {
            #expect(piece.unicodeScalars.first != "\u{301}" && piece.unicodeScalars.last != "e", "a word's cut split 'é'")
        }
    }

    @Test(arguments: cases)
    func githubAndSARIFEncodings(_ test: Case) throws {
        let report = CheckReport(findings: try Self.findings(test.triggering).filter { $0.category == test.rule })
        let rule = try #require(DiagnosticCategory.named(test.rule))
        let level = rule.defaultSeverity == .error ? "error" : "warning"
        let github = report.github()
        #expect(github.hasPrefix("::\(level) file=lint.yaml,line=\(test.line),col=\(test.column),title=scenograph%3A \(test.rule)::"))
        #expect(github.hasSuffix("%0Afix: \(CheckReport.githubData(rule.fixHint))\n"))
        #expect(github.split(separator: "\n").count == 1)

        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(report.sarif(toolVersion: "test").utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == test.rule)
        #expect(result["level"] as? String == level)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let index = try #require(result["ruleIndex"] as? Int)
        #expect(rules[index]["id"] as? String == test.rule)
        let region = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == test.line)
        #expect(region?["startColumn"] as? Int == test.column)
    }

    /// A deprecated push segue outside a navigation controller does not fall back to presenting as show does: UIKit
    /// raises, so the finding is an error that says so; inside one it is fine.
    @Test func aPushOutsideNavigationIsAnError() throws {
        let pushing = Self.model("  home:\n    segues:\n      open: {kind: push, to: detail, trigger: Open}\n  detail: {}\n")
        let found = try Self.findings(pushing).filter { $0.category == "show-outside-navigation" }
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.message.hasPrefix("push segue 'home.open': 'home' is never inside a navigation controller, so UIKit raises an exception when it fires") == true, "\(found)")
        let inside = Self.model("  nav: {kind: navigation, root: home}\n  home:\n    segues:\n      open: {kind: push, to: detail, trigger: Open}\n  detail: {}\n")
            .replacingOccurrences(of: "initial: home", with: "initial: nav")
        #expect(try !Self.findings(inside).contains { $0.category == "show-outside-navigation" })
    }

    /// A context presentation takes the transition style of a context that provides its own (as the simulator
    /// does), so a partialCurl it replaces raises nothing; one it keeps still does.
    @Test func aContextThatProvidesItsTransitionReplacesPartialCurl() throws {
        let scenes = """
              nav: {kind: navigation, root: home}
              home:
                definesPresentationContext: true
                providesPresentationContextTransitionStyle: true
                modalTransitionStyle: flipHorizontal
                unwindActions: [unwindToHome]
                segues:
                  curl: {kind: present, to: page, trigger: Curl, modalPresentationStyle: currentContext, modalTransitionStyle: partialCurl}
              page:
                segues:
                  back: {kind: unwind, action: unwindToHome, trigger: Back}

            """
        let provided = Self.model(scenes).replacingOccurrences(of: "initial: home", with: "initial: nav")
        #expect(try Self.findings(provided).filter { $0.category == "partial-curl-misuse" }.isEmpty)
        let kept = provided.replacingOccurrences(of: "    providesPresentationContextTransitionStyle: true\n", with: "")
        #expect(try Self.findings(kept).map(\.category).contains("partial-curl-misuse"))
    }

    /// A flow that swipes a presentation away shows a way back, as a `dismiss` step does, when the swipe really
    /// dismisses it: here the sheet's root refuses (`isModalInPresentation`), and a pushed scene above it does not.
    @Test func aSwipeThatDismissesIsAWayBack() throws {
        let scenes = "  home:\n    segues:\n      open: {kind: present, to: nav, trigger: Open}\n  nav: {kind: navigation, root: form}\n  form:\n    isModalInPresentation: true\n    segues:\n      more: {kind: show, to: more, trigger: More}\n  more: {}\n"
        let refused = "  refused:\n    steps:\n      - tap: home.open\n      - swipeDown\n      - expect: {chain: [home, nav]}\n"
        let swiped = refused + "  swiped:\n    steps:\n      - tap: home.open\n      - tap: form.more\n      - swipeDown\n      - expect: {chain: [home]}\n"
        let blocked = try Self.findings(Self.model(scenes, flows: refused))
        #expect(blocked.filter { $0.category == "no-way-back" }.map(\.message)
            == ["scene 'nav' is presented by 'home.open' (pageSheet) and has no way back: no unwind to a scene below it, no dismiss or swipe in any flow, and it cannot be swiped away"],
            "\(blocked)")
        let found = try Self.findings(Self.model(scenes, flows: swiped))
        #expect(!found.contains { $0.category == "no-way-back" }, "\(found)")
        #expect(!found.contains { $0.isError }, "\(found)")
    }

    /// Model files cannot repeat a key, so duplicate identifiers come from storyboards: built here directly.
    @Test func duplicateSegueIdentifiers() throws {
        let first = SourceLocation(file: "Main.storyboard", line: 20, column: 21)
        let second = SourceLocation(file: "Main.storyboard", line: 24, column: 21)
        var nav = Scene(id: "nav", kind: .navigation, location: SourceLocation(file: "Main.storyboard", line: 5, column: 9))
        nav.root = Located("home", at: nav.location)
        var home = Scene(id: "home", location: SourceLocation(file: "Main.storyboard", line: 12, column: 9))
        var open = Segue(id: "open", source: "home", kind: .show, destination: "detail", location: first)
        open.trigger = "Open button"
        var again = Segue(id: "open", source: "home", kind: .show, destination: "other", location: second)
        again.trigger = "Other button"
        home.segues = [open, again]
        let scenes = [nav, home, Scene(id: "detail"), Scene(id: "other")]
        let model = SceneModel(path: "Main.storyboard", name: "Dup", initial: Located("nav"), scenes: scenes)
        let found = NavigationLint(model: model).run().filter { $0.category == "duplicate-segue-id" }
        #expect(found.map(\.location) == [second])
        let report = CheckReport(findings: found)
        #expect(report.github().hasPrefix("::warning file=Main.storyboard,line=24,col=21,title=scenograph%3A duplicate-segue-id::"))
        #expect(report.sarif(toolVersion: "test").contains("\"ruleId\": \"duplicate-segue-id\""))
        home.segues = [open]
        let clean = SceneModel(path: "Main.storyboard", name: "Dup", initial: Located("nav"), scenes: [nav, home, Scene(id: "detail")])
        #expect(!NavigationLint(model: clean).run().contains { $0.category == "duplicate-segue-id" })
    }

    @Test func settingsTurnRulesOffAndRelevelThem() throws {
        let base = Self.cases[0].triggering
        #expect(try Self.findings(base.replacingOccurrences(of: "scenes:", with: "lint: {disable: [unreachable-scene]}\nscenes:")).isEmpty)
        let relevelled = try Self.findings(base.replacingOccurrences(of: "scenes:", with: "lint: {error: [unreachable-scene]}\nscenes:"))
        #expect(relevelled.map(\.severity) == [.error])
        // `warnings:` is the same setting.
        #expect(try Self.findings(base.replacingOccurrences(of: "scenes:", with: "warnings: {disable: [unreachable-scene]}\nscenes:")).isEmpty)
        // Per scene: only that scene's findings go.
        let perScene = try Self.findings(base.replacingOccurrences(of: "  orphan: {}", with: "  orphan: {lint: {disable: [unreachable-scene]}}\n  other: {}"))
        #expect(perScene.map(\.message).allSatisfy { $0.contains("'other'") } && perScene.count == 1)
    }

    /// A scene nothing reaches (a tab deleted, its stack left behind) is never inside a container and its segues never
    /// fire: it is reported unreachable, and its push segues are not errors on top.
    @Test func segueRulesLeaveUnreachableScenesToTheirOwnFinding() throws {
        let text = Self.model("  home: {segues: {open: {kind: push, to: detail, trigger: Open}}}\n  detail: {}\n  lost: {segues: {go: {kind: push, to: detail, trigger: Go}, more: {kind: show, to: detail, trigger: More}}}\n")
        let findings = try Self.findings(text)
        #expect(findings.filter { $0.category == "show-outside-navigation" }.map(\.message).allSatisfy { $0.contains("'home.open'") })
        #expect(findings.filter { $0.category == "show-outside-navigation" }.count == 1)
        #expect(findings.contains { $0.category == "unreachable-scene" && $0.message.contains("'lost'") })
    }

    /// Scenes that only reach each other (an island) are all unreachable: `check` reports the scenes `validate`
    /// does, in the same words, so a finding reads the same wherever it is met and `check --git` matches it.
    @Test func checkAndValidateReportTheSameUnreachableScenes() throws {
        let text = Self.model("  home: {}\n  island:\n    segues:\n      next: {kind: present, to: inner, trigger: Next}\n  inner: {}\n  entry: {storyboardID: EntryVC, segues: {on: {kind: present, to: fromEntry, trigger: On}}}\n  fromEntry: {}\n")
        let validated = ModelLoader().load(text: text, path: "lint.yaml").diagnostics.filter { $0.category == "unreachable-scene" }
        let checked = try Self.findings(text).filter { $0.category == "unreachable-scene" }
        #expect(validated.map(\.message) == [
            "scene 'island' is unreachable: no container, segue or flow leads to it from the initial scene or from a scene with a storyboard ID, and it has no storyboard ID for code to instantiate it",
            "scene 'inner' is unreachable: no container, segue or flow leads to it from the initial scene or from a scene with a storyboard ID, and it has no storyboard ID for code to instantiate it",
        ])
        #expect(checked.map(\.message) == validated.map(\.message))
        #expect(checked.map(\.location) == validated.map(\.location))
        // `check --git` matches findings by their text: another initial scene leaves the text as it was.
        let wrapped = text.replacingOccurrences(of: "initial: home", with: "initial: homeNav") + "  homeNav: {kind: navigation, root: home}\n"
        #expect(try Self.findings(wrapped).filter { $0.category == "unreachable-scene" }.map(\.message) == validated.map(\.message))
    }

    /// A code segue is documented by its line of Swift: it is no unused manual segue, and a code push on a missing
    /// navigation controller (which does nothing) is not "presented modally".
    @Test func codeSeguesAreNeitherUnusedManualSeguesNorShowsThatPresent() throws {
        let findings = try Self.findings(Self.model("""
              home:
                segues:
                  code-push-sheet: {kind: code, call: push, to: sheet, at: "Home.swift:4"}
                  code-present-sheet: {kind: code, call: present, to: sheet, at: "Home.swift:9"}
              sheet: {}

            """))
        #expect(!findings.contains { $0.category == "manual-segue-unused" || $0.category == "show-outside-navigation" }, "\(findings)")
    }

    /// Storyboards alone have no flows: a manual segue no flow performs says nothing there.
    @Test func aModelWithoutFlowsHasNoUnperformedManualSegues() throws {
        let findings = try Self.findings(Self.model("  home:\n    segues:\n      later: {kind: present, to: sheet}\n  sheet: {}\n"))
        #expect(!findings.contains { $0.category == "manual-segue-unused" }, "\(findings)")
    }

    @Test func unknownRuleIDsAreDiagnosedWithASuggestion() {
        let text = Self.cases[0].triggering.replacingOccurrences(of: "scenes:", with: "lint: {disable: [unreachable-scenes]}\nscenes:")
        let result = ModelLoader().load(text: text, path: "lint.yaml")
        let warning = result.diagnostics.first { $0.message.contains("unknown rule id") }
        #expect(warning?.location == SourceLocation(file: "lint.yaml", line: 4, column: 18))
        #expect(warning?.message.contains("did you mean 'unreachable-scene'?") == true)
    }

    @Test func errorsThatLeaveTheModelUnusableCannotBeTurnedOffOrDown() {
        let base = "format: 1\nname: L\n%@initial: a\nscenes:\n  a:\n    segues:\n      go: {kind: show, to: nowhere, trigger: x}\n"
        for setting in ["lint: {disable: [unknown-reference]}\n", "lint: {warn: [limit]}\n", "warnings: {disable: [flow-error]}\n"] {
            let result = ModelLoader().load(text: base.replacingOccurrences(of: "%@", with: setting), path: "lint.yaml")
            #expect(result.model == nil, "\(setting)")
            #expect(result.diagnostics.contains { $0.isError && $0.location.line == 3 && $0.message.contains("cannot be turned off or down") },
                    "\(result.diagnostics)")
            #expect(result.diagnostics.contains { $0.category == "unknown-reference" }, "the finding itself is still reported")
        }
        // Raising a warning to an error is always allowed.
        let raised = ModelLoader().load(text: "format: 1\nname: L\nlint: {error: [unreachable-scene]}\ninitial: a\nscenes:\n  a: {}\n", path: "lint.yaml")
        #expect(raised.model != nil)
    }

    @Test func bothSpellingsAtOnceAreAnError() {
        let text = Self.cases[0].triggering.replacingOccurrences(of: "scenes:", with: "lint: {disable: [unreachable-scene]}\nwarnings: {}\nscenes:")
        let result = ModelLoader().load(text: text, path: "lint.yaml")
        #expect(result.model == nil)
        #expect(result.diagnostics.contains { $0.isError && $0.location.line == 5 && $0.message.contains("one setting") })
    }

    @Test func theBundledExampleIsClean() throws {
        let path = ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos.yaml").path
        let result = ModelLoader().load(path: path)
        let model = try #require(result.model)
        #expect(CheckReport(model: model, loadDiagnostics: result.diagnostics).findings.isEmpty)
    }

    @Test func everyRuleHasAnIdAHintAndACase() {
        let ids = DiagnosticCategory.lintRules.map(\.id)
        #expect(Set(ids) == Set(Self.cases.map(\.rule) + ["duplicate-segue-id"]))
        #expect(Set(DiagnosticCategory.all.map(\.id)).count == DiagnosticCategory.all.count)
        for rule in DiagnosticCategory.all {
            #expect(!rule.summary.isEmpty && !rule.fixHint.isEmpty && !rule.fixHint.contains("\n"))
        }
    }

    /// docs/review.md lists every category with its registry values, so the page cannot drift from the code.
    @Test func theDocsTableMatchesTheRegistry() throws {
        let page = try String(contentsOf: ReviewFiles.packageDirectory.appendingPathComponent("docs/review.md"), encoding: .utf8)
        for category in DiagnosticCategory.all {
            let row = "| `\(category.id)` | \(category.defaultSeverity.rawValue) | \(category.summary) | \(category.fixHint) |"
            #expect(page.contains(row), "docs/review.md lacks or differs on: \(row)")
        }
    }

    /// Validates a SARIF log holding a finding of every rule (and a validation finding) with Python's
    /// `jsonschema` against Fixtures/sarif-2.1.0-subset.schema.json; skipped when either is missing.
    @Test func sarifValidatesAgainstTheSchema() throws {
        var findings: [Diagnostic] = []
        for test in Self.cases { findings += try Self.findings(test.triggering) }
        findings.append(.error("a validation finding without an id", at: SourceLocation(file: "dir with space/model.yaml", line: 3, column: 4)))
        findings.append(.warning("a finding without a position", at: .unknown))
        let sarif = CheckReport(findings: findings).sarif(toolVersion: "0.1.0")
        guard ReviewFiles.available("python3"),
              ReviewFiles.run("python3", ["-c", "import jsonschema"])?.status == 0 else {
            print("skipped: python3 with jsonschema is not installed (pip install jsonschema)")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("log.sarif")
        try Data(sarif.utf8).write(to: log)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            log = json.load(open(sys.argv[2]))
            validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
            errors = sorted(validator.iter_errors(log), key=str)
            for error in errors: print(error.message, list(error.path))
            sys.exit(1 if errors else 0)
            """
        let result = try #require(ReviewFiles.run("python3", ["-c", script, ReviewFiles.fixture("sarif-2.1.0-subset.schema.json"), log.path]))
        #expect(result.status == 0, "SARIF does not validate: \(result.stdout) \(result.stderr)")
    }

    /// `check --git` keeps the findings the base lacks; a finding whose location, step number or quoted line moved
    /// is the base's, one that says something else is new.
    @Test func findingsNotInTheBaseIgnoreMovedLinesAndSteps() {
        func error(_ message: String, _ file: String, _ line: Int) -> Diagnostic { .error(message, at: .init(file: file, line: line, column: 3)) }
        let base: [Diagnostic] = [
            error("duplicate key 'title' in scene 'home' (first at line 13)", "HEAD~1:Docs/App.yaml", 15),
            error("flow 'f', step 2: expected 'other' to be visible", "HEAD~1:Docs/App.yaml", 30),
            error("flow 'g', step 1: expected 'timeline 3' to be visible", "HEAD~1:Docs/App.yaml", 50),
        ]
        let head: [Diagnostic] = [
            error("duplicate key 'title' in scene 'home' (first at line 14)", "Docs/App.yaml", 16),
            error("flow 'f', step 3: expected 'other' to be visible", "Docs/App.yaml", 32),
            error("duplicate key 'title' in scene 'away' (first at line 14)", "Docs/App.yaml", 40),
            error("duplicate key 'title' in scene 'home' (first at line 14)", "Docs/App.yaml", 17),
            error("flow 'g', step 1: expected 'timeline 4' to be visible", "Docs/App.yaml", 52),
        ]
        let new = CheckReport.findings(head, notIn: base, revision: "HEAD~1")
        #expect(new.map(\.location.line) == [40, 17, 52], "a moved finding is the base's; another scene's, a second of the same, or another number in a word ending in 'line' is new")
        // A finding about a scene or segue now in another file (a scene moved to another storyboard that git does not
        // see renamed) is the base's when its message quotes what it is about; one that quotes nothing stays new.
        func warning(_ message: String, _ file: String) -> Diagnostic { .warning(message, at: .init(file: file, line: 9, column: 3)) }
        let moved = CheckReport.findings([warning("'push' segues are deprecated; segue 'Auction.Detail.push-Map' behaves as 'show'", "App/POI.storyboard"),
                                          warning("no storyboard has an initial view controller", "App/POI.storyboard")],
                                         notIn: [warning("'push' segues are deprecated; segue 'Auction.Detail.push-Map' behaves as 'show'", "HEAD~1:App/Auction.storyboard"),
                                                 warning("no storyboard has an initial view controller", "HEAD~1:App/Auction.storyboard")],
                                         revision: "HEAD~1")
        #expect(moved.map(\.message) == ["no storyboard has an initial view controller"])
        // A segue added or removed in the scene changes the hint listing its segues or suggesting one: the same
        // finding. Another missing segue is a new one.
        let hinted = CheckReport.findings(
            [error("flow 'f', step 1: scene 'list' has no segue 'gone'; its segues: open", "App.yaml", 12),
             error("flow 'f', step 2: scene 'list' has no segue 'opn' (did you mean 'open'?); its segues: open", "App.yaml", 13),
             error("flow 'f', step 3: scene 'list' has no segue 'help'; its segues: open", "App.yaml", 14)],
            notIn: [error("flow 'f', step 1: scene 'list' has no segue 'gone'; its segues: open, help", "HEAD~1:App.yaml", 12),
                    error("flow 'f', step 2: scene 'list' has no segue 'opn' (did you mean 'open' or 'ope'?); its segues: open, ope", "HEAD~1:App.yaml", 13)],
            revision: "HEAD~1")
        #expect(hinted.map(\.location.line) == [14])
    }
}
