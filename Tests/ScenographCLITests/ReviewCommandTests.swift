import Foundation
import XCTest

/// `scenograph diff` and `scenograph check` run as a user runs them.
final class ReviewCommandTests: XCTestCase {
    static let fixtures = packageRoot.appendingPathComponent("Tests/ReviewTests/Fixtures")

    func testDiffOfTwoModelsWritesEveryForm() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLIRunner.run(["diff", Self.fixtures.appendingPathComponent("shop-base.yaml").path,
                                        Self.fixtures.appendingPathComponent("shop-head.yaml").path,
                                        "--format", "markdown", "-o", directory.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("<!-- scenograph-diff -->"))
        for name in ["diff.txt", "diff.md", "diff.json", "diff.dot", "diff.svg"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), name)
        }
        let svg = try String(contentsOf: directory.appendingPathComponent("diff.svg"), encoding: .utf8)
        // Graphviz writes `-` in attribute values as `&#45;`.
        XCTAssertTrue(svg.contains("<svg") && svg.contains("diff&#45;added") && svg.contains("diff&#45;removed"), String(svg.prefix(400)))
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("diff.md"), encoding: .utf8), result.stdout)
    }

    /// Every scene of a 400-scene chain retitled: the diff graph is a box saying so, and the command notes it.
    func testChangesTooManyToDrawAreNotedAndNotLaidOut() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diff-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var base = "format: 1\nname: Chain\ninitial: nav\nscenes:\n  nav: {kind: navigation, root: s0}\n"
        var head = base
        for index in 0..<400 {
            let next = index < 399 ? "    segues: {next: {kind: show, to: s\(index + 1)}}\n" : ""
            base += "  s\(index):\n" + next
            head += "  s\(index):\n    title: Screen \(index)\n" + next
        }
        try base.write(to: directory.appendingPathComponent("base.yaml"), atomically: true, encoding: .utf8)
        try head.write(to: directory.appendingPathComponent("head.yaml"), atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out")
        let result = try CLIRunner.run(["diff", directory.appendingPathComponent("base.yaml").path,
                                        directory.appendingPathComponent("head.yaml").path, "-o", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("note: the diff graph is not drawn: the changes take 401 scenes and 400 links: too many for one diagram (at most 300 scenes and 450 links)"), result.stderr)
        let svg = try String(contentsOf: out.appendingPathComponent("diff.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("No diagram: the changes take 401 scenes"), String(svg.prefix(2_000)))
        XCTAssertFalse(svg.contains("scene&#45;s0"), "no scene is laid out")
    }

    /// A valid model whose review graph made Graphviz 2.43 free a layout twice (status 134) while unwinds were drawn
    /// with `constraint=false`: its review is written.
    func testTheReviewGraphOfUnwindsBesideClustersRenders() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-review-unwinds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let model = "Tests/ScenographCLITests/Fixtures/UnwindsBesideClusters.yaml"
        let result = try CLIRunner.run(["diff", model, model, "-o", output.path, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let svg = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".svg") }
        XCTAssertFalse(svg.isEmpty, "the review graph is drawn")
    }

    /// A negative `--context` is the option's value, named in the error, not ArgumentParser's "Missing value".
    func testANegativeContextIsNamed() throws {
        let result = try CLIRunner.run(["diff", "Examples/Photos.yaml", "Examples/Photos.yaml", "--context", "-1"])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.contains("--context must be 0 or more, not -1"), result.stderr)
        XCTAssertTrue(result.stdout.isEmpty, result.stdout)
    }

    func testDiffOfAModelWithItselfSaysNoChange() throws {
        let result = try CLIRunner.run(["diff", "Examples/Photos.yaml", "Examples/Photos.yaml"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("no navigation change"), result.stdout)
        // The JSON says so in a key the workflow reads to post no comment.
        let json = try CLIRunner.run(["diff", "Examples/Photos.yaml", "Examples/Photos.yaml", "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["changed"] as? Bool, false)
        let changed = try CLIRunner.run(["diff", "Examples/Photos.yaml", "Examples/Photos-proposed.yaml", "--format", "json"])
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(changed.stdout.utf8)) as? [String: Any])?["changed"] as? Bool, true)
    }

    func testAnInvalidSideNamesTheSideAndFails() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diff-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.yaml")
        try "format: 1\nname: Bad\ninitial: nowhere\nscenes: {home: {}}\n".write(to: bad, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["diff", "Examples/Photos.yaml", bad.path, "-o", directory.appendingPathComponent("out").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("head (\(bad.path)) is not a valid model"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\(bad.path):3:10: error: unknown scene 'nowhere'"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path), "no partial output")
    }

    /// A base that does not load (a pull request that repairs it) is compared with an empty app, with a note that
    /// gives its errors; a head whose only errors are in flows that name what the change removed is diffed, its
    /// flows run until they stop there.
    func testABrokenBaseAndAHeadWithFlowErrorsAreDiffed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diff-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.yaml")
        try "format: 1\nname: Bad\ninitial: nowhere\nscenes: {home: {}}\n".write(to: bad, atomically: true, encoding: .utf8)
        let good = directory.appendingPathComponent("good.yaml")
        let model = """
            format: 1
            name: Books
            initial: nav
            scenes:
              nav: {kind: navigation, root: list}
              list: {segues: {open: {kind: show, to: detail, trigger: Row}}}
              detail: {}
            flows:
              open:
                steps:
                  - tap: list.open
                  - expect: {visible: detail}

            """
        try model.write(to: good, atomically: true, encoding: .utf8)
        // Given by path (not --git), an invalid base is the user's error.
        let named = try CLIRunner.run(["diff", bad.path, good.path])
        XCTAssertEqual(named.status, 1, named.stderr)
        XCTAssertTrue(named.stderr.contains("base (\(bad.path)) is not a valid model"), named.stderr)
        // The head removes the scene the flow opens.
        let removed = directory.appendingPathComponent("removed.yaml")
        try model.replacingOccurrences(of: "  list: {segues: {open: {kind: show, to: detail, trigger: Row}}}\n  detail: {}\n", with: "  list: {}\n")
            .write(to: removed, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["diff", good.path, removed.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("note: head (\(removed.path)) has 2 errors in its flows"), result.stderr)
        XCTAssertTrue(result.stdout.contains("- detail"), result.stdout)
        XCTAssertTrue(result.stdout.contains("open: passed → error"), result.stdout)
        XCTAssertTrue(result.stdout.contains("flow error: tap: scene 'list' has no segue 'open'"), result.stdout)
        // Every form says first that the head has errors, and which.
        XCTAssertTrue(result.stdout.contains("the head has 2 errors in its flows (check fails)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  ! \(removed.path):10:19: scene 'list' has no segue 'open'"), result.stdout)
        let comment = try CLIRunner.run(["diff", good.path, removed.path, "--format", "markdown"])
        XCTAssertTrue(comment.stdout.contains("> [!WARNING]\n> The head has 2 errors in its flows"), comment.stdout)
        let json = try CLIRunner.run(["diff", good.path, removed.path, "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((object["headErrors"] as? [String])?.count, 2)
        XCTAssertEqual(object["knownHeadErrors"] as? Int, 0)
        // Errors the base has too are not the change's: counted, not listed, and no warning when they are all
        // there is (`check --git` passes over them; the workflow posts no comment on such a pull request).
        let edited = directory.appendingPathComponent("edited.yaml")
        try (String(contentsOf: removed, encoding: .utf8) + "# a comment\n").write(to: edited, atomically: true, encoding: .utf8)
        let unchanged = try CLIRunner.run(["diff", removed.path, edited.path, "--format", "json"])
        XCTAssertEqual(unchanged.status, 0, unchanged.stderr)
        let same = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(unchanged.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(same["changed"] as? Bool, false)
        XCTAssertEqual((same["headErrors"] as? [String])?.count, 0)
        XCTAssertEqual(same["knownHeadErrors"] as? Int, 2)
        let quiet = try CLIRunner.run(["diff", removed.path, edited.path, "--format", "markdown"])
        XCTAssertFalse(quiet.stdout.contains("[!WARNING]"), quiet.stdout)
        // A note lists them, since the report does not.
        XCTAssertTrue(quiet.stderr.contains("the base has them too, so the report leaves them out (its JSON counts them):\n  \(edited.path):10:19: scene 'list' has no segue 'open'"), quiet.stderr)
        // Known under the names the change gives them, as `check --git` knows them: the scene renamed, its stale
        // step with it.
        let renamed = directory.appendingPathComponent("renamed.yaml")
        try String(contentsOf: removed, encoding: .utf8).replacingOccurrences(of: "list", with: "start").write(to: renamed, atomically: true, encoding: .utf8)
        let afterRename = try CLIRunner.run(["diff", removed.path, renamed.path, "--format", "json"])
        let renamedJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(afterRename.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((renamedJSON["headErrors"] as? [String])?.count, 0, afterRename.stdout)
        XCTAssertEqual(renamedJSON["knownHeadErrors"] as? Int, 2)
        // With one more, the new one is listed and the known ones counted.
        let more = directory.appendingPathComponent("more.yaml")
        try String(contentsOf: removed, encoding: .utf8).replacingOccurrences(of: "  - expect: {visible: detail}\n", with: "  - expect: {visible: detail}\n      - tap: list.gone\n")
            .write(to: more, atomically: true, encoding: .utf8)
        let added = try CLIRunner.run(["diff", removed.path, more.path])
        XCTAssertTrue(added.stdout.contains("the head has 1 error in its flows that the base does not have (check fails), and 2 the base has too"), added.stdout)
        XCTAssertTrue(added.stdout.contains("no segue 'gone'"), added.stdout)
        XCTAssertFalse(added.stdout.contains("  ! \(more.path):10:19"), added.stdout)
        XCTAssertTrue(added.stderr.contains("the report lists the 1 the base does not have; these 2 it has too:\n  \(more.path):10:19"), added.stderr)
        // One the base has too is "this one".
        let oneKnown = directory.appendingPathComponent("one-known.yaml")
        try String(contentsOf: removed, encoding: .utf8).replacingOccurrences(of: "      - expect: {visible: detail}\n", with: "")
            .write(to: oneKnown, atomically: true, encoding: .utf8)
        let oneMore = directory.appendingPathComponent("one-more.yaml")
        try (String(contentsOf: oneKnown, encoding: .utf8) + "      - tap: list.gone\n").write(to: oneMore, atomically: true, encoding: .utf8)
        let single = try CLIRunner.run(["diff", oneKnown.path, oneMore.path])
        XCTAssertTrue(single.stderr.contains("the report lists the 1 the base does not have; this one it has too:\n  \(oneMore.path):10:19"), single.stderr)
        // A base with such errors is diffed the same way (its flows run as they are).
        let reversed = try CLIRunner.run(["diff", removed.path, good.path])
        XCTAssertEqual(reversed.status, 0, reversed.stderr)
        XCTAssertTrue(reversed.stderr.contains("note: base (\(removed.path)) has 2 errors in its flows"), reversed.stderr)
        // A head with any other error is still not diffed, also one its lint settings make an error.
        let invalid = try CLIRunner.run(["diff", good.path, bad.path])
        XCTAssertEqual(invalid.status, 1)
        let strict = directory.appendingPathComponent("strict.yaml")
        try (String(contentsOf: removed, encoding: .utf8).replacingOccurrences(of: "  list: {}\n", with: "  list: {}\n  orphan: {}\n")
             + "lint: {error: [unreachable-scene]}\n").write(to: strict, atomically: true, encoding: .utf8)
        let lint = try CLIRunner.run(["diff", good.path, strict.path])
        XCTAssertEqual(lint.status, 1, lint.stdout)
        XCTAssertTrue(lint.stderr.contains("unreachable-scene"), lint.stderr)
    }

    /// Runs a command in `repository` with a committer set; its standard output, trimmed.
    @discardableResult static func shell(_ arguments: [String], in repository: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = repository
        process.environment = ["GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
                               "GIT_COMMITTER_EMAIL": "test@example.com", "HOME": repository.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, arguments.joined(separator: " "))
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func skipWithoutGit() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/git") else {
            throw XCTSkip("git is not installed")
        }
    }

    /// Paths as users give them: a model committed as a symbolic link is read through it in the revision too (git
    /// shows a link's target path), storyboards whose names git would quote are found in a folder, and a path written
    /// with `.`, `//` or `..` names the same file as the base's findings.
    func testGitRevisionsReadLinksQuotedNamesAndUntidyPaths() throws {
        try Self.skipWithoutGit()
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("git-paths-\(UUID().uuidString)")
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: repository.appendingPathComponent("real"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: repository.appendingPathComponent("App"), withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: repository) }
        try fileManager.copyItem(at: packageRoot.appendingPathComponent("Examples/Photos-proposed.yaml"), to: repository.appendingPathComponent("real/App.yaml"))
        try fileManager.createSymbolicLink(atPath: repository.appendingPathComponent("Link.yaml").path, withDestinationPath: "real/App.yaml")
        let fixtures = packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards")
        try fileManager.copyItem(at: fixtures.appendingPathComponent("Settings.storyboard"), to: repository.appendingPathComponent("App/Réglages.storyboard"))
        try fileManager.copyItem(at: fixtures.appendingPathComponent("Main.storyboard"), to: repository.appendingPathComponent("App/My \"Main\".storyboard"))
        try Self.shell(["git", "init", "-q"], in: repository)
        try Self.shell(["git", "add", "."], in: repository)
        try Self.shell(["git", "commit", "-q", "-m", "first"], in: repository)
        for path in ["Link.yaml", "App"] {
            let diff = try CLIRunner.run(["diff", "--git", "HEAD", path], in: repository)
            XCTAssertEqual(diff.status, 0, diff.stderr)
            XCTAssertTrue(diff.stdout.contains("no navigation change"), "\(path): \(diff.stdout)")
        }
        for path in ["Link.yaml", "real//App.yaml", "./real/./App.yaml", "real/../real/App.yaml"] {
            let check = try CLIRunner.run(["check", "--git", "HEAD", path], in: repository)
            XCTAssertEqual(check.status, 0, "\(path): \(check.stdout)")
            XCTAssertTrue(check.stdout.isEmpty && check.stderr.hasSuffix("0 errors, 0 warnings\n"), "\(path): \(check.stdout)\(check.stderr)")
            XCTAssertTrue(check.stderr.contains("5 findings also in HEAD not reported"), "\(path): \(check.stderr)")
        }
    }

    /// The base's errors name an absolute path given as `REV:` and that path, its leading `/` kept.
    func testABaseNamedByAnAbsolutePathKeepsItInMessages() throws {
        try Self.skipWithoutGit()
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("git-absolute-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("Docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repository) }
        let model = repository.appendingPathComponent("Docs/App.yaml")
        try "format: 1\nname: A\ninitial: home\nscenes:\n  home: {bogusKey: 1}\n".write(to: model, atomically: true, encoding: .utf8)
        try Self.shell(["git", "init", "-q"], in: repository)
        try Self.shell(["git", "add", "."], in: repository)
        try Self.shell(["git", "commit", "-q", "-m", "broken"], in: repository)
        try "format: 1\nname: A\ninitial: home\nscenes:\n  home: {}\n".write(to: model, atomically: true, encoding: .utf8)
        let absolute = model.standardizedFileURL.path
        let diff = try CLIRunner.run(["diff", "--git", "HEAD", absolute], in: repository)
        let printed = diff.stdout + diff.stderr
        XCTAssertTrue(printed.contains("HEAD:\(absolute):5:10: unknown key 'bogusKey'"), printed)
        XCTAssertFalse(printed.contains("HEAD:\(absolute.dropFirst())"), printed)
        let relative = try CLIRunner.run(["diff", "--git", "HEAD", "Docs/App.yaml"], in: repository)
        XCTAssertTrue((relative.stdout + relative.stderr).contains("HEAD:Docs/App.yaml:5:10: unknown key 'bogusKey'"), relative.stdout + relative.stderr)
    }

    /// A pull request that renames a push segue and the scene of a manual segue, removes a segue a flow still taps
    /// and makes a segue UIKit would raise on: the stale flow is an error, and does not hide the rules (the
    /// partialCurl error), nor make the renamed segues' known findings new; its step is reported once.
    func testCheckAgainstAGitRevisionWithAStaleFlow() throws {
        try Self.skipWithoutGit()
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("check-stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repository) }
        let base = """
            format: 1
            name: Mini
            initial: nav
            scenes:
              nav: {kind: navigation, root: list}
              list:
                kind: table
                segues:
                  open: {kind: push, to: detail, trigger: cell selection}
                  info: {kind: present, to: about, trigger: Info button}
              detail: {}
              about: {}
              settings:
                storyboardID: Settings
                segues:
                  manual: {kind: present, to: about}
            flows:
              go:
                steps:
                  - tap: list.open
              info:
                steps:
                  - tap: list.info

            """
        try base.write(to: repository.appendingPathComponent("App.yaml"), atomically: true, encoding: .utf8)
        try Self.shell(["git", "init", "-q"], in: repository)
        try Self.shell(["git", "add", "."], in: repository)
        try Self.shell(["git", "commit", "-q", "-m", "base"], in: repository)
        let head = base
            .replacingOccurrences(of: "      open: {kind: push", with: "      openDetail: {kind: push")
            .replacingOccurrences(of: "      info: {kind: present, to: about, trigger: Info button}\n",
                                  with: "      sheet: {kind: present, to: curl, trigger: Sheet}\n")
            .replacingOccurrences(of: "  about: {}\n", with: "  about: {}\n  curl: {modalTransitionStyle: partialCurl}\n")
            .replacingOccurrences(of: "  settings:\n", with: "  preferences:\n")
            .replacingOccurrences(of: "- tap: list.open", with: "- tap: list.openDetail")
        try head.write(to: repository.appendingPathComponent("App.yaml"), atomically: true, encoding: .utf8)

        let check = try CLIRunner.run(["check", "--git", "HEAD", "App.yaml"], in: repository)
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains("scene 'list' has no segue 'info'"), check.stderr)
        XCTAssertTrue(check.stderr.contains("[partial-curl-misuse]"), "a stale flow does not hide the rules: \(check.stderr)")
        XCTAssertFalse(check.stderr.contains("[deprecated-segue]"), "the renamed push segue's warning is known: \(check.stderr)")
        XCTAssertFalse(check.stderr.contains("[manual-segue-unused]"), "the renamed scene's manual segue's warning is known: \(check.stderr)")
        XCTAssertFalse(check.stderr.contains("[flow-error]"), "the stale step is reported once, where it names the segue: \(check.stderr)")
        // Without --git, the same head has every finding, its stale step still once.
        let all = try CLIRunner.run(["check", "App.yaml"], in: repository)
        XCTAssertEqual(all.status, 1, all.stderr)
        for rule in ["[unknown-reference]", "[partial-curl-misuse]", "[deprecated-segue]", "[manual-segue-unused]"] {
            XCTAssertTrue(all.stderr.contains(rule), "\(rule): \(all.stderr)")
        }
        XCTAssertFalse(all.stderr.contains("[flow-error]"), all.stderr)
        // Once the stale flow is in the base, the next change that leaves it as it is has no finding of its own: the
        // stale step's error is known like any other, and the check passes.
        try Self.shell(["git", "commit", "-q", "-am", "stale"], in: repository)
        try (head + "# a comment\n").write(to: repository.appendingPathComponent("App.yaml"), atomically: true, encoding: .utf8)
        let again = try CLIRunner.run(["check", "--git", "HEAD", "App.yaml"], in: repository)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.hasSuffix("0 errors, 0 warnings\n"), again.stderr)
        XCTAssertTrue(again.stderr.contains("4 findings also in HEAD not reported"), again.stderr)
    }

    /// A repository with two commits: the model and its storyboard change in the second; `--git HEAD~1` reads both
    /// files of the first.
    func testDiffAgainstAGitRevision() throws {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("diff-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("Docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repository) }
        @discardableResult func shell(_ arguments: [String]) throws -> String { try Self.shell(arguments, in: repository) }
        try Self.skipWithoutGit()
        let storyboard = try String(contentsOf: packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards/Settings.storyboard"), encoding: .utf8)
        let model = "format: 1\nname: Settings\nstoryboards: [Settings.storyboard]\nflows:\n  open-account:\n    steps:\n      - tap: settings_root.show-Account\n"
        try storyboard.write(to: repository.appendingPathComponent("Docs/Settings.storyboard"), atomically: true, encoding: .utf8)
        try model.write(to: repository.appendingPathComponent("Docs/App.yaml"), atomically: true, encoding: .utf8)
        try shell(["git", "init", "-q"])
        try shell(["git", "add", "."])
        try shell(["git", "commit", "-q", "-m", "first"])
        try storyboard.replacingOccurrences(of: "title=\"Settings\"", with: "title=\"Preferences\"")
            .write(to: repository.appendingPathComponent("Docs/Settings.storyboard"), atomically: true, encoding: .utf8)
        try (model + "  open-photo:\n    steps:\n      - tap: settings_root.openLibrary\n")
            .write(to: repository.appendingPathComponent("Docs/App.yaml"), atomically: true, encoding: .utf8)
        try shell(["git", "commit", "-q", "-a", "-m", "second"])

        let result = try CLIRunner.run(["diff", "--git", "HEAD~1", "Docs/App.yaml", "--format", "json"], in: repository)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\"base\": \"HEAD~1\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("{\"key\": \"title\", \"old\": \"Settings\", \"new\": \"Preferences\"}"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\"flow\": \"open-photo\""), result.stdout)
        XCTAssertFalse(result.stdout.contains("open-account"), "a flow that behaves the same is not listed")

        // The folder holding the model, named from the repository's top and from inside it, is the same app.
        let folder = try CLIRunner.run(["diff", "--git", "HEAD~1", "Docs", "--format", "json"], in: repository)
        XCTAssertEqual(folder.status, 0, folder.stderr)
        let inside = try CLIRunner.run(["diff", "--git", "HEAD~1", ".", "--format", "json"], in: repository.appendingPathComponent("Docs"))
        XCTAssertEqual(inside.status, 0, inside.stderr)
        for other in [folder, inside] {
            XCTAssertTrue(other.stdout.contains("{\"key\": \"title\", \"old\": \"Settings\", \"new\": \"Preferences\"}"), other.stdout)
            XCTAssertTrue(other.stdout.contains("\"flow\": \"open-photo\""), other.stdout)
        }

        // Named from a sibling folder (`../Docs/App.yaml`): the revision's files stay in the scratch folder and are
        // named as given; the base's storyboard is the same file as the head's, so no finding is new.
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("Tools"), withIntermediateDirectories: true)
        let sibling = try CLIRunner.run(["diff", "--git", "HEAD~1", "../Docs/App.yaml", "--format", "json"], in: repository.appendingPathComponent("Tools"))
        XCTAssertEqual(sibling.status, 0, sibling.stderr)
        XCTAssertTrue(sibling.stdout.contains("{\"key\": \"title\", \"old\": \"Settings\", \"new\": \"Preferences\"}"), sibling.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.appendingPathComponent("Docs/App.yaml").path),
                       "nothing is written outside the scratch folder")

        // A pull request that repairs a base that does not load: compared with an empty app, with a note.
        let working = try String(contentsOf: repository.appendingPathComponent("Docs/App.yaml"), encoding: .utf8)
        // Commits the model with `appended`, puts the working copy back, and diffs against that commit.
        func diffAgainstBase(appending appended: String) throws -> CLIRunner.Output {
            try (working + appended).write(to: repository.appendingPathComponent("Docs/App.yaml"), atomically: true, encoding: .utf8)
            try shell(["git", "commit", "-q", "-a", "-m", "base"])
            try working.write(to: repository.appendingPathComponent("Docs/App.yaml"), atomically: true, encoding: .utf8)
            return try CLIRunner.run(["diff", "--git", "HEAD", "Docs/App.yaml"], in: repository)
        }
        let repaired = try diffAgainstBase(appending: "  broken: [\n")
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        XCTAssertTrue(repaired.stderr.contains("note: base (HEAD) does not load (1 error, below): the app is compared with an empty one"), repaired.stderr)
        XCTAssertTrue(repaired.stderr.contains("  HEAD:Docs/App.yaml:"), repaired.stderr)
        XCTAssertTrue(repaired.stdout.contains(", where it does not load → Docs/App.yaml): "), repaired.stdout)
        try shell(["git", "reset", "-q", "--hard", "HEAD~1"])

        // A base past a model file's size (not read) does not load either: the same note, from its size.
        let shrunk = try diffAgainstBase(appending: "#" + String(repeating: "x", count: 20_000_001) + "\n")
        XCTAssertEqual(shrunk.status, 0, shrunk.stderr)
        XCTAssertTrue(shrunk.stderr.contains("  HEAD:Docs/App.yaml:1:1: the model file is 20,"), shrunk.stderr)
        XCTAssertTrue(shrunk.stdout.contains(", where it does not load → Docs/App.yaml): "), shrunk.stdout)
        let checked = try CLIRunner.run(["check", "--git", "HEAD", "Docs/App.yaml"], in: repository)
        XCTAssertEqual(checked.status, 0, checked.stderr)
        try shell(["git", "reset", "-q", "--hard", "HEAD~1"])

        // A revision that git would read as an option is refused before git runs.
        let option = try CLIRunner.run(["diff", "--git=--output=\(repository.path)/written", "Docs/App.yaml"], in: repository)
        XCTAssertNotEqual(option.status, 0)
        XCTAssertTrue(option.stderr.contains("--git takes a revision"), option.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository.appendingPathComponent("written").path))

        let missing = try CLIRunner.run(["diff", "--git", "no-such-revision", "Docs/App.yaml"], in: repository)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("base (no-such-revision)"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("fetch-depth: 0"), "the message says how a shallow clone gets the base: \(missing.stderr)")
        // In a workflow, `check --format github` says it as an annotation too, so the failed check shows why.
        let annotated = try CLIRunner.run(["check", "--git", "no-such-revision", "--format", "github", "Docs/App.yaml"], in: repository)
        XCTAssertEqual(annotated.status, 1)
        XCTAssertTrue(annotated.stdout.hasPrefix("::error title=scenograph check::base (no-such-revision): "), annotated.stdout)
        XCTAssertTrue(annotated.stdout.contains("fetch-depth: 0"), annotated.stdout)
        XCTAssertTrue(annotated.stderr.contains("error: base (no-such-revision)"), annotated.stderr)

        // Outside any repository (git told not to look above the folder), --git says so in its own words, not
        // git's command line.
        let noRepository = FileManager.default.temporaryDirectory.appendingPathComponent("no-repository-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: noRepository, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: noRepository) }
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Docs/App.yaml"), to: noRepository.appendingPathComponent("App.yaml"))
        for command in ["diff", "check"] {
            let result = try CLIRunner.run([command, "--git", "HEAD", "App.yaml"], in: noRepository,
                                           environment: ["GIT_CEILING_DIRECTORIES": noRepository.deletingLastPathComponent().path])
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("is in no git repository: --git HEAD reads the app's files"), result.stderr)
            XCTAssertFalse(result.stderr.contains("rev-parse"), result.stderr)
            XCTAssertTrue(result.stdout.isEmpty, result.stdout)
        }

        // A full commit hash, as CI passes the base, is shown by its first twelve digits.
        let hash = try shell(["git", "rev-parse", "HEAD~1"])
        XCTAssertEqual(hash.count, 40)
        let byHash = try CLIRunner.run(["diff", "--git", hash, "Docs/App.yaml"], in: repository)
        XCTAssertEqual(byHash.status, 0, byHash.stderr)
        XCTAssertTrue(byHash.stdout.hasPrefix("Settings (\(hash.prefix(12)) → Docs/App.yaml): "), byHash.stdout)

        // Run from a subfolder, annotations and SARIF still name files from the repository's top folder.
        try "format: 1\nname: W\ninitial: home\nscenes:\n  home: {}\n  orphan: {}\n".write(to: repository.appendingPathComponent("Docs/Warn.yaml"), atomically: true, encoding: .utf8)
        let annotations = try CLIRunner.run(["check", "Warn.yaml", "--format", "github"], in: repository.appendingPathComponent("Docs"))
        XCTAssertTrue(annotations.stdout.hasPrefix("::warning file=Docs/Warn.yaml,line=6,col=3,"), annotations.stdout)
        let sarif = try CLIRunner.run(["check", "Warn.yaml", "--format", "sarif"], in: repository.appendingPathComponent("Docs"))
        XCTAssertTrue(sarif.stdout.contains("\"uri\": \"Docs/Warn.yaml\""), sarif.stdout)
        let text = try CLIRunner.run(["check", "Warn.yaml"], in: repository.appendingPathComponent("Docs"))
        XCTAssertTrue(text.stderr.hasPrefix("Warn.yaml:6:3: warning: "), "the text form keeps the paths as given: \(text.stderr)")

        // check --git: only the findings the base does not have, whatever lines moved.
        try "format: 1\nname: L\ninitial: home\nscenes:\n  home: {}\n  old: {}\n".write(to: repository.appendingPathComponent("Docs/Lint.yaml"), atomically: true, encoding: .utf8)
        try shell(["git", "add", "Docs/Lint.yaml"])
        try shell(["git", "commit", "-q", "-m", "lint"])
        try "format: 1\nname: L\n# a comment moves every line\ninitial: home\nscenes:\n  home: {}\n  new: {}\n  old: {}\n".write(to: repository.appendingPathComponent("Docs/Lint.yaml"), atomically: true, encoding: .utf8)
        let all = try CLIRunner.run(["check", "Docs/Lint.yaml", "--format", "github"], in: repository)
        XCTAssertEqual(all.stdout.split(separator: "\n").count, 2, all.stdout)
        let own = try CLIRunner.run(["check", "Docs/Lint.yaml", "--format", "github", "--git", "HEAD"], in: repository)
        XCTAssertEqual(own.status, 0, own.stderr)
        XCTAssertEqual(own.stdout.split(separator: "\n").count, 1, own.stdout)
        XCTAssertTrue(own.stdout.hasPrefix("::warning file=Docs/Lint.yaml,line=7,col=3,"), own.stdout)
        XCTAssertTrue(own.stdout.contains("scene 'new' is unreachable"), own.stdout)
        XCTAssertEqual(own.stderr, "note: 1 finding also in HEAD not reported\n")
        let headHash = try shell(["git", "rev-parse", "HEAD"])
        let ownByHash = try CLIRunner.run(["check", "Docs/Lint.yaml", "--format", "github", "--git", headHash], in: repository)
        XCTAssertEqual(ownByHash.stderr, "note: 1 finding also in \(headHash.prefix(12)) not reported\n", "a full hash is named as diff names it")
        let strict = try CLIRunner.run(["check", "Docs/Lint.yaml", "--git", "HEAD", "--strict"], in: repository)
        XCTAssertEqual(strict.status, 1, "the new finding fails --strict")
        try shell(["git", "checkout", "-q", "--", "Docs/Lint.yaml"])
        let none = try CLIRunner.run(["check", "Docs/Lint.yaml", "--git", "HEAD", "--strict"], in: repository)
        XCTAssertEqual(none.status, 0, "findings the base already has do not fail: \(none.stderr)")

        // A failing flow whose step moves (a note added above it) fails as before, not anew.
        let flow = "format: 1\nname: F\ninitial: home\nscenes:\n  home: {storyboardID: Home}\n  other: {storyboardID: Other}\nflows:\n  f:\n    steps:\n"
        try (flow + "      - expect: {visible: other}\n").write(to: repository.appendingPathComponent("Docs/Flow.yaml"), atomically: true, encoding: .utf8)
        try shell(["git", "add", "Docs/Flow.yaml"])
        try shell(["git", "commit", "-q", "-m", "flow"])
        try (flow + "      - note: first\n      - expect: {visible: other}\n").write(to: repository.appendingPathComponent("Docs/Flow.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLIRunner.run(["check", "Docs/Flow.yaml"], in: repository).status, 1, "the flow fails")
        let moved = try CLIRunner.run(["check", "Docs/Flow.yaml", "--git", "HEAD"], in: repository)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertTrue(moved.stderr.contains("0 errors, 0 warnings"), moved.stderr)
        // A head that cannot be loaded is reported whatever the base had.
        try "format: 1\nname: [\n".write(to: repository.appendingPathComponent("Docs/Flow.yaml"), atomically: true, encoding: .utf8)
        try shell(["git", "commit", "-q", "-a", "-m", "broken"])
        let broken = try CLIRunner.run(["check", "Docs/Flow.yaml", "--git", "HEAD"], in: repository)
        XCTAssertEqual(broken.status, 1, broken.stderr)
        XCTAssertTrue(broken.stderr.contains("Docs/Flow.yaml:"), broken.stderr)
        // Fixed since a base that does not load: said, since every finding then looks new.
        try "format: 1\nname: F\ninitial: home\nscenes:\n  home: {}\n  stray: {}\n".write(to: repository.appendingPathComponent("Docs/Flow.yaml"), atomically: true, encoding: .utf8)
        let fixed = try CLIRunner.run(["check", "Docs/Flow.yaml", "--git", "HEAD"], in: repository)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("note: the app does not load in HEAD (1 error), so it has no flow or rule findings there to compare with"), fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("scene 'stray'"), fixed.stderr)
        try shell(["git", "checkout", "-q", "--", "Docs/Flow.yaml"])
        // A head with errors has each reported, and only the warnings the base lacks.
        let warned = "format: 1\nname: H\ninitial: home\nscenes:\n  home: {}\n  old: {}\n"
        try warned.write(to: repository.appendingPathComponent("Docs/Half.yaml"), atomically: true, encoding: .utf8)
        try shell(["git", "add", "Docs/Half.yaml"])
        try shell(["git", "commit", "-q", "-m", "half"])
        try (warned + "  bad:\n    segues:\n      go: {kind: show, to: nowhere, trigger: Go}\n").write(to: repository.appendingPathComponent("Docs/Half.yaml"), atomically: true, encoding: .utf8)
        let half = try CLIRunner.run(["check", "Docs/Half.yaml", "--git", "HEAD"], in: repository)
        XCTAssertEqual(half.status, 1, half.stderr)
        XCTAssertTrue(half.stderr.contains("'nowhere'"), half.stderr)
        XCTAssertFalse(half.stderr.contains("scene 'old'"), "the base has that warning: \(half.stderr)")
        try shell(["git", "checkout", "-q", "--", "Docs/Half.yaml"])
        // A base whose only error is a flow naming what it lacks is checked as it is: its warnings are known.
        let lacking = "format: 1\nname: L\ninitial: home\nscenes:\n  home: {}\n  stale: {}\nflows:\n  f:\n    steps:\n      - present: gone\n"
        try lacking.write(to: repository.appendingPathComponent("Docs/Lacking.yaml"), atomically: true, encoding: .utf8)
        try shell(["git", "add", "Docs/Lacking.yaml"])
        try shell(["git", "commit", "-q", "-m", "lacking"])
        try lacking.replacingOccurrences(of: "present: gone", with: "present: home").write(to: repository.appendingPathComponent("Docs/Lacking.yaml"), atomically: true, encoding: .utf8)
        let mended = try CLIRunner.run(["check", "Docs/Lacking.yaml", "--git", "HEAD"], in: repository)
        XCTAssertFalse(mended.stderr.contains("does not load"), mended.stderr)
        XCTAssertFalse(mended.stderr.contains("scene 'stale'"), "the base has that warning: \(mended.stderr)")
        try shell(["git", "checkout", "-q", "--", "Docs/Lacking.yaml"])
        // A path the head does not have is said so, not taken for a missing commit.
        let typo = try CLIRunner.run(["diff", "--git", "HEAD", "Nope/App.yaml"], in: repository)
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.stderr.contains("head (Nope/App.yaml): no such model file, storyboard or folder 'Nope/App.yaml'"), typo.stderr)

        // A model moved since (into a folder the base does not have, from one the head does not have) keeps its
        // findings as known and is compared with what it was.
        let lint = "format: 1\nname: L\ninitial: home\nscenes:\n  home: {}\n  old: {}\n"
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("Before"), withIntermediateDirectories: true)
        try lint.write(to: repository.appendingPathComponent("Before/Lint.yaml"), atomically: true, encoding: .utf8)
        try shell(["git", "add", "Before/Lint.yaml"])
        try shell(["git", "commit", "-q", "-m", "before"])
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("After"), withIntermediateDirectories: true)
        try shell(["git", "mv", "Before/Lint.yaml", "After/Renamed.yaml"])
        try shell(["git", "commit", "-q", "-m", "moved"])
        try? FileManager.default.removeItem(at: repository.appendingPathComponent("Before"))  // git may leave it, empty
        let renamed = try CLIRunner.run(["check", "After/Renamed.yaml", "--git", "HEAD~1", "--strict"], in: repository)
        XCTAssertEqual(renamed.status, 0, renamed.stderr)
        XCTAssertTrue(renamed.stderr.contains("note: 1 finding also in HEAD~1 not reported"), renamed.stderr)
        let movedDiff = try CLIRunner.run(["diff", "--git", "HEAD~1", "After/Renamed.yaml"], in: repository)
        XCTAssertEqual(movedDiff.status, 0, movedDiff.stderr)
        XCTAssertTrue(movedDiff.stderr.contains("note: After/Renamed.yaml was Before/Lint.yaml in HEAD~1: compared with it"), movedDiff.stderr)
        XCTAssertTrue(movedDiff.stdout.hasPrefix("L (HEAD~1 → After/Renamed.yaml): no navigation change"), movedDiff.stdout)
        // Given by its old path (a workflow's MODEL not updated), the moved model is followed, not taken for removed.
        let oldPath = try CLIRunner.run(["diff", "--git", "HEAD~1", "Before/Lint.yaml"], in: repository)
        XCTAssertEqual(oldPath.status, 0, oldPath.stderr)
        XCTAssertTrue(oldPath.stderr.contains("note: Before/Lint.yaml is not here: it was renamed to After/Renamed.yaml since HEAD~1, which is compared"), oldPath.stderr)
        XCTAssertTrue(oldPath.stdout.hasPrefix("L (HEAD~1 → After/Renamed.yaml): no navigation change"), oldPath.stdout)
        let oldPathCheck = try CLIRunner.run(["check", "Before/Lint.yaml", "--git", "HEAD~1", "--strict"], in: repository)
        XCTAssertEqual(oldPathCheck.status, 0, oldPathCheck.stderr)
        XCTAssertTrue(oldPathCheck.stderr.contains("it was renamed to After/Renamed.yaml since HEAD~1, which is checked"), oldPathCheck.stderr)
        XCTAssertTrue(oldPathCheck.stderr.contains("note: 1 finding also in HEAD~1 not reported"), oldPathCheck.stderr)

        // A deprecated segue renamed since keeps its warning as known: the message names it by its new id.
        let pushing = "format: 1\nname: P\ninitial: nav\nscenes:\n  nav: {kind: navigation, root: list}\n  list:\n    segues:\n"
            + "      openOld: {kind: push, to: detail, trigger: Row cell selection}\n  detail: {title: Detail}\n"
        try pushing.write(to: repository.appendingPathComponent("Docs/Push.yaml"), atomically: true, encoding: .utf8)
        try shell(["git", "add", "Docs/Push.yaml"])
        try shell(["git", "commit", "-q", "-m", "push"])
        try pushing.replacingOccurrences(of: "openOld", with: "openNew")
            .write(to: repository.appendingPathComponent("Docs/Push.yaml"), atomically: true, encoding: .utf8)
        let renamedSegue = try CLIRunner.run(["check", "Docs/Push.yaml", "--git", "HEAD", "--strict"], in: repository)
        XCTAssertEqual(renamedSegue.status, 0, renamedSegue.stderr)
        XCTAssertTrue(renamedSegue.stderr.contains("note: 1 finding also in HEAD not reported"), renamedSegue.stderr)

        // Outside the repository, annotations still name files from its top folder.
        let outside = try CLIRunner.run(["check", repository.appendingPathComponent("Docs/Warn.yaml").path, "--format", "github"],
                                        in: repository.deletingLastPathComponent())
        XCTAssertTrue(outside.stdout.hasPrefix("::warning file=Docs/Warn.yaml,line=6,col=3,"), outside.stdout)

        // A model the revision does not have is new: everything in it is added.
        try "format: 1\nname: Onboarding\ninitial: welcome\nscenes:\n  welcome: {}\n".write(to: repository.appendingPathComponent("Docs/New.yaml"), atomically: true, encoding: .utf8)
        let new = try CLIRunner.run(["diff", "--git", "HEAD", "Docs/New.yaml"], in: repository)
        XCTAssertEqual(new.status, 0, new.stderr)
        XCTAssertTrue(new.stderr.contains("Docs/New.yaml is not in HEAD"), new.stderr)
        XCTAssertTrue(new.stdout.hasPrefix("Onboarding (HEAD, where it is new → Docs/New.yaml): 1 scene added"), "the report itself says so: \(new.stdout)")
        // A model the revision has and the working tree does not was removed: compared with an empty app.
        try FileManager.default.removeItem(at: repository.appendingPathComponent("Docs/Lint.yaml"))
        let removed = try CLIRunner.run(["diff", "--git", "HEAD", "Docs/Lint.yaml"], in: repository)
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertTrue(removed.stderr.contains("note: Docs/Lint.yaml is in HEAD and not here: the app is compared with an empty one"), removed.stderr)
        XCTAssertTrue(removed.stdout.hasPrefix("L (HEAD → Docs/Lint.yaml, removed): 2 scenes removed"), removed.stdout)
        let removedCheck = try CLIRunner.run(["check", "Docs/Lint.yaml", "--format", "github", "--git", "HEAD"], in: repository)
        XCTAssertEqual(removedCheck.status, 0, removedCheck.stderr)
        XCTAssertEqual(removedCheck.stdout, "")
        XCTAssertTrue(removedCheck.stderr.contains("note: Docs/Lint.yaml is in HEAD and not here: the app was removed, and has no findings"), removedCheck.stderr)
        try shell(["git", "checkout", "-q", "--", "Docs/Lint.yaml"])
    }

    func testCheckExitStatusAndFormats() throws {
        let clean = try CLIRunner.run(["check", "Examples/Photos.yaml", "--strict"])
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertTrue(clean.stderr.contains("0 errors, 0 warnings"))
        let unnamed = try CLIRunner.run(["check", "Tests/ModelLoadingTests/Fixtures/Storyboards/Main.storyboard", "--name", " "])
        XCTAssertEqual(unnamed.status, 64, unnamed.stderr)
        XCTAssertTrue(unnamed.stderr.contains("--name is empty"), unnamed.stderr)
        // An Info.plist is read for storyboards given alone: given with a model, it is said not to be read.
        let plist = try CLIRunner.run(["check", "Examples/Photos.yaml", "--info-plist", "/nonexistent/Info.plist"])
        XCTAssertEqual(plist.status, 0, plist.stderr)
        XCTAssertTrue(plist.stderr.contains("note: --info-plist '/nonexistent/Info.plist' is not read: it is for storyboards given without a model"), plist.stderr)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let warning = directory.appendingPathComponent("warning.yaml")
        try "format: 1\nname: W\ninitial: home\nscenes:\n  home: {}\n  orphan: {}\n".write(to: warning, atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLIRunner.run(["check", warning.path]).status, 0, "warnings alone pass")
        XCTAssertEqual(try CLIRunner.run(["check", warning.path, "--strict"]).status, 1, "--strict fails on any finding")
        // --quiet lists only errors, but the warnings still count: in the summary and for --strict.
        let quiet = try CLIRunner.run(["check", warning.path, "--quiet"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, "0 errors, 1 warning (not listed: --quiet)\n")
        XCTAssertEqual(try CLIRunner.run(["check", warning.path, "--quiet", "--strict"]).status, 1, "--strict fails on a warning --quiet does not list")
        XCTAssertEqual(try CLIRunner.run(["check", warning.path, "--quiet", "--strict", "--format", "github"]).stdout, "", "GitHub form: errors only")
        // More than three warnings of one rule are one line in the text form, as validate prints them; --verbose and the
        // other forms list each.
        let many = directory.appendingPathComponent("many.yaml")
        try "format: 1\nname: M\ninitial: home\nscenes:\n  home: {}\n  a: {}\n  b: {}\n  c: {}\n  d: {}\n".write(to: many, atomically: true, encoding: .utf8)
        let grouped = try CLIRunner.run(["check", many.path])
        XCTAssertEqual(grouped.stderr.components(separatedBy: "[unreachable-scene]").count - 1, 1, grouped.stderr)
        XCTAssertTrue(grouped.stderr.contains("warning: 4 unreachable scenes: "), grouped.stderr)
        XCTAssertTrue(grouped.stderr.hasSuffix("0 errors, 4 warnings\n"), grouped.stderr)
        let each = try CLIRunner.run(["check", many.path, "--verbose"])
        XCTAssertEqual(each.stderr.components(separatedBy: "[unreachable-scene]").count - 1, 4, each.stderr)
        XCTAssertEqual(try CLIRunner.run(["check", many.path, "--format", "github"]).stdout.split(separator: "\n").count, 4)
        let github = try CLIRunner.run(["check", warning.path, "--format", "github"])
        XCTAssertEqual(github.stdout, "::warning file=\(warning.path),line=6,col=3,title=scenograph%3A unreachable-scene::scene 'orphan' is unreachable: no container, segue or flow leads to it from the initial scene or from a scene with a storyboard ID, and it has no storyboard ID for code to instantiate it%0Afix: add a segue or relationship to it, give it a 'storyboardID' if code instantiates it, or remove it\n")

        let error = directory.appendingPathComponent("error.yaml")
        try "format: 1\nname: E\ninitial: home\nscenes:\n  home:\n    segues:\n      info: {kind: popover, to: info, trigger: Info}\n  info: {}\n"
            .write(to: error, atomically: true, encoding: .utf8)
        let failing = try CLIRunner.run(["check", error.path, "--format", "sarif"])
        XCTAssertEqual(failing.status, 1, "an error-severity finding fails")
        XCTAssertTrue(failing.stdout.contains("\"ruleId\": \"popover-without-anchor\""), failing.stdout)

        // UIKit's warnings during a flow are check's findings, and follow the model's lint settings in simulate too.
        let model = "format: 1\nname: U\ninitial: nav\n%@scenes:\n  nav: {kind: navigation, root: list}\n  list: {}\nflows:\n  f:\n    steps:\n      - dismiss: nav\n"
        let plain = directory.appendingPathComponent("uikit.yaml")
        try model.replacingOccurrences(of: "%@", with: "").write(to: plain, atomically: true, encoding: .utf8)
        let found = try CLIRunner.run(["check", plain.path])
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertTrue(found.stderr.contains("\(plain.path):10:9: warning: flow 'f', step 1: UIKit warning: dismiss(animated:completion:) on <UINavigationController: nav> does nothing"), found.stderr)
        XCTAssertEqual(try CLIRunner.run(["check", plain.path, "--strict"]).status, 1)
        let raised = directory.appendingPathComponent("raised.yaml")
        try model.replacingOccurrences(of: "%@", with: "lint: {error: [uikit-warning]}\n").write(to: raised, atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLIRunner.run(["check", raised.path]).status, 1)
        let simulated = try CLIRunner.run(["simulate", raised.path])
        XCTAssertEqual(simulated.status, 1)
        XCTAssertTrue(simulated.stderr.contains(": error: flow 'f' step 1 (dismiss: nav): UIKit warning:"), simulated.stderr)
        let quietened = directory.appendingPathComponent("disabled.yaml")
        try model.replacingOccurrences(of: "%@", with: "lint: {disable: [uikit-warning]}\n").write(to: quietened, atomically: true, encoding: .utf8)
        let silent = try CLIRunner.run(["simulate", quietened.path])
        XCTAssertEqual(silent.status, 0)
        XCTAssertFalse(silent.stderr.contains("UIKit warning"), silent.stderr)
    }
}
