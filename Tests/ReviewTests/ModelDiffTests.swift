import Diagrams
import Foundation
import ModelLoading
@testable import Review
import SceneModel
import Simulator
import Testing

/// The diff of shop-base.yaml → shop-head.yaml covers every kind of change; its text, Markdown, JSON, DOT and
/// Mermaid forms are golden files. Regenerate with SCENOGRAPH_UPDATE_GOLDEN=1 and review the diff.
@Suite struct ModelDiffTests {
    static func shop() throws -> (SceneModel, SceneModel, DiffReport) {
        let base = try ReviewFiles.model("shop-base.yaml")
        let head = try ReviewFiles.model("shop-head.yaml")
        return (base, head, DiffReport(base: base, head: head, options: .init(baseLabel: "shop-base.yaml", headLabel: "shop-head.yaml")))
    }

    @Test func everyKindOfSceneChange() throws {
        let (_, _, report) = try Self.shop()
        let scenes = Dictionary(report.diff.scenes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(scenes["wishlist"]?.change == .added)
        #expect(scenes["promo"]?.change == .removed)
        #expect(scenes["item"]?.change == .changed)
        #expect(scenes["item"]?.properties == [.init(key: "title", old: "Item", new: "Product")])
        // Same storyboard object under another id, and same content under another id: renames, not remove + add.
        #expect(scenes["payment"]?.change == .renamed && scenes["payment"]?.oldID == "checkout")
        #expect(scenes["support"]?.change == .renamed && scenes["support"]?.oldID == "help")
        #expect(scenes["checkout"] == nil && scenes["help"] == nil)
    }

    /// A flow whose differing steps are more than the forms show says how many are left out, in every form.
    @Test func differingStepsLeftOutAreCounted() throws {
        // A sheet over its presenter, or a full-screen cover that makes it disappear: each step's events differ.
        func model(_ style: String) throws -> SceneModel {
            try ReviewFiles.model(text: """
                format: 1
                name: Steps
                initial: home
                scenes:
                  home: {segues: {open: {kind: present, to: detail, trigger: Open, modalPresentationStyle: \(style)}}}
                  detail: {}
                flows:
                  again:
                    steps: [{tap: home.open}, {dismiss: detail}, {tap: home.open}, {dismiss: detail}, {tap: home.open}]

                """)
        }
        let report = DiffReport(base: try model("pageSheet"), head: try model("fullScreen"), options: .init(baseLabel: "a", headLabel: "b"))
        let trace = try #require(report.diff.flows.first?.trace)
        #expect(trace.steps.count == 3 && trace.differingStepCount == 5)
        #expect(report.text().contains("      … 2 more differing steps not shown\n"))
        #expect(report.markdown().contains("_2 more differing steps not shown._"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let flow = try #require((json["flows"] as? [[String: Any]])?.first)
        #expect(flow["differingSteps"] as? Int == 5 && (flow["steps"] as? [Any])?.count == 3)
    }

    /// A step only the head has shows the containers it changed, not every container of the app.
    @Test func aStepOfOneSideShowsWhatItChanged() throws {
        func model(_ steps: String) throws -> SceneModel {
            try ReviewFiles.model(text: """
                format: 1
                name: Tabs
                initial: tabs
                scenes:
                  tabs: {kind: tabBar, tabs: [oneNav, twoNav, threeNav]}
                  oneNav: {kind: navigation, root: one}
                  twoNav: {kind: navigation, root: two}
                  threeNav: {kind: navigation, root: three}
                  one: {segues: {next: {kind: show, to: detail, trigger: Next}}}
                  two: {}
                  three: {}
                  detail: {}
                flows:
                  walk:
                    steps: [\(steps)]

                """)
        }
        let report = DiffReport(base: try model("{tap: one.next}"), head: try model("{tap: one.next}, back"),
                                options: .init(baseLabel: "a", headLabel: "b"))
        let step = try #require(report.diff.flows.first?.trace?.steps.first { $0.base == nil })
        let state = try #require(step.head?.state)
        #expect(state.contains("oneNav [one]"), "\(state)")
        #expect(!state.contains("twoNav") && !state.contains("threeNav") && !state.contains("tabs ["), "\(state)")
    }

    /// An unset or empty side of a changed key reads `(none)`, not a blank before the arrow.
    @Test func anEmptySideReadsNone() throws {
        #expect(ModelDiff.PropertyChange(key: "conditions", old: "", new: "photoSelected: true").text == "conditions: (none) → photoSelected: true")
        #expect(ModelDiff.PropertyChange(key: "initial", old: nil, new: "tabs").text == "initial: (none) → tabs")
        #expect(ModelDiff.PropertyChange(key: "title", old: "A", new: "").text == "title: A → (none)")
        // The same in a whole report: a model given conditions it had none of.
        let base = try ReviewFiles.model(text: "format: 1\nname: C\ninitial: a\nscenes:\n  a: {}\n")
        let head = try ReviewFiles.model(text: "format: 1\nname: C\nconditions: {loggedIn: true}\ninitial: a\nscenes:\n  a: {}\n")
        let report = DiffReport(base: base, head: head, options: .init(baseLabel: "a", headLabel: "b"))
        #expect(report.text().contains("  ~ conditions: (none) → loggedIn: true\n"), "\(report.text())")
        #expect(report.markdown().contains("| `conditions` | — | loggedIn: true |"), "\(report.markdown())")
    }

    /// Pairing renamed scenes and drawing removed segues is linear: 2,000 scenes renamed at once, each with a segue,
    /// took 22 s when each removed scene compared every other's content and each removed segue walked them all.
    @Test func thousandsOfScenesRenamedAtOnceArePaired() throws {
        func model(_ prefix: String) throws -> SceneModel {
            let scenes = ["  hub: {title: Hub}"] + (0..<2_000).map { index in
                "  \(prefix)\(index): {title: Screen \(index), segues: {home: {kind: present, to: hub}}}"
            }
            return try ReviewFiles.model(text: "format: 1\nname: Big\ninitial: hub\nscenes:\n" + scenes.joined(separator: "\n") + "\n")
        }
        let report = DiffReport(base: try model("a"), head: try model("b"), options: .init(baseLabel: "a", headLabel: "b"))
        #expect(report.diff.scenes.count == 2_000)
        #expect(report.diff.scenes.allSatisfy { $0.change == .renamed })
        // A base with the segues removed instead draws 2,000 removed edges.
        let bare = try ReviewFiles.model(text: "format: 1\nname: Big\ninitial: hub\nscenes:\n  hub: {title: Hub}\n"
            + (0..<2_000).map { "  a\($0): {title: Screen \($0)}" }.joined(separator: "\n") + "\n")
        let removing = DiffReport(base: try model("a"), head: bare, options: .init(baseLabel: "a", headLabel: "bare"))
        #expect(removing.diff.segues.filter { $0.change == .removed }.count == 2_000)

        // Within one scene, one container and one list of flows too: 2,000 segues of a scene, children of a page
        // view controller and flows renamed at once (each was compared with each: 6,000 segues took 53 s).
        func wide(_ prefix: String) throws -> SceneModel {
            let range = 0..<2_000
            let segues = range.map { "\(prefix)\($0): {kind: present, to: t\($0), trigger: b\($0)}" }.joined(separator: ", ")
            let pages = range.map { "\(prefix)p\($0)" }.joined(separator: ", ")
            let targets = range.map { "  t\($0): {title: T\($0)}\n  \(prefix)p\($0): {title: P\($0)}" }.joined(separator: "\n")
            let flows = range.map { "  \(prefix)f\($0): {steps: [{tap: hub.\(prefix)\($0)}]}" }.joined(separator: "\n")
            return try ReviewFiles.model(text: "format: 1\nname: Wide\ninitial: hub\nscenes:\n  hub: {segues: {\(segues)}}\n  pages: {kind: page, pages: [\(pages)]}\n"
                + targets + "\nflows:\n" + flows + "\n")
        }
        let wideReport = DiffReport(base: try wide("g"), head: try wide("h"), options: .init(baseLabel: "g", headLabel: "h"))
        #expect(wideReport.diff.segues.count == 2_000 && wideReport.diff.segues.allSatisfy { $0.change == .renamed })
        #expect(wideReport.diff.scenes.filter { $0.change == .renamed }.count == 2_000)
        #expect(wideReport.diff.flows.count == 2_000 && wideReport.diff.flows.allSatisfy { $0.change == .renamed })
        #expect(report.diff.scenes.first { $0.id == "b7" }?.oldID == "a7")
    }

    @Test func everyKindOfSegueChange() throws {
        let (_, _, report) = try Self.shop()
        let segues = Dictionary(report.diff.segues.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(segues["home.share"]?.change == .added)
        #expect(segues["home.promo"]?.change == .removed)
        #expect(segues["item.buy"]?.change == .changed)
        // The destination was renamed with its scene, so only the style changed.
        #expect(segues["item.buy"]?.properties == [.init(key: "modalPresentationStyle", old: "pageSheet", new: "fullScreen")])
        #expect(segues["home.openItem"]?.change == .renamed && segues["home.openItem"]?.oldID == "home.showItem")
        // A segue to a renamed scene is unchanged.
        #expect(segues["home.openHelp"] == nil)
    }

    @Test func containmentChanges() throws {
        let (_, _, report) = try Self.shop()
        let descriptions = report.diff.containment.map(\.description)
        #expect(descriptions.contains("tab added: wishlist (tab 4)"))
        #expect(descriptions.contains("root replaced: cart → basket"))
        #expect(descriptions.contains("column moved: article from secondary to primary"))
    }

    /// A child taken out of one container and added to another moved: both rows say where to and from.
    @Test func aChildMovedBetweenContainersSaysSo() throws {
        func model(tabs: String, pages: String) throws -> SceneModel {
            try ReviewFiles.model(text: """
                format: 1
                name: M
                initial: tabs
                scenes:
                  tabs: {kind: tabBar, tabs: [\(tabs)], segues: {intro: {kind: present, to: intro, trigger: Intro}}}
                  intro: {kind: page, pages: [\(pages)]}
                  home: {}
                  a: {}
                  b: {}
                """, path: "m.yaml")
        }
        let diff = ModelDiff(base: try model(tabs: "home", pages: "a, b"), head: try model(tabs: "home, b", pages: "a"))
        #expect(diff.containment.map(\.description) == ["tab added: b (tab 2), moved from intro", "page removed: b (moved to tabs)"])
        // Into a page view controller that is itself a tab: the removed row says where it is now already.
        func tabbed(tabs: String, pages: String) throws -> SceneModel {
            try ReviewFiles.model(text: """
                format: 1
                name: M
                initial: tabs
                scenes:
                  tabs: {kind: tabBar, tabs: [\(tabs)]}
                  intro: {kind: page, pages: [\(pages)]}
                  home: {}
                  a: {}
                  b: {}
                """, path: "m.yaml")
        }
        let into = ModelDiff(base: try tabbed(tabs: "home, b, intro", pages: "a"), head: try tabbed(tabs: "home, intro", pages: "a, b"))
        #expect(into.containment.map(\.description).sorted() == ["page added: b (page 2), moved from tabs", "tab removed: b (now in page view controller intro)"])
    }

    /// A tab or a split's column put into a navigation controller is one change of that tab or column, not a tab
    /// removed and another added; the show segues of what it holds now push, and the diff says so. The other way
    /// round reads as taken out.
    @Test func aChildEmbeddedInANavigationControllerIsOneChangeWithItsEffect() throws {
        let base = try ReviewFiles.model(text: """
            format: 1
            name: E
            initial: tabs
            scenes:
              tabs: {kind: tabBar, tabs: [home, settings, split]}
              home: {}
              settings: {segues: {about: {kind: show, to: about, trigger: About row}}}
              about: {}
              split: {kind: split, primary: list, secondary: detail}
              list: {}
              detail: {segues: {more: {kind: show, to: about, trigger: More}}}
            """, path: "base.yaml")
        let head = try ReviewFiles.model(text: """
            format: 1
            name: E
            initial: tabs
            scenes:
              tabs: {kind: tabBar, tabs: [home, settingsNav, split]}
              home: {}
              settingsNav: {kind: navigation, root: settings}
              settings: {segues: {about: {kind: show, to: about, trigger: About row}}}
              about: {}
              split: {kind: split, primary: list, secondary: detailNav}
              list: {}
              detailNav: {kind: navigation, root: detail}
              detail: {segues: {more: {kind: show, to: about, trigger: More}}}
            """, path: "head.yaml")
        let forward = ModelDiff(base: base, head: head)
        #expect(forward.containment.map(\.description) == [
            "tab 2: settings embedded in navigation controller settingsNav",
            "secondary column: detail embedded in navigation controller detailNav",
        ])
        let effects = Dictionary(forward.segues.map { ($0.id, $0.properties.map(\.text)) }, uniquingKeysWith: { a, _ in a })
        #expect(effects["settings.about"] == ["effect: presented modally (no container shows it) → pushed onto the navigation stack"])
        // A split shows its secondary's show segues in place already: the navigation controller makes them push.
        #expect(effects["detail.more"] == ["effect: shown by its container → pushed onto the navigation stack"])
        let backward = ModelDiff(base: head, head: base)
        #expect(backward.containment.map(\.description) == [
            "tab 2: settings taken out of navigation controller settingsNav",
            "secondary column: detail taken out of navigation controller detailNav",
        ])
        #expect(backward.segues.first { $0.id == "settings.about" }?.properties.map(\.text)
            == ["effect: pushed onto the navigation stack → presented modally (no container shows it)"])
    }

    /// Wrapping combined with other changes: a wrapped tab that moved is a reorder too; one container taking in two
    /// tabs names both; the selected tab, wrapped, is still selected; a push (deprecated segue or code call) taken out
    /// of its navigation controller fails, and says so; a segue whose kind changed says what it now does; a split's
    /// compact column is compared like the others.
    @Test func wrappingWithOtherChanges() throws {
        func model(_ scenes: String, initial: String = "tabs") throws -> SceneModel {
            try ReviewFiles.model(text: "format: 1\nname: W\ninitial: \(initial)\nscenes:\n" + scenes, path: "w.yaml")
        }
        let three = try model("  tabs: {kind: tabBar, tabs: [a, b, c], selected: b}\n  a: {}\n  b: {}\n  c: {}\n")
        let moved = try model("  tabs: {kind: tabBar, tabs: [a, c, bNav], selected: bNav}\n  a: {}\n  bNav: {kind: navigation, root: b}\n  b: {}\n  c: {}\n")
        #expect(ModelDiff(base: three, head: moved).containment.map(\.description) == [
            "tab 3: b embedded in navigation controller bNav", "tabs reordered: [a, b, c] → [a, c, bNav]",
        ])
        let pages = try model("  tabs: {kind: tabBar, tabs: [a, more]}\n  a: {}\n  more: {kind: page, pages: [b, c]}\n  b: {}\n  c: {}\n")
        let unselected = try model("  tabs: {kind: tabBar, tabs: [a, b, c]}\n  a: {}\n  b: {}\n  c: {}\n")
        #expect(ModelDiff(base: unselected, head: pages).containment.map(\.description) == ["tab 2: b, c embedded in page view controller more"])
        #expect(ModelDiff(base: pages, head: unselected).containment.map(\.description) == [
            "tab 2: b taken out of page view controller more", "tab 3: c taken out of page view controller more",
        ])
        let push = try model("  nav: {kind: navigation, root: home}\n  home: {segues: {open: {kind: push, to: d}, go: {kind: code, call: push, to: d}, detail: {kind: show, to: d}}}\n  d: {}\n", initial: "nav")
        let bare = try model("  home: {segues: {open: {kind: push, to: d}, go: {kind: code, call: push, to: d}, detail: {kind: showDetail, to: d}}}\n  d: {}\n", initial: "home")
        let segues = Dictionary(ModelDiff(base: push, head: bare).segues.map { ($0.id, $0.properties.map(\.text)) }, uniquingKeysWith: { a, _ in a })
        // A push without a navigation controller fails: UIKit raises for the segue, the code call does nothing.
        #expect(segues["home.open"] == ["effect: pushed onto the navigation stack → UIKit raises an exception (no navigation controller)"])
        #expect(segues["home.go"] == ["effect: pushed onto the navigation stack → does nothing (no navigation controller)"])
        // A kind change says what the segue now does when both kinds have an effect in words.
        #expect(segues["home.detail"] == ["kind: show → showDetail", "effect: pushed onto the navigation stack → presented modally (no split view shows it)"])
        let presents = try model("  home: {segues: {open: {kind: present, to: d}}}\n  d: {}\n", initial: "home")
        let shows = try model("  home: {segues: {open: {kind: show, to: d}}}\n  d: {}\n", initial: "home")
        #expect(ModelDiff(base: presents, head: shows).segues.first?.properties.map(\.text)
            == ["kind: present → show", "effect: presented modally → presented modally (no container shows it)"])
        // A segue that now presents a partialCurl scene in a style other than fullScreen makes UIKit raise (an error of
        // `check`'s partial-curl-misuse): the effect says so, not "presented modally".
        let curlPush = try model("  nav: {kind: navigation, root: home}\n  home: {segues: {open: {kind: show, to: d}}}\n  d: {modalTransitionStyle: partialCurl}\n", initial: "nav")
        let curlPresent = try model("  nav: {kind: navigation, root: home}\n  home: {segues: {open: {kind: present, to: d}}}\n  d: {modalTransitionStyle: partialCurl}\n", initial: "nav")
        #expect(ModelDiff(base: curlPush, head: curlPresent).segues.first?.properties.map(\.text)
            == ["kind: show → present", "effect: pushed onto the navigation stack → UIKit raises an exception (the partialCurl transition with the pageSheet style)"])
        let curlFull = try model("  nav: {kind: navigation, root: home}\n  home: {segues: {open: {kind: present, to: d}}}\n  d: {modalTransitionStyle: partialCurl, modalPresentationStyle: fullScreen}\n", initial: "nav")
        let curlFullPush = try model("  nav: {kind: navigation, root: home}\n  home: {segues: {open: {kind: show, to: d}}}\n  d: {modalTransitionStyle: partialCurl, modalPresentationStyle: fullScreen}\n", initial: "nav")
        #expect(ModelDiff(base: curlFullPush, head: curlFull).segues.first?.properties.map(\.text)
            == ["kind: show → present", "effect: pushed onto the navigation stack → presented modally"])
        let split = try model("  split: {kind: split, style: doubleColumn, primary: list, secondary: detail, compact: phone}\n  list: {}\n  detail: {}\n  phone: {}\n", initial: "split")
        let wrapped = try model("  split: {kind: split, style: doubleColumn, primary: list, secondary: detail, compact: phoneNav}\n  list: {}\n  detail: {}\n  phoneNav: {kind: navigation, root: phone}\n  phone: {}\n", initial: "split")
        #expect(ModelDiff(base: split, head: wrapped).containment.map(\.description) == ["compact column: phone embedded in navigation controller phoneNav"])
        // Columns swapped while one is wrapped: the moved column says both.
        let columns = try model("  split: {kind: split, primary: list, secondary: detail}\n  list: {}\n  detail: {}\n", initial: "split")
        let swapped = try model("  split: {kind: split, primary: detail, secondary: listNav}\n  listNav: {kind: navigation, root: list}\n  list: {}\n  detail: {}\n", initial: "split")
        #expect(ModelDiff(base: columns, head: swapped).containment.map(\.description) == [
            "column moved: detail from secondary to primary", "column moved: list from primary to secondary, embedded in navigation controller listNav",
        ])
        #expect(ModelDiff(base: swapped, head: columns).containment.map(\.description) == [
            "column moved: list from secondary to primary, taken out of navigation controller listNav", "column moved: detail from primary to secondary",
        ])
        // A stack left behind by a deleted tab is reached by nothing: its pushes never fire, so no effect line.
        let withTab = try model("  tabs: {kind: tabBar, tabs: [a, bNav]}\n  a: {}\n  bNav: {kind: navigation, root: b}\n  b: {segues: {go: {kind: push, to: c}}}\n  c: {}\n")
        let withoutTab = try model("  tabs: {kind: tabBar, tabs: [a]}\n  a: {}\n  b: {segues: {go: {kind: push, to: c}}}\n  c: {}\n")
        #expect(!ModelDiff(base: withTab, head: withoutTab).segues.contains { $0.id == "b.go" })
        // A tab moved into a container that was already a tab says where it went.
        let separate = try model("  tabs: {kind: tabBar, tabs: [a, pg]}\n  pg: {kind: page, pages: [b]}\n  a: {}\n  b: {}\n")
        let together = try model("  tabs: {kind: tabBar, tabs: [pg]}\n  pg: {kind: page, pages: [a, b]}\n  a: {}\n  b: {}\n")
        #expect(ModelDiff(base: separate, head: together).containment.map(\.description) == [
            "tab removed: a (now in page view controller pg)", "selected tab: a → pg (which holds a)", "page added: a (page 1), moved from tabs",
        ])
    }

    /// Imported scenes are named after their place: wrapping the first tab hands its name to the second tab's object.
    /// The diff pairs storyboard objects, not names, so it reads as one tab embedded and two renames; a tab nested
    /// two containers deep is embedded too.
    @Test func storyboardObjectsArePairedBeforeNames() throws {
        func model(_ scenes: String) throws -> SceneModel {
            try ReviewFiles.model(text: "format: 1\nname: S\ninitial: tabs\nscenes:\n" + scenes, path: "s.yaml")
        }
        func origin(_ id: String) -> String { "origin: {storyboard: Main, objectID: \(id)}" }
        let base = try model("""
              tabs: {kind: tabBar, tabs: [List, List-2], \(origin("T"))}
              List: {\(origin("A")), segues: {show-Detail: {kind: show, to: Detail}}}
              List-2: {\(origin("B"))}
              Detail: {\(origin("D"))}

            """)
        let head = try model("""
              tabs: {kind: tabBar, tabs: [Nav, List], \(origin("T"))}
              Nav: {kind: navigation, root: List@Nav, \(origin("N"))}
              List@Nav: {\(origin("A")), segues: {show-Detail: {kind: show, to: Detail}}}
              List: {\(origin("B"))}
              Detail: {\(origin("D"))}

            """)
        let diff = ModelDiff(base: base, head: head)
        #expect(diff.containment.map(\.description) == ["tab 1: List@Nav embedded in navigation controller Nav"])
        #expect(Set(diff.scenes.filter { $0.change == .renamed }.map { "\($0.oldID ?? "") → \($0.id)" }) == ["List → List@Nav", "List-2 → List"])
        #expect(diff.segues.map { "\($0.id): \($0.properties.map(\.text))" } == [
            "List@Nav.show-Detail: [\"effect: presented modally (no container shows it) → pushed onto the navigation stack\"]",
        ])
        // The importer's summary of a copy (a scene with two parents) is not the author's: it changing is no change.
        let copy = Scene.copySummary(of: "List", in: "Split")
        #expect(Scene.isCopySummary(copy) && !Scene.isCopySummary("Another instance of the list."))
        let summarised = try model("  tabs: {kind: tabBar, tabs: [List]}\n  List: {summary: \"\(copy)\"}\n")
        let plain = try model("  tabs: {kind: tabBar, tabs: [List]}\n  List: {}\n")
        #expect(ModelDiff(base: summarised, head: plain).isEmpty)
        #expect(!ModelDiff(base: try model("  tabs: {kind: tabBar, tabs: [List]}\n  List: {summary: Mine.}\n"), head: plain).isEmpty)
        let nested = try ReviewFiles.model(text: "format: 1\nname: N\ninitial: tabs\nscenes:\n  tabs: {kind: tabBar, tabs: [sp, b]}\n  sp: {kind: split, primary: aNav, secondary: x}\n  aNav: {kind: navigation, root: a}\n  a: {}\n  x: {}\n  b: {}\n", path: "n.yaml")
        let flat = try ReviewFiles.model(text: "format: 1\nname: N\ninitial: tabs\nscenes:\n  tabs: {kind: tabBar, tabs: [a, b]}\n  a: {}\n  x: {}\n  b: {}\n", path: "n.yaml")
        #expect(ModelDiff(base: flat, head: nested).containment.map(\.description) == ["tab 1: a embedded in split view controller sp"])
        #expect(ModelDiff(base: nested, head: flat).containment.map(\.description) == ["tab 1: a taken out of split view controller sp"])
    }

    /// A flow of the head that still taps a segue the change renamed (a storyboard segue whose made-up name follows its
    /// kind): its error says the new name, right after the old one.
    @Test func aFlowErrorNamingARenamedSegueSaysItsNewName() throws {
        let text = "format: 1\nname: R\ninitial: nav\nscenes:\n  nav: {kind: navigation, root: list}\n  list:\n    segues:\n      %@: {kind: show, to: detail, trigger: Row}\n  detail: {}\nflows:\n  f:\n    steps:\n      - tap: list.show-detail\n"
        let base = try ReviewFiles.model(text: text.replacingOccurrences(of: "%@", with: "show-detail"), path: "r.yaml")
        let loaded = ModelLoader().load(text: text.replacingOccurrences(of: "%@", with: "openDetail"), path: "r.yaml")
        let head = try #require(loaded.flowErrorsOnly)
        let errors = loaded.diagnostics.filter(\.isError).map { "\($0.location): \($0.message)" }
        let report = DiffReport(base: base, head: head, options: .init(baseLabel: "b", headLabel: "h", headErrors: errors))
        #expect(report.options.headErrors.count == 1)
        #expect(report.options.headErrors.first?.contains("scene 'list' has no segue 'show-detail' (this change renamed 'show-detail' to 'openDetail');") == true,
                "\(report.options.headErrors)")
    }

    /// A storyboard file renamed in the pull request (`Kitchen.storyboard` → `Pantry.storyboard`) holds the same
    /// objects under ids that start with its new name: its scenes are renamed, its segues the same, nothing removed
    /// or added; a new storyboard that shares none of the removed one's objects is not taken for it.
    @Test func aRenamedStoryboardFileRenamesItsScenes() throws {
        func model(_ scenes: String) throws -> SceneModel {
            try ReviewFiles.model(text: "format: 1\nname: K\ninitial: main\nscenes:\n  main: {segues: {open: {kind: present, to: \(scenes.contains("Pantry.") ? "Pantry" : "Kitchen").Sink}}}\n" + scenes, path: "k.yaml")
        }
        func scenes(_ storyboard: String, objects: (String, String)) -> String {
            """
              \(storyboard).Sink: {origin: {storyboard: \(storyboard), objectID: \(objects.0)}, segues: {Ask: {kind: present, to: \(storyboard).Asker, trigger: Add}}}
              \(storyboard).Asker: {title: Ask, origin: {storyboard: \(storyboard), objectID: \(objects.1)}}

            """
        }
        let base = try model(scenes("Kitchen", objects: ("K1", "K2")))
        let renamed = ModelDiff(base: base, head: try model(scenes("Pantry", objects: ("K1", "K2"))))
        #expect(renamed.scenes.map { "\($0.change) \($0.oldID ?? "") → \($0.id)" }.sorted() == [
            "renamed Kitchen.Asker → Pantry.Asker", "renamed Kitchen.Sink → Pantry.Sink",
        ])
        #expect(renamed.segues.filter { $0.change == .added || $0.change == .removed }.isEmpty, "\(renamed.segues)")
        // The reports say it once, as the storyboard's rename, and draw its scenes as unchanged.
        #expect(renamed.storyboards == [.init(old: "Kitchen", new: "Pantry", scenes: 2)])
        #expect(renamed.scenes.allSatisfy { $0.withStoryboard })
        let renamedHead = try model(scenes("Pantry", objects: ("K1", "K2")))
        let report = DiffReport(diff: renamed, graph: DiffGraph(diff: renamed, base: base, head: renamedHead, context: 0),
                                options: .init(baseLabel: "b", headLabel: "h"))
        let text = report.text()
        #expect(report.summary == "1 storyboard renamed", "\(report.summary)")
        #expect(text.contains("storyboards\n  > Pantry: renamed from Kitchen, its 2 scenes renamed with it\n"), "\(text)")
        #expect(!text.contains("\nscenes\n"), "\(text)")
        #expect(report.markdown().contains("| renamed | `Pantry` | renamed from Kitchen, its 2 scenes renamed with it |"))
        #expect(report.graph.nodes.filter { $0.id.hasPrefix("Pantry.") }.allSatisfy { $0.status == .unchanged && $0.details.isEmpty })
        // A scene renamed with another change is counted as such, as its row shows it: a rename with what else changed.
        let retitled = try model(scenes("Pantry", objects: ("K1", "K2")).replacingOccurrences(of: "title: Ask", with: "title: Question"))
        let retitledDiff = ModelDiff(base: base, head: retitled)
        let summary = DiffReport(diff: retitledDiff, graph: DiffGraph(diff: retitledDiff, base: base, head: retitled, context: 0),
                                 options: .init(baseLabel: "b", headLabel: "h")).summary
        #expect(summary == "1 storyboard renamed, 1 scene renamed and changed", "\(summary)")
        // One scene moved to another storyboard keeps its object id: renamed, even with a segue added on the way.
        let moved = try model("""
              Kitchen.Sink: {origin: {storyboard: Kitchen, objectID: K1}, segues: {Ask: {kind: present, to: About.Asker, trigger: Add}}}
              About.Asker: {title: Ask, origin: {storyboard: About, objectID: K2}, segues: {back: {kind: present, to: Kitchen.Sink}}}

            """)
        let movedDiff = ModelDiff(base: base, head: moved)
        #expect(movedDiff.scenes.map { "\($0.change) \($0.oldID ?? "") → \($0.id)" } == ["renamed Kitchen.Asker → About.Asker"], "\(movedDiff.scenes)")
        #expect(movedDiff.segues.map { "\($0.change) \($0.id)" } == ["added About.Asker.back"], "\(movedDiff.segues)")
        let other = ModelDiff(base: base, head: try model(scenes("Pantry", objects: ("P1", "P2"))))
        #expect(other.scenes.filter { $0.change == .renamed }.map(\.id) == ["Pantry.Asker"], "paired by its content alone: \(other.scenes)")
        #expect(other.scenes.contains { $0.change == .removed && $0.id == "Kitchen.Sink" })
    }

    /// Deleting the first of three scenes named after their place shifts the others' names: the removed one is drawn
    /// and named apart from the scene that now has its name, a segue removed with it is listed under its scene's
    /// head name with its trigger, and renames that change what a segue does count as changes in the summary.
    @Test func aRemovedSceneWhoseNameTheHeadGivesToAnotherStaysApart() throws {
        func model(_ scenes: String) throws -> SceneModel {
            try ReviewFiles.model(text: "format: 1\nname: P\ninitial: menu\nscenes:\n" + scenes, path: "p.yaml")
        }
        func origin(_ id: String) -> String { "origin: {storyboard: Main, objectID: \(id)}" }
        let base = try model("""
              menu: {\(origin("M")), segues: {one: {kind: present, to: Presented, trigger: Row 1}, two: {kind: present, to: Presented-2, trigger: Row 2}}}
              Presented: {\(origin("A"))}
              Presented-2: {\(origin("B"))}
              old: {\(origin("O")), segues: {back: {kind: present, to: menu, trigger: Back}}}

            """)
        let head = try model("""
              menu: {\(origin("M")), segues: {two: {kind: present, to: Presented, trigger: Row 2}}}
              Presented: {\(origin("B"))}
              renamed: {\(origin("O")), segues: {back: {kind: show, to: menu, trigger: Back}}}

            """)
        let diff = ModelDiff(base: base, head: head)
        #expect(diff.headName(ofBase: "Presented") == "Presented (before)")
        #expect(diff.headName(ofBase: "Presented-2") == "Presented")
        let removedScene = try #require(diff.scenes.first { $0.change == .removed })
        #expect(removedScene.id == "Presented (before)" && removedScene.oldID == "Presented")
        // Base findings about the removed scene keep it apart too (`check --git` matches findings by their text).
        #expect(IdentifierRenaming(diff: diff).text("scene 'Presented' has no way back") == "scene 'Presented (before)' has no way back")
        let removed = try #require(diff.segues.first { $0.change == .removed })
        #expect(removed.id == "menu.one" && removed.target == "Presented (before)")
        #expect(removed.properties.map { "\($0.key): \($0.old ?? "")" } == ["trigger: Row 1"])
        let graph = DiffGraph(diff: diff, base: base, head: head, context: 0)
        #expect(Set(graph.nodes.map(\.id)).count == graph.nodes.count, "every node id once: \(graph.nodes.map(\.id))")
        #expect(graph.nodes.contains { $0.id == "Presented (before)" && $0.status == .removed })
        #expect(graph.edges.filter { $0.from == "menu" && $0.to == "Presented (before)" }.map(\.status) == [.removed])
        let dot = String(decoding: DOTWriter.linkedBytes(graph.dotGraph()).bytes, as: UTF8.self)
        #expect(dot.contains("id=\"scene-Presented-before\"") && !dot.contains("id=\"scene-Presented (before)"), "SVG ids hold no spaces")
        // A flow left as it was is not "edited", though the name it uses now means another scene.
        let flows = "flows:\n  f:\n    steps:\n      - present: Presented\n"
        let flowBase = try model("  menu: {\(origin("M"))}\n  Presented: {\(origin("A"))}\n  Presented-2: {\(origin("B"))}\n" + flows)
        let flowHead = try model("  menu: {\(origin("M"))}\n  Presented: {\(origin("B"))}\n" + flows)
        #expect(ModelDiff(base: flowBase, head: flowHead).flows.allSatisfy { $0.definition.isEmpty })
        // `old.back` is now `renamed.back` and a show: renamed with its scene, and changed.
        let report = DiffReport(diff: diff, graph: graph, options: .init(baseLabel: "b", headLabel: "h"))
        #expect(report.summary.contains("segue changed") && !report.summary.contains("segue renamed"), "\(report.summary)")
    }

    /// A scene renamed and retitled, or renamed with its segues changed, is one scene renamed and changed: by its
    /// content without its words, else by its own class; look-alikes, UIKit's classes and scenes of words alone
    /// stay removed and added.
    @Test func aSceneRenamedAndEditedIsStillARename() throws {
        func model(_ scenes: String) throws -> SceneModel {
            try ReviewFiles.model(text: "format: 1\nname: P\ninitial: nav\nscenes:\n  nav: {kind: navigation, root: home}\n" + scenes, path: "p.yaml")
        }
        let base = try model("""
              home: {unwindActions: [unwindToHome], segues: {info: {kind: show, to: infoPanel, trigger: Info}, sync: {kind: show, to: syncer, trigger: Sync}, a: {kind: show, to: twinA, trigger: A}, b: {kind: show, to: twinB, trigger: B}, n: {kind: show, to: notes, trigger: Notes}}}
              infoPanel: {class: InfoViewController, title: Info, segues: {done: {kind: present, to: home, trigger: Done}}}
              syncer: {class: SyncViewController, title: Sync}
              twinA: {class: TwinViewController}
              twinB: {class: TwinViewController}
              notes: {title: Notes}
              legacy: {kind: table, class: UITableViewController, title: Legacy}
              terms: {title: Terms, segues: {close: {kind: unwind, action: unwindToHome, trigger: Close}}}

            """)
        let head = try model("""
              home: {unwindActions: [unwindToHome], segues: {info: {kind: show, to: syncStatus, trigger: Info}, sync: {kind: show, to: syncing, trigger: Sync}, a: {kind: show, to: pairA, trigger: A}, b: {kind: show, to: pairB, trigger: B}, n: {kind: show, to: jottings, trigger: Notes}}}
              syncStatus: {class: InfoViewController, title: Sync status, segues: {done: {kind: present, to: home, trigger: Done}}}
              syncing: {class: SyncViewController, title: Syncing, segues: {log: {kind: show, to: home, trigger: Log}}}
              pairA: {class: TwinViewController, title: A}
              pairB: {class: TwinViewController, title: B}
              jottings: {title: Jottings}
              favourites: {kind: table, class: UITableViewController, title: Favourites}
              privacy: {title: Privacy, segues: {close: {kind: unwind, action: unwindToHome, trigger: Close}}}

            """)
        let diff = ModelDiff(base: base, head: head)
        let renamed = Dictionary(uniqueKeysWithValues: diff.scenes.filter { $0.change == .renamed }.map { ($0.oldID ?? "", $0.id) })
        #expect(renamed == ["infoPanel": "syncStatus", "syncer": "syncing"], "\(diff.scenes.map { "\($0.change) \($0.id)" })")
        #expect(Set(diff.scenes.filter { $0.change == .removed }.map(\.id)) == ["twinA", "twinB", "notes", "legacy", "terms"])
        #expect(Set(diff.scenes.filter { $0.change == .added }.map(\.id)) == ["pairA", "pairB", "jottings", "favourites", "privacy"])
        let info = try #require(diff.scenes.first { $0.id == "syncStatus" })
        #expect(info.properties.map { "\($0.key): \($0.old ?? "") → \($0.new ?? "")" } == ["title: Info → Sync status"])
        // The segues that lead to them are changed in their target's name only: no change.
        #expect(!diff.segues.contains { $0.id == "home.info" || $0.id == "home.sync" }, "\(diff.segues.map(\.id))")
    }

    /// An unwind action renamed in the scene it returns to leaves the unwind segues naming it reaching nothing:
    /// their rows say so, though their own keys did not change.
    @Test func anUnwindThatNoLongerReachesItsSceneSaysSo() throws {
        func model(_ actions: String) throws -> SceneModel {
            try ReviewFiles.model(text: """
                format: 1
                name: U
                initial: nav
                scenes:
                  nav: {kind: navigation, root: camera}
                  camera: {unwindActions: [\(actions)], segues: {pick: {kind: present, to: picker, trigger: Pick}}}
                  picker: {segues: {cancel: {kind: unwind, action: unwindToCamera, trigger: Cancel}, done: {kind: unwind, action: unwindToCamera, trigger: Done}}}
                  other: {unwindActions: [unwindToOther]}
                """, path: "u.yaml")
        }
        let base = try model("unwindToCamera")
        let rows = { (head: SceneModel) in
            ModelDiff(base: base, head: head).segues.filter { $0.change == .changed }
                .map { "\($0.id): " + $0.properties.map { "\($0.key): \($0.old ?? "") → \($0.new ?? "")" }.joined(separator: "; ") }
        }
        #expect(try rows(model("unwindToViewfinder")) == ["picker.cancel: unwinds to: camera → nothing (no scene implements the action)",
                                                          "picker.done: unwinds to: camera → nothing (no scene implements the action)"])
        // An action the scene keeps beside a new one: the segues reach it as before.
        #expect(try rows(model("unwindToCamera, unwindToViewfinder")).isEmpty)
    }

    /// A scene renamed is the same scene in UIKit's own warnings too: `<AboutViewController: about>` before reads
    /// `<AboutViewController: aboutScreen>` after, so the flow that warns about it behaves the same.
    @Test func aRenameReachesUIKitsDescriptionsInWarnings() throws {
        let text = try String(contentsOfFile: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos.yaml").path, encoding: .utf8)
        let renamed = text.replacingOccurrences(of: #"\babout\b"#, with: "aboutScreen", options: .regularExpression)
        let report = DiffReport(base: try ReviewFiles.model(text: text, path: "Photos.yaml"), head: try ReviewFiles.model(text: renamed, path: "Photos.yaml"),
                                options: .init(baseLabel: "before", headLabel: "after"))
        #expect(report.diff.scenes.map { "\($0.id) \($0.change)" } == ["aboutScreen renamed"])
        #expect(report.diff.flows.isEmpty, "\(report.diff.flows.map(\.id))")
    }

    /// A reviewer sees first which flows a change breaks or mends.
    @Test func theSummaryLeadsWithFlowsThatNowFailOrPass() throws {
        func model(root: String) throws -> SceneModel {
            try ReviewFiles.model(text: """
                format: 1
                name: T
                initial: nav
                scenes:
                  nav: {kind: navigation, root: \(root)}
                  home:
                    segues:
                      open: {kind: show, to: detail, trigger: Open}
                  detail: {storyboardID: Detail}
                flows:
                  opens:
                    steps:
                      - tap: home.open
                      - expect: {visible: detail}
                  starts-on-detail:
                    steps:
                      - expect: {visible: detail}
                  launches:
                    steps:
                      - note: launch only
                \(root == "detail" ? "  added:\n    steps:\n      - expect: {visible: home}\n" : "")
                """)
        }
        let (home, detail) = (try model(root: "home"), try model(root: "detail"))
        let breaking = DiffReport(base: home, head: detail)
        #expect(breaking.summary.hasPrefix("1 flow now fails, 1 flow now passes, "), "\(breaking.summary)")
        // The flows counted as failing or passing now are not counted again among those that behave differently; a
        // flow the base does not have is added, not "now failing", and says whether it fails.
        #expect(breaking.summary.hasSuffix(", 1 flow added (it fails), 1 other flow behaves differently"), "\(breaking.summary)")
        // Its row says why, as `check` would.
        let added = try #require(breaking.diff.flows.first { $0.id == "added" })
        #expect(breaking.flowText(added) == "new flow (failed): step 1: visible: expected home, actual detail", "\(breaking.flowText(added))")
        let mending = DiffReport(base: detail, head: home)
        #expect(mending.summary.hasPrefix("1 flow now fails, 1 flow now passes, "), "\(mending.summary)")
    }

    /// An expectation's step has no effect to show on either side: the comment has no row of empty cells for it.
    @Test func theCommentShowsNoEmptyEffectRow() throws {
        let photos = try ReviewFiles.model(text: String(contentsOf: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos.yaml"), encoding: .utf8), path: "Photos.yaml")
        let proposed = try ReviewFiles.model(text: String(contentsOf: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos-proposed.yaml"), encoding: .utf8), path: "Photos-proposed.yaml")
        let markdown = DiffReport(base: photos, head: proposed).markdown()
        // The base's side of an expectation is under the head's names, as the rest of its side.
        var trace = try #require(DiffReport(base: photos, head: proposed).diff.flows.compactMap(\.trace).first)
        let flow = try #require(try ReviewFiles.model(text: "format: 1\nname: E\ninitial: a\nscenes:\n  a: {}\n  recipe: {}\nflows:\n  f:\n    steps:\n      - expect: {visible: recipe}\n", path: "E.yaml").flows.first)
        let side = TraceDiff.StepSide(index: 1, action: "expect", effect: "", events: [], warnings: [], problems: [], state: "")
        trace.steps = [TraceDiff.StepDifference(index: 1, base: side, head: side)]
        let named = trace.namingExpectations(base: flow, head: flow, renaming: { $0.replacingOccurrences(of: "recipe", with: "dish") })
        #expect(named.steps.first?.base?.action == "expect: visible dish" && named.steps.first?.head?.action == "expect: visible recipe")
        // An expectation says what it checks: a trace writes each as `expect`.
        #expect(markdown.contains("| step | expect: visible about; chain \\[tabs, settingsNav\\]; settingsNav stack \\[settings, about\\]; settingsNav as formSheet | expect: visible about;"))
        #expect(!markdown.contains("| effect |  |  |"))
        #expect(markdown.contains("| effect | library presents settingsNav as formSheet on tabs"))
    }

    /// A pull request that adds a storyboard: the stand-ins for references into it are said to resolve, not listed
    /// as scenes of the app removed or changed, and a reference that does not resolve is named as a stand-in.
    @Test func standInScenesAreNamedAsStandIns() throws {
        let folder = ReviewFiles.packageDirectory.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards")
        let main = folder.appendingPathComponent("Main.storyboard").path, settings = folder.appendingPathComponent("Settings.storyboard").path
        let base = try #require(ModelLoader().load(storyboards: [main]).model)
        let head = try #require(ModelLoader().load(storyboards: [main, settings]).model)
        let report = DiffReport(base: base, head: head)
        let scenes = Dictionary(report.diff.scenes.map { ($0.id, report.sceneText($0)) }, uniquingKeysWith: { a, _ in a })
        #expect(scenes["Settings.initial"] == "stand-in for the initial view controller of Settings.storyboard removed: the reference resolves, or is gone")
        #expect(scenes["Settings.Account"] == "was a stand-in for view controller 'Account' of Settings.storyboard; the reference resolves now; class: (none) → AccountViewController")
        #expect(scenes["Nope"] == "stand-in for view controller 'Nope' of Main.storyboard, a storyboard reference that does not resolve")
        #expect(report.json().contains("\"standsInFor\": \"view controller 'Nope' of Main.storyboard\""))
    }

    /// Events are shown as hunks around their changes: a change after many unchanged events (a tab added at
    /// launch, after every other tab's callbacks) is shown, the unchanged lines between hunks are counted, and a
    /// cut diff says how many of the lines left out changed.
    @Test func eventDiffsShowTheChangesNotTheirFirstLines() {
        let before = (1...40).map { "e\($0)" }
        var after = before
        after.insert("new: init(coder:)", at: 30)
        after.remove(at: 5)
        let lines = EventDiff.lines(before: before, after: after, limit: 24)
        #expect(lines == ["  e1", "  e2", "  e3", "  e4", "  e5", "- e6", "  e7", "  e8", "  e9", "  … 18 unchanged",
                          "  e28", "  e29", "  e30", "+ new: init(coder:)", "  e31", "  e32", "  e33", "  … 7 unchanged"])
        // One or two unchanged lines between hunks are shown, not counted.
        #expect(EventDiff.lines(before: ["a", "b", "c", "d", "e", "f", "g", "h", "i"], after: ["a", "x", "c", "d", "e", "f", "g", "h", "y"],
                                limit: 24) == ["  a", "- b", "+ x", "  c", "  d", "  e", "  f", "  g", "  h", "- i", "+ y"])
        // Long lists that share their start and end (a launch with a tab added) are paired outside the middle,
        // without a table of every pair; a middle past the table's limit is written removed, then added.
        let launch = (1...8_000).map { "e\($0)" }
        var withTab = launch
        withTab.insert(contentsOf: ["tab: init(coder:)", "tab: awakeFromNib()"], at: 4_000)
        #expect(EventDiff.full(before: launch, after: withTab).filter { $0.hasPrefix("+ ") } == ["+ tab: init(coder:)", "+ tab: awakeFromNib()"])
        let different = EventDiff.full(before: (1...3_000).map { "old\($0)" }, after: (1...3_000).map { "new\($0)" })
        #expect(different.count == 6_000 && different.first == "- old1" && different.last == "+ new3000")
        let cut = EventDiff.lines(before: (1...60).map { "b\($0)" }, after: (1...60).map { "a\($0)" }, limit: 24)
        // A long run of changes (a reorder) shows the first removed and the first added lines, not removed ones only.
        #expect(cut == (1...10).map { "- b\($0)" } + ["- … 50 more removed"] + (1...10).map { "+ a\($0)" } + ["+ … 50 more added"])
        // Many runs past the limit are cut, with a count of what is left out and how much of it changed.
        let runs = EventDiff.lines(before: (1...40).flatMap { ["same\($0)", "old\($0)"] }, after: (1...40).flatMap { ["same\($0)", "new\($0)"] }, limit: 24)
        #expect(runs.count == 25 && runs.last?.hasSuffix(" of them changed") == true, "\(runs)")
    }

    /// Steps pair by their text, as lines do in a text diff.
    @Test func stepsPairByTheirText() {
        #expect(TraceDiff.pairs(["a", "b", "c"], ["a", "x", "b", "c"]).map { "\($0.0.map(String.init) ?? "-")\($0.1.map(String.init) ?? "-")" }
                == ["00", "-1", "12", "23"])
        #expect(TraceDiff.pairs(["a", "b", "c"], ["a", "y", "c"]).map { "\($0.0.map(String.init) ?? "-")\($0.1.map(String.init) ?? "-")" }
                == ["00", "11", "22"])
        #expect(TraceDiff.pairs(["a", "b", "c", "d"], ["a", "d"]).map { "\($0.0.map(String.init) ?? "-")\($0.1.map(String.init) ?? "-")" }
                == ["00", "1-", "2-", "31"])
        #expect(TraceDiff.pairs([], ["a"]).count == 1)
    }

    /// Assertions added, notes reworded or removed: the flow is edited, its behaviour the same. A step inserted
    /// that does something differs alone, not with every step after it.
    @Test func aStepAddedOrRemovedLeavesTheOthersPaired() throws {
        let text = try String(contentsOf: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos.yaml"), encoding: .utf8)
        let flowStart = "  browse-photos:\n    summary: Open a photo from the library and go back.\n    steps:\n"
        #expect(text.contains(flowStart + "      - tap: library.showPhoto\n"))
        // Each inserted before the flow's first step, with the library on screen.
        func diff(inserting step: String) throws -> ModelDiff.FlowChange? {
            let base = try ReviewFiles.model(text: text, path: "Photos.yaml")
            let head = try ReviewFiles.model(text: text.replacingOccurrences(of: flowStart, with: flowStart + step), path: "Photos.yaml")
            return ModelDiff(base: base, head: head).flows.first { $0.id == "browse-photos" }
        }
        for same in ["      - expect: {visible: library}\n", "      - note: the library is open\n"] {
            let change = try #require(try diff(inserting: same))
            #expect(!change.behavesDifferently, "\(same)")
            #expect(change.definition == ["steps"])
        }
        let failing = try #require(try diff(inserting: "      - expect: {visible: photo}\n")?.trace)
        #expect(failing.differingStepCount == 1 && failing.headResult == .failed)
        #expect(failing.steps.first?.base == nil && failing.steps.first?.head?.problems.isEmpty == false)
        #expect(failing.steps.first?.label == "step 1 (after only)")
        func side(_ index: Int) -> TraceDiff.StepSide {
            TraceDiff.StepSide(index: index, action: "back", effect: "", events: [], warnings: [], problems: [], state: "")
        }
        #expect(TraceDiff.StepDifference(index: 3, base: side(3), head: side(4)).label == "step 3 → 4")
        #expect(TraceDiff.StepDifference(index: 3, base: side(3), head: side(3)).label == "step 3")
        #expect(TraceDiff.StepDifference(index: 3, base: side(3), head: nil).label == "step 3 (before only)")
        #expect(TraceDiff.StepDifference(index: 5, base: side(5), head: nil, headStoppedAt: 3).label == "step 5 (not run after: the flow stops at step 3)")
        #expect(TraceDiff.StepDifference(index: 5, base: nil, head: side(5), baseStoppedAt: 3).label == "step 5 (not run before: the flow stopped at step 3)")
        // A flow that now stops at an earlier step did not run the later ones: not run, not missing.
        let stopped = try #require(try diff(inserting: "      - swipeDown\n")?.trace)
        #expect(stopped.headResult == .error)
        #expect(stopped.steps.contains { $0.head == nil && $0.headStoppedAt == 1 && $0.label.hasSuffix("(not run after: the flow stops at step 1)") }, "\(stopped.steps.map(\.label))")
        // A step that does something (here, sets a condition): it differs alone; every later step keeps its pair.
        let set = try #require(try diff(inserting: "      - set: {recipeValid: true}\n")?.trace)
        #expect(set.differingStepCount == 1, "\(set.steps.map(\.index))")
        #expect(set.steps.first?.base == nil && set.steps.first?.head?.action == "set: {recipeValid: true}")
    }

    /// The model's environment changed: said once, in the model's row; a flow is edited only when its own
    /// `environment:` is, and one that behaves otherwise in the new environment shows it in its trace.
    @Test func anEnvironmentChangeOfTheModelEditsNoFlow() throws {
        let text = try String(contentsOf: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos.yaml"), encoding: .utf8)
        #expect(text.contains("  ios: 17\n") && text.contains("environment: {ios: 12}"))
        let base = try ReviewFiles.model(text: text, path: "Photos.yaml")
        let inherited = ModelDiff(base: base, head: try ReviewFiles.model(text: text.replacingOccurrences(of: "  ios: 17\n", with: "  ios: 15\n"), path: "Photos.yaml"))
        #expect(inherited.flows.isEmpty, "\(inherited.flows.map { "\($0.id): \($0.definition)" })")
        let own = ModelDiff(base: base, head: try ReviewFiles.model(text: text.replacingOccurrences(of: "environment: {ios: 12}", with: "environment: {ios: 13}"), path: "Photos.yaml"))
        #expect(own.flows.count == 1 && own.flows.first?.definition == ["environment"] && own.flows.first?.behavesDifferently == true)
    }

    /// The app's summary is compared as Markdown reads it: a new text is a change of the model, shown on one line;
    /// the same words wrapped otherwise are none. A scene's summary likewise.
    @Test func summariesAreComparedAsTheyRead() throws {
        let text = try String(contentsOf: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos.yaml"), encoding: .utf8)
        let wrapped = "a small recipe book and\n  albums"
        #expect(text.contains(wrapped))
        let base = try ReviewFiles.model(text: text, path: "Photos.yaml")
        let rewrapped = ModelDiff(base: base, head: try ReviewFiles.model(text: text.replacingOccurrences(of: wrapped, with: "a small recipe book\n  and  albums"), path: "Photos.yaml"))
        #expect(rewrapped.model.isEmpty)
        let edited = ModelDiff(base: base, head: try ReviewFiles.model(text: text.replacingOccurrences(of: wrapped, with: "a small cookbook and\n  albums"), path: "Photos.yaml"))
        let change = try #require(edited.model.first)
        #expect(edited.model.count == 1 && change.key == "summary")
        #expect(change.text.hasPrefix("summary: A photo library, a camera that tags people in photos, a small recipe book and albums in a split view.") && !change.text.contains("\n"))
        let scene = ModelDiff.PropertyChange(key: "summary", old: "One\n  two", new: "One two three")
        #expect(scene.text == "summary: One two → One two three")
        // Paragraphs stay apart: a text split in two is a change.
        #expect(ModelDiff.PropertyChange.oneLine("One\ntwo\n\n  Three\n") == "One two ¶ Three")
        // A scene's, a segue's and a flow's summary, rewrapped: no change; reworded: one.
        let sceneText = "format: 1\nname: S\ninitial: a\nscenes:\n  a:\n    summary: |\n      The first\n      scene.\n    segues:\n      go:\n        kind: present\n        to: b\n        trigger: Go\n        summary: |\n          Opens\n          b.\n  b: {}\nflows:\n  f:\n    summary: |\n      Goes\n      to b.\n    steps:\n      - tap: a.go\n"
        let sceneBase = try ReviewFiles.model(text: sceneText, path: "S.yaml")
        let unwrapped = sceneText.replacingOccurrences(of: "The first\n      scene.", with: "The first scene.")
            .replacingOccurrences(of: "Opens\n          b.", with: "Opens b.").replacingOccurrences(of: "Goes\n      to b.", with: "Goes to b.")
        let same = ModelDiff(base: sceneBase, head: try ReviewFiles.model(text: unwrapped, path: "S.yaml"))
        #expect(same.scenes.isEmpty && same.segues.isEmpty && same.flows.isEmpty, "\(same.scenes) \(same.segues) \(same.flows)")
        let reworded = ModelDiff(base: sceneBase, head: try ReviewFiles.model(text: unwrapped.replacingOccurrences(of: "The first scene.", with: "The start."), path: "S.yaml"))
        #expect(reworded.scenes.map { $0.properties.map(\.text) } == [["summary: The first scene. → The start."]])
    }

    @Test func flowsAddedRemovedAndBehavingDifferently() throws {
        let (_, _, report) = try Self.shop()
        let flows = Dictionary(report.diff.flows.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(flows["open-wishlist"]?.change == .added)
        #expect(flows["see-promo"]?.change == .removed)
        // A sheet became full screen: swipeDown can no longer happen, so the result changes.
        let buy = try #require(flows["buy-item"]?.trace)
        #expect(buy.baseResult == .passed && buy.headResult == .error && buy.resultChanged)
        // The cart tab's root was replaced: the trace changes, the result does not.
        let cart = try #require(flows["open-cart"]?.trace)
        #expect(!cart.resultChanged && cart.headResult == .passed)
        let step = try #require(cart.steps.first { $0.index == 1 })
        #expect(step.base?.events.contains("cart: viewDidLoad()") == true)
        #expect(step.head?.events.contains("basket: viewDidLoad()") == true)
        #expect(report.summary.hasPrefix("1 flow now fails, "))
        #expect(report.summary.hasSuffix(", 1 other flow behaves differently"), "\(report.summary)")
    }

    /// A flow under a new name with the same steps is renamed, not removed and added; its behaviour is compared.
    @Test func aRenamedFlowIsComparedWithItsOldSelf() throws {
        let text = try String(contentsOf: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos.yaml"), encoding: .utf8)
        let renamedText = text.replacingOccurrences(of: "  browse-photos:\n    summary: Open a photo from the library and go back.\n",
                                                    with: "  open-and-close-photo:\n    summary: Open a photo, then go back.\n")
        #expect(renamedText != text)
        let base = try ReviewFiles.model(text: text, path: "Photos.yaml")
        let renamed = DiffReport(base: base, head: try ReviewFiles.model(text: renamedText, path: "Photos.yaml"))
        let change = try #require(renamed.diff.flows.first)
        #expect(renamed.diff.flows.count == 1)
        #expect(change.change == .renamed && change.id == "open-and-close-photo" && change.oldID == "browse-photos")
        #expect(!change.behavesDifferently && change.definition == ["summary"])
        #expect(renamed.summary == "1 flow renamed")
        #expect(renamed.text().contains("open-and-close-photo: renamed from browse-photos; same behaviour; edited: summary"), "\(renamed.text())")
        #expect(renamed.json().contains("\"flow\": \"open-and-close-photo\", \"oldID\": \"browse-photos\""))
        // Renamed with a step added: nothing says it is the same flow, so it is removed and added.
        let moved = renamedText.replacingOccurrences(of: "      - tap: library.showPhoto\n", with: "      - tap: library.showPhoto\n      - back\n")
        let edited = DiffReport(base: base, head: try ReviewFiles.model(text: moved, path: "Photos.yaml"))
        let ends = edited.diff.flows.filter { ["browse-photos", "open-and-close-photo"].contains($0.id) }
        #expect(ends.map(\.change) == [.added, .removed], "other steps: not a rename")
    }

    /// Storyboards in two folders take their names from the folders: not a change of the app's name.
    @Test func aNameMadeUpFromFoldersIsNotCompared() throws {
        let storyboard = ReviewFiles.packageDirectory.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards/Settings.storyboard")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("derived-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var models: [SceneModel] = []
        for folder in ["before", "after"] {
            let directory = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: storyboard, to: directory.appendingPathComponent("Settings.storyboard"))
            models.append(try #require(ModelLoader().load(storyboards: [directory.appendingPathComponent("Settings.storyboard").path]).model))
        }
        #expect(models[0].name == "before" && models[1].name == "after" && models[1].nameIsDerived)
        let report = DiffReport(base: models[0], head: models[1])
        #expect(report.diff.isEmpty, "\(report.text())")
        #expect(report.graph.title == "after — navigation changes")
        // A name given is compared.
        let named = try #require(ModelLoader().load(storyboards: [root.appendingPathComponent("after/Settings.storyboard").path], name: "Renamed").model)
        #expect(!named.nameIsDerived)
        #expect(ModelDiff(base: try #require(ModelLoader().load(storyboards: [root.appendingPathComponent("before/Settings.storyboard").path], name: "Settings").model),
                          head: named).model.map(\.key) == ["name"])
    }

    /// The Settings storyboard fixture, and models loaded from edited copies of it, each in a folder of its own
    /// under a temporary one.
    struct SettingsCopies {
        let text: String
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("settings-copies-\(UUID().uuidString)")

        init() throws {
            let storyboard = ReviewFiles.packageDirectory.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards/Settings.storyboard")
            text = try String(contentsOf: storyboard, encoding: .utf8)
        }

        func model(_ folder: String, _ text: String) throws -> SceneModel {
            let directory = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("Settings.storyboard").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return try #require(ModelLoader().load(storyboards: [path], name: "Settings").model)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    /// A storyboard segue without an identifier gets one made of its kind and destination: a new kind renames it,
    /// but it is the same `<segue>` object, so the diff says what changed instead of a segue removed and one added.
    @Test func aStoryboardSegueIsMatchedByItsObject() throws {
        let copies = try SettingsCopies()
        defer { copies.remove() }
        let text = copies.text
        func model(_ folder: String, _ text: String) throws -> SceneModel { try copies.model(folder, text) }
        let base = try model("base", text)
        let unnamed = #"<segue destination="ACC-10-001" kind="show" id="sg1-10-001"/>"#
        #expect(text.contains(unnamed))
        let presented = try model("kind", text.replacingOccurrences(of: unnamed, with: #"<segue destination="ACC-10-001" kind="presentation" modalPresentationStyle="formSheet" id="sg1-10-001"/>"#))
        let diff = ModelDiff(base: base, head: presented)
        #expect(diff.segues.map(\.change) == [.renamed], "\(DiffReport(base: base, head: presented).text())")
        let change = try #require(diff.segues.first)
        #expect(change.oldID == "settings_root.show-Account" && change.id == "settings_root.present-Account", "\(change)")
        #expect(change.properties.map(\.text) == ["kind: show → present", "modalPresentationStyle: (none) → formSheet", "effect: pushed onto the navigation stack → presented modally"])
        #expect(DiffReport(base: base, head: presented).text().contains("present → Account, renamed from \(change.oldID ?? ""); kind: show → present; modalPresentationStyle: (none) → formSheet; effect: pushed onto the navigation stack → presented modally"))
        #expect(change.madeUpName)
        #expect(DiffReport(base: base, head: presented).text().contains("; no identifier in the storyboard: the name made up for it follows its kind, destination and trigger\n"))
        // A named segue's identifier edited: renamed, and the identifier the code compares said.
        let renamed = try model("identifier", text.replacingOccurrences(of: #"identifier="openLibrary""#, with: #"identifier="showLibrary""#))
        let scene = change.id.split(separator: ".").first ?? ""
        #expect(ModelDiff(base: base, head: renamed).segues.map { "\($0.change) \($0.oldID ?? "") \($0.id) \($0.properties.map(\.text))" }
                == ["renamed \(scene).openLibrary \(scene).showLibrary [\"identifier: openLibrary → showLibrary\"]"])
        // An identifier that is no identifier (`Show Library`): the string as written, once, not also as a label.
        let spaced = try model("spaced", text.replacingOccurrences(of: #"identifier="openLibrary""#, with: #"identifier="Show Library""#))
        let spacedChange = try #require(ModelDiff(base: base, head: spaced).segues.first)
        #expect(spacedChange.id == "\(scene).Show_Library" && spacedChange.properties.map(\.text) == ["identifier: openLibrary → Show Library"])
        #expect(DiffReport(base: base, head: spaced).text().contains("show → Main.Photo, renamed from \(scene).openLibrary; identifier: openLibrary → Show Library\n"),
                "\(DiffReport(base: base, head: spaced).text())")
    }

    /// An untouched storyboard segue renamed because another segue of its scene now shares its made-up name (both
    /// add their trigger) says why, since nothing of its own changed.
    @Test func aMadeUpNameChangedByAnotherSegueSaysSo() throws {
        let copies = try SettingsCopies()
        defer { copies.remove() }
        let text = copies.text
        func model(_ folder: String, _ text: String) throws -> SceneModel { try copies.model(folder, text) }
        let base = try model("base", text)
        let unnamed = #"<segue destination="ACC-10-001" kind="show" id="sg1-10-001"/>"#
        // A second show segue to the same destination, from another control of the scene: the two now share
        // `show-Account`, so each adds its trigger, and the first is renamed without any change of its own.
        let named = #"<segue destination="MRF-10-001" kind="show" identifier="openLibrary" id="sg1-10-002"/>"#
        #expect(text.contains(unnamed) && text.contains(named), "the fixture's segues")
        let head = try model("head", text.replacingOccurrences(of: named, with: #"<segue destination="ACC-10-001" kind="show" id="sg1-10-002"/>"#))
        let report = DiffReport(base: base, head: head)
        let untouched = try #require(report.diff.segues.first { $0.change == .renamed && $0.properties.isEmpty }, "\(report.text())")
        #expect(untouched.madeUpName)
        #expect(report.text().contains("no identifier in the storyboard: the name made up for it changed with its scene's other segues"), "\(report.text())")
    }

    /// Renaming in traces touches whole identifiers only: not prose in notes, not another storyboard's scene that
    /// starts with a renamed scene's id, and a lone '.' ends a sentence (it once looped forever).
    @Test func renamingTouchesIdentifiersOnly() {
        let renaming = IdentifierRenaming(segues: ["list.open": "list.openBook"], scenes: ["sheet": "modal", "Settings": "Prefs"],
                                          baseScenes: ["sheet", "Settings", "Settings.Account", "list"])
        #expect(renaming.text("a lone . and (details).") == "a lone . and (details).")
        #expect(renaming.text("sheet#2 shows, then sheet.") == "modal#2 shows, then modal.")
        #expect(renaming.identifier("Settings.Account") == "Settings.Account")
        #expect(renaming.identifier("Settings.close") == "Prefs.close")
        #expect(renaming.identifier("sheet#3") == "modal#3")
        #expect(renaming.action("note: the sheet shows.") == "note: the sheet shows.")
        #expect(renaming.action("tap: list.open") == "tap: list.openBook")
        #expect(renaming.quoted("'sheet' is not sheet") == "'modal' is not sheet")
    }

    /// A scene renamed is the same scene: a flow that does the same under the new name behaves the same, and one
    /// that now does something else still says so.
    @Test func flowsAreComparedUnderTheNewNames() throws {
        let baseText = """
            format: 1
            name: Renamed
            initial: nav
            scenes:
              nav: {kind: navigation, root: list}
              list:
                segues:
                  open: {kind: show, to: detail, trigger: Row cell selection}
                  sheet: {kind: present, to: detail, trigger: Info}
              detail: {title: Detail, class: DetailViewController}
            flows:
              browse:
                steps:
                  - tap: list.open
                  - expect: {visible: detail, stacks: {nav: [list, detail]}}
                  - back
                  - tap: list.sheet
                  - expect: {chain: [nav, detail#2]}
            """
        let base = try ReviewFiles.model(text: baseText)
        let renamedText = baseText.replacingOccurrences(of: "detail", with: "bookDetail").replacingOccurrences(of: "open:", with: "openBook:")
            .replacingOccurrences(of: "list.open", with: "list.openBook")
        let renamed = ModelDiff(base: base, head: try ReviewFiles.model(text: renamedText))
        #expect(renamed.scenes.map { "\($0.change) \($0.oldID ?? "") \($0.id)" } == ["renamed detail bookDetail"])
        #expect(renamed.segues.map(\.change) == [.renamed])
        #expect(renamed.flows.isEmpty && renamed.unchangedFlows == 1, "\(renamed.flows)")
        // The same rename with the flow now presenting full screen: that step differs, the others do not.
        let changed = ModelDiff(base: base, head: try ReviewFiles.model(text: renamedText.replacingOccurrences(of: "trigger: Info}", with: "trigger: Info, modalPresentationStyle: fullScreen}")))
        let trace = try #require(changed.flows.first?.trace)
        #expect(trace.differingStepCount == 1 && trace.steps.map(\.label) == ["step 4"], "\(trace.steps)")
    }

    /// An imported segue's label is its trigger: a new trigger is one change, not two; a label of its own is compared.
    @Test func aLabelThatIsTheTriggerIsReportedAsTheTrigger() throws {
        func model(_ segue: String) throws -> SceneModel {
            try ReviewFiles.model(text: """
                format: 1
                name: Labels
                initial: list
                scenes:
                  list:
                    segues:
                      \(segue)
                  detail: {}
                """)
        }
        let base = try model("show-detail: {kind: show, to: detail, trigger: Row cell selection, label: Row cell selection}")
        let retriggered = try model("show-detail: {kind: show, to: detail, trigger: Item cell selection, label: Item cell selection}")
        let segues = ModelDiff(base: base, head: retriggered).segues
        #expect(segues.map(\.id) == ["list.show-detail"])
        #expect(segues.first?.properties == [.init(key: "trigger", old: "Row cell selection", new: "Item cell selection")])
        let relabelled = try model("show-detail: {kind: show, to: detail, trigger: Row cell selection, label: Opens the row}")
        #expect(ModelDiff(base: base, head: relabelled).segues.first?.properties
                == [.init(key: "label", old: "Row cell selection", new: "Opens the row")])
        // The trigger edited by hand in an imported model: the label drawn did not change.
        let edited = try model("show-detail: {kind: show, to: detail, trigger: Item cell selection, label: Row cell selection}")
        #expect(ModelDiff(base: base, head: edited).segues.first?.properties
                == [.init(key: "trigger", old: "Row cell selection", new: "Item cell selection")])
        // A label made equal to the trigger, and a label that was the trigger removed: what the arrow says changed.
        let own = try model("show-detail: {kind: show, to: detail, trigger: Row cell selection, label: Go}")
        #expect(ModelDiff(base: own, head: base).segues.first?.properties == [.init(key: "label", old: "Go", new: "Row cell selection")])
        let unlabelled = try model("show-detail: {kind: show, to: detail, trigger: Row cell selection}")
        #expect(ModelDiff(base: base, head: unlabelled).segues.first?.properties == [.init(key: "label", old: "Row cell selection", new: nil)])
    }

    /// `check --git` compares findings by message: a segue or scene renamed since must not make its old finding new.
    @Test func findingsOfRenamedScenesAndSeguesStayKnown() throws {
        func findings(_ model: SceneModel, _ text: String) -> [Diagnostic] {
            CheckReport(model: model, loadDiagnostics: ModelLoader().load(text: text, path: "renames.yaml").diagnostics).findings
        }
        let baseText = """
            format: 1
            name: Renames
            initial: nav
            scenes:
              nav: {kind: navigation, root: list}
              list:
                segues:
                  openOld: {kind: push, to: detail, trigger: Row cell selection}
              detail: {title: Detail}
              orphan: {title: Orphan, class: OrphanViewController}
            """
        let headText = baseText.replacingOccurrences(of: "openOld", with: "openNew").replacingOccurrences(of: "orphan:", with: "stray:")
        let base = try ReviewFiles.model(text: baseText, path: "renames.yaml")
        let head = try ReviewFiles.model(text: headText, path: "renames.yaml")
        let diff = ModelDiff(base: base, head: head)
        #expect(diff.segues.map(\.change) == [.renamed] && diff.scenes.map(\.change) == [.renamed])
        let baseFindings = findings(base, baseText), headFindings = findings(head, headText)
        let quoted = headFindings.map(\.message).filter { $0.contains("'list.openNew'") || $0.contains("'stray'") }
        #expect(quoted.count == 2, "a deprecated-segue and an unreachable-scene finding name them: \(headFindings.map(\.message))")
        #expect(CheckReport.findings(headFindings, notIn: baseFindings, revision: "HEAD").count == 2, "by name alone, both look new")
        let known = CheckReport.renamingIdentifiers(in: baseFindings, diff: diff)
        #expect(CheckReport.findings(headFindings, notIn: known, revision: "HEAD").isEmpty)
        // Only whole quoted ids change.
        let message = Diagnostic(.warning, at: .unknown, "'list.openOld' and 'orphan#2' but not orphans or 'orphanage'")
        let renamedScene = ModelDiff(base: base, head: try ReviewFiles.model(text: baseText.replacingOccurrences(of: "orphan:", with: "stray:")))
        #expect(CheckReport.renamingIdentifiers(in: [message], diff: renamedScene).first?.message
                == "'list.openOld' and 'stray#2' but not orphans or 'orphanage'")
    }

    @Test func goldenForms() throws {
        let (_, _, report) = try Self.shop()
        try ReviewFiles.expectGolden(report.text(), "shop.txt")
        try ReviewFiles.expectGolden(report.markdown(), "shop.md")
        try ReviewFiles.expectGolden(report.json(), "shop.json")
        try ReviewFiles.expectGolden(report.graph.dotGraph().text, "shop-graph.dot")
        try ReviewFiles.expectGolden(report.graph.mermaid().text, "shop-graph.mmd")
        // A diff graph that comes out as a ribbon is laid out top to bottom, as the segue graph is.
        #expect(report.graph.dotGraph().text.contains("\(DiagramStyle.wideDirectionAttribute)=\"TB\""))
    }

    @Test func byteStable() throws {
        let (_, _, first) = try Self.shop()
        let (_, _, second) = try Self.shop()
        #expect(first.markdown() == second.markdown())
        #expect(first.json() == second.json())
        #expect(first.graph.dotGraph().text == second.graph.dotGraph().text)
    }

    @Test func aModelWithItselfHasNoChange() throws {
        let model = try ReviewFiles.model("shop-base.yaml")
        let report = DiffReport(base: model, head: model)
        #expect(report.diff.isEmpty)
        #expect(report.summary == "no navigation change")
        #expect(report.text().contains("no navigation change"))
        #expect(report.markdown().contains("No navigation change"))
    }

    /// Conditions and a scene's unwind actions written in another order are the same model.
    @Test func orderThatMeansNothingIsNoChange() throws {
        let text = try String(contentsOf: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos.yaml"), encoding: .utf8)
        let reordered = text
            .replacingOccurrences(of: "conditions:\n  photoSelected: true\n  recipeValid: true\n", with: "conditions:\n  recipeValid: true\n  photoSelected: true\n")
            .replacingOccurrences(of: "unwindActions: [cancelAddRecipe, saveRecipe]", with: "unwindActions: [saveRecipe, cancelAddRecipe]")
        #expect(reordered != text)
        #expect(reordered.contains("unwindActions: [saveRecipe, cancelAddRecipe]") && reordered.contains("  recipeValid: true\n  photoSelected: true\n"))
        let report = DiffReport(base: try ReviewFiles.model(text: text, path: "Photos.yaml"), head: try ReviewFiles.model(text: reordered, path: "Photos.yaml"))
        #expect(report.summary == "no navigation change", "\(report.text())")
    }

    @Test func userTextIsEscapedInTheComment() throws {
        let (_, _, report) = try Self.shop()
        let comment = report.markdown()
        // The wishlist title "Wishes | <b>& more</b>" must not break the table or become markup.
        #expect(!comment.contains("<b>& more"))
        #expect(comment.contains("Wishes #124; #60;b#62;#38; more#60;/b#62;") || comment.contains("Wishes \\| &lt;b&gt;&amp; more"))
        let mermaid = report.graph.mermaid().text
        #expect(mermaid.contains("Wishes #124; #60;b#62;#38; more#60;/b#62;"))
    }

    /// A name after `@` in user text (a trigger "Ask @team") does not mention anyone from the comment; an e-mail
    /// address's `@` before a name is broken the same way, a lone `@` is left alone.
    @Test func userTextMentionsNoOne() {
        #expect(DiffReport.commentText("Ask @team or @42, mail a@b.c, @ alone") == "Ask @&#8203;team or @&#8203;42, mail a@&#8203;b.c, @ alone")
        #expect(DiffReport.commentText("no at sign") == "no at sign")
    }

    @Test func theCommentStaysUnderTheLimitAndSaysWhatWasLeftOut() throws {
        let (base, head, _) = try Self.shop()
        let report = DiffReport(base: base, head: head, options: .init(commentLimit: 2_000))
        let comment = report.markdown()
        #expect(comment.utf16.count <= 2_000)
        #expect(comment.contains("cut at GitHub's limit of 2000 characters: left out"))
        let whole = DiffReport(base: base, head: head).markdown()
        #expect(whole.utf16.count > 2_000 && !whole.contains("cut at GitHub's limit"))
    }

    /// Scene rows go before the flows' step details, and a cut table says how many rows it lost.
    @Test func aCutCommentKeepsTheFlowsAndCountsTheRowsLeftOut() throws {
        var scenes = "  nav: {kind: navigation, root: s0}\n"
        var titled = scenes
        for index in 0..<200 {
            let next = index + 1 < 200 ? "    segues: {next: {kind: show, to: s\(index + 1), trigger: Next}}\n" : ""
            scenes += "  s\(index):\n" + next
            titled += "  s\(index):\n    title: Screen number \(index)\n" + next
        }
        let flows = "flows:\n  walk:\n    steps:\n" + (0..<5).map { "      - tap: s\($0).next\n" }.joined() + "      - expect: {visible: s5}\n"
        let header = "format: 1\nname: Chain\ninitial: nav\nscenes:\n"
        let base = try ReviewFiles.model(text: header + scenes + flows)
        let head = try ReviewFiles.model(text: header + titled.replacingOccurrences(of: "to: s3, trigger: Next", with: "to: s4, trigger: Next") + flows)
        let whole = DiffReport(base: base, head: head).markdown()
        let limit = 8_000
        #expect(whole.utf16.count > limit)
        let comment = DiffReport(base: base, head: head, options: .init(commentLimit: limit)).markdown()
        #expect(comment.utf16.count <= limit)
        #expect(comment.hasPrefix(DiffReport.commentMarker))
        #expect(comment.contains("<details><summary>Flow <code>walk</code>"), "the flow's steps are kept")
        #expect(comment.contains("#### Segues") && comment.contains("`s2.next`"), "the segue row is kept")
        #expect(comment.contains("#### Flows"))
        let shown = comment.components(separatedBy: "\n").filter { $0.hasPrefix("| changed | `s") && $0.contains("title") }.count
        #expect(shown > 0 && shown < 200)
        #expect(comment.contains("| | … | \(200 - shown) more left out to fit |\n"))
        #expect(comment.contains("left out \(200 - shown) of 200 scene rows and the diagram. Run `scenograph diff` for the whole diff."))
        #expect(!comment.contains("#### Diagram"))
        // The kept scene rows are the first ones.
        #expect(comment.contains("`s0`") && !comment.contains("`s199`"))
        // In CI the note links the run's artefact, which holds the whole diff.
        let linked = DiffReport(base: base, head: head, options: .init(artifactURL: "https://ci.example/run/7", commentLimit: limit)).markdown()
        #expect(linked.utf16.count <= limit)
        #expect(linked.contains("The whole diff is `diff.txt` in [the workflow run's artefact](https://ci.example/run/7)."))
    }

    /// A flow's details that refer to another flow's ("the same difference as in flow …") are kept only with
    /// them: a cut comment never points at details it left out.
    @Test func aCutCommentKeepsNoReferenceToDetailsLeftOut() throws {
        var report = try Self.shop().2
        report.options.commentLimit = 3_000
        let frame = DiffReport.Block(kind: .frame, text: "head\n")
        let big = DiffReport.Block(kind: .flowDetails, text: "BIG " + String(repeating: "x", count: 4_000) + "\n")
        let small = DiffReport.Block(kind: .flowDetails, text: "SMALL: the same difference as in flow BIG\n", dependsOn: [1])
        let other = DiffReport.Block(kind: .flowDetails, text: "OTHER\n")
        let cut = report.assemble([frame, big, small, other])
        #expect(!cut.contains("BIG ") && !cut.contains("SMALL") && cut.contains("OTHER"), "\(cut)")
        #expect(cut.contains("the step details of 2 flows"), "\(cut)")
        report.options.commentLimit = 6_000
        let kept = report.assemble([frame, big, small, other])
        #expect(kept.contains("BIG ") && kept.contains("SMALL") && kept.contains("OTHER"))
    }

    /// Many flows' step details take at most half a cut comment at first: the segue table still shows rows.
    @Test func aCutCommentLeavesTheTablesRoomBesideManyFlows() throws {
        var scenes = "  nav: {kind: navigation, root: s0}\n"
        var changed = scenes
        for index in 0..<60 {
            scenes += "  s\(index): {segues: {next: {kind: show, to: s\((index + 1) % 60), trigger: Next}}}\n"
            changed += "  s\(index): {segues: {next: {kind: present, to: s\((index + 1) % 60), trigger: Next}}}\n"
        }
        // Forty flows that each behave differently, each in a small block of its own.
        let flows = "flows:\n" + (1..<41).map { flow in "  walk\(flow):\n    steps:\n      - push: s\(flow)\n      - tap: s\(flow).next\n" }.joined()
        let header = "format: 1\nname: Many\ninitial: nav\nscenes:\n"
        let base = try ReviewFiles.model(text: header + scenes + flows)
        let head = try ReviewFiles.model(text: header + changed + flows)
        let limit = 10_000
        let whole = DiffReport(base: base, head: head).markdown()
        #expect(whole.utf16.count > 2 * limit)
        let comment = DiffReport(base: base, head: head, options: .init(commentLimit: limit)).markdown()
        #expect(comment.utf16.count <= limit)
        #expect(comment.contains("#### Segues"), "the segue table is kept beside the flows' details")
        let segueRows = comment.components(separatedBy: "\n").filter { $0.hasPrefix("| changed | `s") }.count
        // (Five rows without the limit on the details, twenty with it.)
        #expect(segueRows >= 15, "\(segueRows) segue rows")
        #expect(comment.contains("<details><summary>Flow <code>walk1</code>"))
    }

    /// A node's line of a changed value keeps the new value when it is cut to fit.
    @Test func aCutChangeKeepsItsNewValue() {
        let line = DiffGraphBuilder.shortened("summary: Grid of the user's photos, with a filter bar embedded at the top. → Grid of photos.")
        #expect(line.hasSuffix(" → Grid of photos.") && line.hasPrefix("summary: Grid of") && line.count <= 60, "\(line)")
        let both = DiffGraphBuilder.shortened("title: " + String(repeating: "a", count: 70) + " → " + String(repeating: "b", count: 70))
        #expect(both.count <= 60 && both.contains("… → b") && both.hasSuffix("…"), "\(both)")
        #expect(DiffGraphBuilder.shortened(String(repeating: "x", count: 80)).count == 60)
    }

    @Test func diffColoursAreReadable() {
        for status in DiffStyle.Status.allCases {
            let colors = DiffStyle.colors(status)
            #expect(DiagramStyle.contrast(colors.stroke, "#FFFFFF") >= 4.5, "\(status) text on white")
            #expect(DiagramStyle.contrast(colors.stroke, colors.fill) >= 4.5, "\(status) text on its fill")
        }
    }

    @Test func largeModelsShowOnlyTheChangedPart() throws {
        var scenes = "  nav: {kind: navigation, root: s0}\n"
        for index in 0..<60 {
            let next = index + 1 < 60 ? "    segues:\n      next: {kind: show, to: s\(index + 1), trigger: Next}\n" : ""
            scenes += "  s\(index):\n    class: Screen\(index)\n" + next
        }
        let baseText = "format: 1\nname: Long\ninitial: nav\nscenes:\n" + scenes
        let headText = baseText.replacingOccurrences(of: "class: Screen30\n", with: "class: Screen30\n    title: Thirty\n")
        let base = try ReviewFiles.model(text: baseText)
        let head = try ReviewFiles.model(text: headText)
        let narrow = DiffReport(base: base, head: head)
        // Pushed scenes have no container: the changed scene and its neighbours remain.
        #expect(Set(narrow.graph.nodes.map(\.id)) == ["s29", "s30", "s31"])
        #expect(narrow.graph.omittedScenes == 58)
        let wide = DiffReport(base: base, head: head, context: 3)
        #expect(Set(wide.graph.nodes.map(\.id)) == Set((27...33).map { "s\($0)" }))
        // The root keeps its container.
        let rootChanged = try ReviewFiles.model(text: baseText.replacingOccurrences(of: "class: Screen0\n", with: "class: Screen0\n    title: Zero\n"))
        #expect(Set(DiffReport(base: base, head: rootChanged).graph.nodes.map(\.id)) == ["nav", "s0", "s1"])
    }

    /// A chain of `count` pushed scenes; `changed` says which get a title in the head.
    static func chain(_ count: Int, changed: (Int) -> Bool) throws -> (SceneModel, SceneModel) {
        var scenes = "  nav: {kind: navigation, root: s0}\n"
        var titled = scenes
        for index in 0..<count {
            let next = index + 1 < count ? "    segues:\n      next: {kind: show, to: s\(index + 1), trigger: Next}\n" : ""
            scenes += "  s\(index):\n    class: Screen\(index)\n" + next
            titled += "  s\(index):\n    class: Screen\(index)\n" + (changed(index) ? "    title: Changed\(index)\n" : "") + next
        }
        let header = "format: 1\nname: Chain\ninitial: nav\nscenes:\n"
        return (try ReviewFiles.model(text: header + scenes), try ReviewFiles.model(text: header + titled))
    }

    @Test func aGraphOverTheLimitsReachesLessAroundTheChanges() throws {
        // Every third scene changed: with one link around each, all 400 scenes; with none, 134 and the navigation
        // controller above s0.
        let (base, head) = try Self.chain(400, changed: { $0 % 3 == 0 })
        let report = DiffReport(base: base, head: head)
        #expect(report.graph.context == 0)
        #expect(!report.graph.tooLargeToDraw)
        #expect(report.graph.nodes.count == 135)
        #expect(report.graph.nodes.count <= DiffGraph.sceneLimit && report.graph.edges.count <= DiffGraph.linkLimit)
        #expect(report.json().contains("\"context\": 0, \"drawn\": true"))
        // Under the limits the context asked for stays.
        let (smallBase, smallHead) = try Self.chain(400, changed: { $0 % 40 == 0 })
        #expect(DiffReport(base: smallBase, head: smallHead, context: 2).graph.context == 2)
    }

    /// A context far past the model's size costs one walk, not one per level, and is lowered to what fits.
    @Test func aHugeContextIsLoweredToWhatFits() throws {
        let (base, head) = try Self.chain(400, changed: { $0 == 200 })
        let report = DiffReport(base: base, head: head, context: 100_000)
        #expect(report.graph.context == 149, "s51…s349: 299 scenes")
        #expect(report.graph.nodes.count == 299 && !report.graph.tooLargeToDraw)
        // Asked for more than the farthest scene, with room for all: the context asked for is kept.
        let (smallBase, smallHead) = try Self.chain(60, changed: { $0 == 30 })
        let all = DiffReport(base: smallBase, head: smallHead, context: 1_000)
        #expect(all.graph.context == 1_000 && all.graph.nodes.count == 61)
    }

    /// Small models are held to the link limit too: an unwind implemented by many scenes draws a link to each.
    @Test func aSmallModelWithManyLinksIsNarrowed() throws {
        var scenes = ""
        for index in 0..<25 {
            scenes += "  s\(index):\n    unwindActions: [back]\n    segues: {up: {kind: unwind, action: back, trigger: Up}}\n"
        }
        let header = "format: 1\nname: Unwinds\ninitial: s0\nscenes:\n"
        let base = try ReviewFiles.model(text: header + scenes)
        let head = try ReviewFiles.model(text: header + scenes.replacingOccurrences(of: "  s3:\n", with: "  s3:\n    title: Three\n"))
        let whole = DiffGraph(diff: ModelDiff(base: base, head: head), base: base, head: head, context: 0)
        #expect(whole.nodes.count <= DiffGraph.fullGraphLimit)
        let report = DiffReport(base: base, head: head)
        #expect(report.graph.edges.count <= DiffGraph.linkLimit, "\(report.graph.edges.count) links")
        #expect(report.graph.context == 0 && !report.graph.tooLargeToDraw)
    }

    @Test func changesTooManyForOneDiagramAreSaidInWords() throws {
        let (base, head) = try Self.chain(DiffGraph.sceneLimit + 20, changed: { _ in true })
        let report = DiffReport(base: base, head: head)
        #expect(report.graph.tooLargeToDraw)
        #expect(report.graph.nodes.count == DiffGraph.sceneLimit + 21, "the scenes and their navigation controller")
        let dot = report.graph.dotGraph().text
        #expect(dot.contains("id=\"too-large\""))
        #expect(!dot.contains("scene-s0"), "no scene is drawn")
        #expect(dot.contains("No diagram: the changes take 321 scenes and 320 links: too<br/>many for one diagram"))
        #expect(!dot.contains("left out"), "the title counts no omitted scenes when nothing is drawn")
        let mermaid = report.graph.mermaid().text
        #expect(!mermaid.contains("-->"))
        #expect(mermaid.contains("No diagram: the changes take 321 scenes"))
        let comment = report.markdown()
        #expect(!comment.contains("```mermaid"))
        #expect(comment.contains("_No diagram: the changes take 321 scenes and 320 links: too many for one diagram (at most 300 scenes and 450 links). `scenograph diff` lists every change._"))
        #expect(report.json().contains("\"drawn\": false"))
    }
}
