@testable import DocSite
import Diagrams
import Foundation
import ModelLoading
import SceneModel
import TextFormats
import XCTest

/// What the pages say in words: chains listed without silent truncation, step effects with linked scene names,
/// segue anchors for Markdown, and the shared navigation.
final class PageContextTests: XCTestCase {
    /// Six sheets that can present one another: far more chains than a page lists.
    static let dense: SceneModel? = {
        let names = (1...6).map { "s\($0)" }
        var text = "format: 1\nname: Dense\ninitial: root\nscenes:\n  root:\n    segues:\n"
        for name in names { text += "      to_\(name): {kind: present, to: \(name), trigger: x}\n" }
        for name in names {
            text += "  \(name):\n    segues:\n"
            for other in names where other != name { text += "      to_\(other): {kind: present, to: \(other), trigger: x}\n" }
        }
        return ModelLoader().load(text: text, path: "Dense.yaml").model
    }()

    func testTheIndexSaysWhenItListsOnlyTheFirstChains() throws {
        let model = try XCTUnwrap(Self.dense)
        let context = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md").index(diagrams: [:])
        XCTAssertEqual(context["chainsTruncated"] as? Bool, true)
        XCTAssertEqual(context["chainsShown"] as? Int, 200)
        XCTAssertEqual((context["chains"] as? [Any])?.count, 200)
        let page = try XCTUnwrap(TemplateSet.load().templates).render("index.md", context)
        XCTAssertTrue(page.contains("The first 200 stacks of modal presentations the segues allow, in file order: there are more."))
        XCTAssertFalse(page.contains("Every stack"))
    }

    /// The index's legend lists the links the segue graph draws: the app's segue kinds, and container children when
    /// a container has some; an app with neither says so instead of an empty table.
    func testTheLegendListsTheLinksTheAppHas() throws {
        let templates = try XCTUnwrap(TemplateSet.load().templates)
        func contexts(_ model: SceneModel, _ flavour: String) -> PageContexts {
            var contexts = PageContexts(model: model, warnings: [], flows: [], pageExtension: flavour)
            contexts.legend = DiagramStyle.legendRows.map {
                LegendRow(kind: $0.kind, name: $0.name, color: $0.style.color, drawnAs: $0.style.description, meaning: $0.meaning)
            }
            return contexts
        }
        func legend(_ text: String) throws -> [String] {
            let model = try XCTUnwrap(ModelLoader().load(text: "format: 1\nname: L\ninitial: home\nscenes:\n" + text, path: "L.yaml").model)
            let context = contexts(model, "md").index(diagrams: [:])
            return (context["legend"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        }
        XCTAssertEqual(try legend("  home:\n    segues:\n      a: {kind: show, to: b, trigger: A}\n      m: {kind: modal, to: b, trigger: M}\n  b: {}\n"),
                       ["show", "modal"])
        XCTAssertEqual(try legend("  nav: {kind: navigation, root: home}\n  home:\n    segues:\n      p: {kind: present, to: b, trigger: P}\n  b: {}\n"),
                       ["present", "relationship"])
        XCTAssertEqual(try legend("  home: {}\n"), [])
        let model = try XCTUnwrap(ModelLoader().load(text: "format: 1\nname: L\ninitial: home\nscenes:\n  home: {}\n", path: "L.yaml").model)
        for flavour in ["md", "html"] {
            let page = templates.render("index.\(flavour)", contexts(model, flavour).index(diagrams: [:]))
            XCTAssertTrue(page.contains("The app has no segues and no containers"), page)
            XCTAssertFalse(page.contains("Drawn as"), page)
        }
    }

    /// More than three warnings of one category are folded under one heading with their count, where the first of
    /// them stood; fewer stay bullets, and the bullets between folds are one list.
    func testTheIndexFoldsWarningsOfOneCategory() throws {
        let model = try XCTUnwrap(ModelLoader().load(text: "format: 1\nname: W\ninitial: home\nscenes:\n  home: {}\n", path: "W.yaml").model)
        func warning(_ line: Int, _ category: String, _ message: String) -> Diagnostic {
            Diagnostic(.warning, at: SourceLocation(file: "Main.storyboard", line: line, column: 3), message, category: category)
        }
        var warnings = [warning(1, "unreachable-scene", "scene 'a' is unreachable")]
        warnings += (2...6).map { warning($0, "deprecated-segue", "'push' segues are deprecated; segue 's\($0)' behaves as 'show'") }
        warnings.append(warning(7, "unreachable-scene", "scene 'b' is unreachable"))
        warnings.append(warning(8, "undeclared-condition", "guard condition 'c' is not declared"))
        let templates = try XCTUnwrap(TemplateSet.load().templates)
        let markdown = templates.render("index.md", PageContexts(model: model, warnings: warnings, flows: [], pageExtension: "md").index(diagrams: [:]))
        let section = try XCTUnwrap(markdown.range(of: "## Warnings")).upperBound
        let shown = String(markdown[section...])
        XCTAssertEqual(shown.components(separatedBy: "<details>").count, 2, shown)
        XCTAssertTrue(shown.contains("<details><summary>5 deprecated segues (deprecated-segue)</summary>\n\n- `Main.storyboard:2:3` "), shown)
        // The fold stands where its first warning did: after the first unreachable scene, before the second.
        let order = ["scene 'a'", "<details>", "segue 's6'", "</details>", "scene 'b'", "condition 'c'"].map { shown.range(of: $0)?.lowerBound }
        XCTAssertFalse(order.contains(nil), shown)
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), shown)
        let html = templates.render("index.html", PageContexts(model: model, warnings: warnings, flows: [], pageExtension: "html").index(diagrams: [:]))
        XCTAssertTrue(html.contains("<details class=\"warnings\"><summary>5 deprecated segues (deprecated-segue)</summary>"), html)
        XCTAssertEqual(html.components(separatedBy: "<ul class=\"warnings\">").count, 4, "one list before the fold, one in it, one after")
    }

    /// Only the initial scene lives in the window; a scene no container holds and no segue leads to says so (it was
    /// "the window (no container)" too), and that code can create it when it has a storyboard ID.
    func testOnlyTheInitialSceneLivesInTheWindow() throws {
        let model = try XCTUnwrap(ModelLoader().load(text: """
            format: 1
            name: W
            initial: home
            scenes:
              home: {}
              login: {storyboardID: LoginVC, segues: {back: {kind: present, to: home, trigger: Home}}}
              orphan: {}

            """, path: "W.yaml").model)
        let templates = try XCTUnwrap(TemplateSet.load().templates)
        for flavour in ["md", "html"] {
            let contexts = PageContexts(model: model, warnings: [], flows: [], pageExtension: flavour)
            func livesIn(_ id: String) throws -> String {
                let page = templates.render("scene.\(flavour)", contexts.scene(try XCTUnwrap(model.scene(id)), diagrams: [:]))
                let line = try XCTUnwrap(page.split(separator: "\n").first { $0.contains("Lives in") }, page)
                return String(line)
            }
            // A segue that leads to the initial scene does not move it from the window.
            XCTAssertTrue(try livesIn("home").contains("the window (no container)"))
            XCTAssertTrue(try livesIn("login").contains("no container holds it and no segue leads to it: code can create it by its storyboard ID"))
            XCTAssertTrue(try livesIn("orphan").contains("no container holds it and no segue leads to it"))
            XCTAssertFalse(try livesIn("orphan").contains("window"))
        }
    }

    /// Segues that present, none of them from a scene the initial scene leads to: the index says that no stack starts
    /// from the window's root, not that no segue presents; a model without a presenting segue says that.
    func testTheIndexSaysWhyItListsNoChains() throws {
        let presenting = try XCTUnwrap(ModelLoader().load(text: """
            format: 1
            name: C
            initial: home
            scenes:
              home: {}
              login:
                storyboardID: LoginVC
                segues:
                  help: {kind: present, to: helpScreen, trigger: Help button}
              helpScreen: {}

            """, path: "C.yaml").model)
        let plain = try XCTUnwrap(ModelLoader().load(text: "format: 1\nname: P\ninitial: home\nscenes:\n  home: {}\n", path: "P.yaml").model)
        let templates = try XCTUnwrap(TemplateSet.load().templates)
        for flavour in ["md", "html"] {
            let page = templates.render("index.\(flavour)", PageContexts(model: presenting, warnings: [], flows: [], pageExtension: flavour).index(diagrams: [:]))
            XCTAssertTrue(page.contains("No stack of modal presentations starts from the window&#39;s root") || page.contains("No stack of modal presentations starts from the window's root"), page)
            XCTAssertFalse(page.contains("No segue presents"), page)
            let none = templates.render("index.\(flavour)", PageContexts(model: plain, warnings: [], flows: [], pageExtension: flavour).index(diagrams: [:]))
            XCTAssertTrue(none.contains("No segue presents a view controller modally."), none)
        }
    }

    func testStepEffectsLinkSceneAndInstanceNames() throws {
        let model = try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path).model)
        let contexts = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md")
        let linked = contexts.linkedText("photo presents peoplePickerNav#2 as pageSheet on tabs; is now visible", root: "../")
        XCTAssertEqual(linked.markdown, "[photo](../scenes/photo.md) presents [peoplePickerNav\\#2](../scenes/peoplePickerNav.md) as pageSheet on [tabs](../scenes/tabs.md); is now visible")
        XCTAssertEqual(linked.html, "<a href=\"../scenes/photo.md\">photo</a> presents <a href=\"../scenes/peoplePickerNav.md\">peoplePickerNav#2</a> as pageSheet on <a href=\"../scenes/tabs.md\">tabs</a>; is now visible")
    }

    /// ASCII texts are linked on their bytes: the same Markdown and HTML as character by character, for texts made
    /// at random of scene names, instances, separators, markup characters and spaces (and, to reach the fallback,
    /// a few non-ASCII characters and line breaks).
    func testLinkingOnBytesMatchesLinkingByCharacters() throws {
        let text = "format: 1\nname: Q\ninitial: main\nscenes:\n  main:\n    segues: {open: {kind: present, to: Display.Gpx}}\n"
            + "  Display.Gpx: {}\n  List@tabs: {}\n  a: {}\n  a-b_c: {}\n"
        let model = try XCTUnwrap(ModelLoader().load(text: text, path: "Q.yaml").model)
        var generator = SystemRandomNumberGenerator()
        let pieces = ["main", "Display", "Gpx", "Display.Gpx", "List", "List@tabs", "tabs", "a", "a-b_c", "#", "#2", "#12", "##",
                      ".", "@", " ", "  ", "*", "_", "<", "&", "[", "]", "(x)", ";", ":", "x", "2", "-", "\n", "\t", "é", "\r\n", "`"]
        var compared = 0, linked = 0
        for flavour in ["md", "html"] {
            let contexts = PageContexts(model: model, warnings: [], flows: [], pageExtension: flavour)
            for _ in 0..<4_000 {
                let count = Int.random(in: 0...12, using: &generator)
                let sample = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
                let reference = contexts.linkedTextByCharacters(sample, root: "../")
                let fast = contexts.linkedText(sample, root: "../")
                XCTAssertEqual(fast.markdown, reference.markdown, sample.debugDescription)
                XCTAssertEqual(fast.html, reference.html, sample.debugDescription)
                if contexts.linkedASCIIText(sample, root: "../") != nil { compared += 1 }
                if reference.html.contains("<a ") { linked += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 4_000, "most samples take the byte path")
        XCTAssertGreaterThan(linked, 2_000)
    }

    /// Scenes of other storyboards (`Display.Gpx`) and second instances (`List@tabs`) are linked whole; a segue
    /// reference links its scene, and a sentence's full stop is text.
    func testStepEffectsLinkQualifiedSceneNames() throws {
        let text = "format: 1\nname: Q\ninitial: main\nscenes:\n  main:\n    segues: {open: {kind: present, to: Display.Gpx}}\n"
            + "  Display.Gpx: {}\n  List@tabs: {}\n"
        let model = try XCTUnwrap(ModelLoader().load(text: text, path: "Q.yaml").model)
        let contexts = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md")
        XCTAssertEqual(contexts.linkedText("main#2. main#2x", root: "").markdown, "[main\\#2](scenes/main.md). main\\#2x", "an instance's number ends it")
        let linked = contexts.linkedText("tap: main.open; main presents Display.Gpx#2 on List@tabs. Display.Other and Display.", root: "../")
        XCTAssertEqual(linked.markdown, "tap: [main](../scenes/main.md).open; [main](../scenes/main.md) presents [Display.Gpx\\#2](../scenes/Display.Gpx.md) on [List@tabs](../scenes/List@tabs.md). Display.Other and Display.")
        XCTAssertEqual(linked.html, "tap: <a href=\"../scenes/main.md\">main</a>.open; <a href=\"../scenes/main.md\">main</a> presents <a href=\"../scenes/Display.Gpx.md\">Display.Gpx#2</a> on <a href=\"../scenes/List@tabs.md\">List@tabs</a>. Display.Other and Display.")
    }

    /// The text between links is escaped in runs: the same as escaping it character by character, whatever it holds.
    func testLinkedTextEscapesTheTextAroundLinksAsEachCharacterWould() throws {
        let text = "format: 1\nname: Q\ninitial: main\nscenes:\n  main: {}\n  Display.Gpx: {}\n"
        let model = try XCTUnwrap(ModelLoader().load(text: text, path: "Q.yaml").model)
        let contexts = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md")
        let samples = ["*a* [b] main & <c>\r\nDisplay.Gpx_1 | `d` main", "café́ main#3 é main.Display.Gpx", "main", "", "\u{1}main\u{7}"]
        for sample in samples {
            let linked = contexts.linkedText(sample, root: "")
            // The same text with each link made plain again must be the text escaped whole.
            var markdown = linked.markdown, html = linked.html
            for (shown, target) in [("main", "main"), ("Display.Gpx", "Display.Gpx"), ("main\\#3", "main")] {
                markdown = markdown.replacingOccurrences(of: "[\(shown)](scenes/\(target).md)", with: shown)
            }
            for (shown, target) in [("main", "main"), ("Display.Gpx", "Display.Gpx"), ("main#3", "main")] {
                html = html.replacingOccurrences(of: "<a href=\"scenes/\(target).md\">\(shown)</a>", with: shown)
            }
            XCTAssertEqual(markdown, Markdown.escape(sample), sample)
            XCTAssertEqual(html, Markdown.escapeHTML(sample), sample)
        }
        XCTAssertEqual(contexts.linkedText("*a* main", root: "").markdown, "\\*a\\* [main](scenes/main.md)")
        XCTAssertEqual(contexts.linkedText("x.main", root: "").markdown, "x.[main](scenes/main.md)")
    }

    func testMarkdownScenePagesDefineTheirSegueAnchors() throws {
        let model = try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path).model)
        let contexts = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md")
        let photo = try XCTUnwrap(model.scene("photo"))
        let page = try XCTUnwrap(TemplateSet.load().templates).render("scene.md", contexts.scene(photo, diagrams: [:]))
        for segue in photo.segues { XCTAssertTrue(page.contains("<a id=\"segue-\(segue.id)\"></a>"), segue.id) }
    }

    /// A segue's label, which the diagrams draw instead of its id, is quoted after the id in both tables of both
    /// flavours; a label that is the trigger (as the importer makes it) is not repeated.
    func testScenePagesQuoteALabelThatIsNotTheTrigger() throws {
        let text = "format: 1\nname: L\ninitial: a\nscenes:\n  a:\n    segues:\n"
            + "      open: {kind: present, to: b, trigger: Open button, label: opens <b> & more}\n"
            + "      again: {kind: present, to: b, trigger: Again button, label: Again button}\n  b: {}\n"
        let model = try XCTUnwrap(ModelLoader().load(text: text, path: "L.yaml").model)
        let templates = try XCTUnwrap(TemplateSet.load().templates)
        let a = try XCTUnwrap(model.scene("a")), b = try XCTUnwrap(model.scene("b"))
        let markdown = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md")
        let out = templates.render("scene.md", markdown.scene(a, diagrams: [:]))
        XCTAssertTrue(out.contains("`open` “opens &lt;b&gt; &amp; more” | present |"), out)
        XCTAssertTrue(out.contains("`again` | present |"), out)
        XCTAssertTrue(templates.render("scene.md", markdown.scene(b, diagrams: [:])).contains("`open` “opens &lt;b&gt; &amp; more” | present |"))
        let html = PageContexts(model: model, warnings: [], flows: [], pageExtension: "html")
        let page = templates.render("scene.html", html.scene(a, diagrams: [:]))
        XCTAssertTrue(page.contains("<code>open</code> “opens &lt;b&gt; &amp; more”</td>"), page)
        XCTAssertTrue(page.contains("<code>again</code></td>"), page)
    }

    /// A scene no container holds lives on the navigation stacks its show segues push it onto: the nearest one
    /// around the source, or where a pushed source is pushed; a cycle of pushes ends.
    func testPushedScenesLiveOnTheStacksTheyArePushedOnto() throws {
        let model = try XCTUnwrap(ModelLoader().load(text: """
            format: 1
            name: Stacks
            initial: tabs
            scenes:
              tabs: {kind: tabBar, tabs: [navA, navB]}
              navA: {kind: navigation, root: a}
              navB: {kind: navigation, root: b}
              a: {segues: {open: {kind: show, to: detail, trigger: Row}}}
              b: {segues: {open: {kind: show, to: detail, trigger: Row}}}
              detail: {segues: {more: {kind: show, to: more, trigger: More}}}
              more: {segues: {back: {kind: show, to: detail, trigger: Again}}}
              sheet: {}
            """, path: "Stacks.yaml").model)
        let stacks = PageContexts.navigationStacks(of: model)
        XCTAssertEqual(stacks["detail"], ["navA", "navB"])
        XCTAssertEqual(stacks["more"], ["navA", "navB"])
        XCTAssertNil(stacks["sheet"])
        XCTAssertNil(stacks["a"], "a scene a container holds lives there")
        let page = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md").scene(try XCTUnwrap(model.scene("more")), diagrams: [:])
        XCTAssertEqual((page["pushedOnto"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["navA", "navB"])
        // The sidebar lists a pushed scene under the first stack that pushes it, marked so.
        let tree = SiteNavigation(model: model, flows: []).sceneTree()
        let navA = try XCTUnwrap((tree.first?["children"] as? [[String: Any]])?.first { $0["id"] as? String == "navA" })
        let underA = (navA["children"] as? [[String: Any]]) ?? []
        XCTAssertEqual(underA.compactMap { $0["id"] as? String }, ["a", "detail", "more"])
        XCTAssertEqual(underA.map { $0["pushed"] as? Bool ?? false }, [false, true, true])
        XCTAssertEqual(tree.compactMap { $0["id"] as? String }, ["tabs", "sheet"])
    }

    /// A container pushed from inside itself (a new instance of it, on a stack it holds) does not live on that
    /// stack: the sidebar keeps it above its tabs, not all of them at the top, and its page names no stack of its own.
    func testAContainerPushedFromInsideItselfStaysAboveItsChildren() throws {
        let model = try XCTUnwrap(ModelLoader().load(text: """
            format: 1
            name: Cycle
            initial: mainNav
            scenes:
              mainNav: {kind: navigation, root: main}
              main: {segues: {poi: {kind: present, to: poi, trigger: POI}}}
              poi: {kind: tabBar, tabs: [tagsNav, attributesNav]}
              tagsNav: {kind: navigation, root: tags}
              attributesNav: {kind: navigation, root: attributes}
              tags: {segues: {again: {kind: show, to: poi, trigger: Again}}}
              attributes: {}
            """, path: "Cycle.yaml").model)
        XCTAssertNil(PageContexts.navigationStacks(of: model)["poi"])
        let tree = SiteNavigation(model: model, flows: []).sceneTree()
        XCTAssertEqual(tree.compactMap { $0["id"] as? String }, ["mainNav", "poi"])
        let poi = try XCTUnwrap(tree.last)
        XCTAssertEqual((poi["children"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["tagsNav", "attributesNav"])
        let page = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md").scene(try XCTUnwrap(model.scene("poi")), diagrams: [:])
        XCTAssertEqual((page["pushedOnto"] as? [[String: Any]])?.count, 0)
    }

    /// A scene page's tables of segues leave out the trigger, style, guard and passes columns no row fills, in
    /// both markups; the rows keep their cells in the header's order.
    func testSegueTablesLeaveOutColumnsNoRowFills() throws {
        let model = try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path).model)
        for ext in ["md", "html"] {
            let contexts = PageContexts(model: model, warnings: [], flows: [], pageExtension: ext)
            func table(_ scene: String, _ key: String) throws -> String {
                try XCTUnwrap(contexts.scene(try XCTUnwrap(model.scene(scene)), diagrams: [:])[key] as? String)
            }
            let guarded = try table("addRecipe", "seguesOutTable")
            let plain = try table("settings", "seguesOutTable")
            let incoming = try table("about", "seguesInTable")
            if ext == "md" {
                XCTAssertTrue(guarded.hasPrefix("| Segue | Kind | To | Trigger | Guard | Passes |\n|---|---|---|---|---|---|\n"), guarded)
                XCTAssertTrue(plain.hasPrefix("| Segue | Kind | To | Trigger |\n|---|---|---|---|\n"), plain)
                XCTAssertTrue(incoming.hasPrefix("| From | Segue | Kind | Trigger |\n"), incoming)
                // Every row has as many cells as the header.
                for text in [guarded, plain, incoming] {
                    let lines = text.split(separator: "\n")
                    let cells = lines.map { $0.filter { $0 == "|" }.count }
                    XCTAssertEqual(Set(cells).count, 1, text)
                }
            } else {
                XCTAssertTrue(guarded.contains("<th>Trigger</th><th>Guard</th><th>Passes</th></tr>") && !guarded.contains("<th>Style</th>"), guarded)
                XCTAssertFalse(guarded.contains("data-label=\"Style\""), guarded)
                XCTAssertTrue(plain.contains("<th>To</th><th>Trigger</th></tr>"), plain)
            }
        }
    }

    /// A segue's label is quoted after its identifier when it says more: not when it is the identifier with spaces
    /// for the `_` (a storyboard identifier such as "Push to Register"), nor the trigger.
    func testASegueLabelThatIsItsIdentifierIsNotQuoted() throws {
        let model = try XCTUnwrap(ModelLoader().load(text: """
            format: 1
            name: Labels
            initial: nav
            scenes:
              nav: {kind: navigation, root: home}
              home:
                segues:
                  Push_to_Register: {kind: show, to: other, label: Push to Register}
                  open: {kind: show, to: other, label: Open the other, trigger: Row}
                  more: {kind: show, to: other, label: Row 2, trigger: Row 2}
              other: {}
            """, path: "Labels.yaml").model)
        let page = PageContexts(model: model, warnings: [], flows: [], pageExtension: "md").scene(try XCTUnwrap(model.scene("home")), diagrams: [:])
        let table = try XCTUnwrap(page["seguesOutTable"] as? String)
        XCTAssertFalse(table.contains("“Push to Register”"), table)
        XCTAssertTrue(table.contains("`open` “Open the other”"), table)
        XCTAssertFalse(table.contains("“Row 2”"), table)
    }

    /// The sidebar's data: tabs above their stacks, each stack above its root; flows with their results.
    func testNavigationGroupsScenesByContainer() throws {
        let model = try XCTUnwrap(ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path).model)
        let tree = SiteNavigation(model: model, flows: []).sceneTree()
        let tabs = try XCTUnwrap(tree.first)
        XCTAssertEqual(tabs["id"] as? String, "tabs")
        let stacks = (tabs["children"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        XCTAssertEqual(stacks, ["libraryNav", "cameraNav", "recipesNav", "albumsSplit"])
        let script = SiteNavigation(model: model, flows: []).script()
        XCTAssertTrue(script.hasPrefix("// The sidebar's data"))
        XCTAssertEqual(SiteNavigation(model: model, flows: []).script(), script, "deterministic")
        XCTAssertEqual(tabs["initial"] as? Bool, true, "the initial scene is marked")
        // Where the app starts comes first, however late the file has it.
        let late = try XCTUnwrap(ModelLoader().load(text: """
            format: 1
            name: Late
            initial: main
            scenes:
              extra: {storyboardID: Extra}
              other: {storyboardID: Other}
              main: {kind: navigation, root: home}
              home: {}
            """, path: "Late.yaml").model)
        let order = SiteNavigation(model: late, flows: []).sceneTree().compactMap { $0["id"] as? String }
        XCTAssertEqual(order, ["main", "extra", "other"])
        // Under a container, its root (tabs in tab order) before the scenes pushed onto it, whatever the file order:
        // scenes of another storyboard pushed onto a stack came before its root.
        let pushedFirst = try XCTUnwrap(ModelLoader().load(text: """
            format: 1
            name: Pushed
            initial: tabs
            scenes:
              detail: {}
              second: {}
              tabs: {kind: tabBar, tabs: [nav, second]}
              nav: {kind: navigation, root: home}
              home: {segues: {open: {kind: show, to: detail, trigger: Open}}}
            """, path: "Pushed.yaml").model)
        let top = try XCTUnwrap(SiteNavigation(model: pushedFirst, flows: []).sceneTree().first)
        let tabChildren = (top["children"] as? [[String: Any]]) ?? []
        XCTAssertEqual(tabChildren.compactMap { $0["id"] as? String }, ["nav", "second"], "tabs in tab order")
        let underNav = (tabChildren.first?["children"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        XCTAssertEqual(underNav, ["home", "detail"])
    }
}
