import XCTest
@testable import SceneModel

/// The value types and validation on models built in code (no YAML involved).
final class SceneModelTests: XCTestCase {
    func testDeprecatedKindsBehaveAsTheirModernCounterparts() {
        XCTAssertEqual(SegueKind.push.effective, .show)
        XCTAssertEqual(SegueKind.modal.effective, .present)
        XCTAssertEqual(SegueKind.replace.effective, .showDetail)
        XCTAssertTrue(SegueKind.modal.isModal)
        XCTAssertFalse(SegueKind.embed.isModal)
        XCTAssertEqual(SegueKind.allCases.filter(\.isDeprecated), [.push, .modal, .replace])
    }

    func testSceneOfInstanceCutsAtTheFirstHashCharacter() {
        func reference(_ instance: String) -> String {
            String(instance.split(separator: "#", maxSplits: 1).first ?? Substring(instance))
        }
        let names = ["photo", "photo#2", "photo#", "#2", "#", "", "a##b", "##a#b", "Ünïcødé#3", "ph\u{0600}#2", "photo#\u{301}2",
                     "é#1", "photo#2#3", "📷#12", "a#b\u{301}"]
        for name in names {
            XCTAssertEqual(Identifier.scene(ofInstance: name), reference(name), name.debugDescription)
        }
    }

    func testEnvironmentDefaultsAndChanges() {
        XCTAssertEqual(Environment(idiom: .pad).width, .regular)
        XCTAssertEqual(Environment().width, .compact)
        let pad = Environment().applying(EnvironmentChange(idiom: Located(.pad)))
        XCTAssertEqual(pad.width, .regular, "a new idiom without a width takes the idiom's default width")
        let compactPad = Environment().applying(EnvironmentChange(idiom: Located(.pad), width: Located(.compact), ios: Located(12)))
        XCTAssertEqual(compactPad, Environment(idiom: .pad, width: .compact, height: .regular, ios: 12))
    }

    func testContainerDefaults() {
        var nav = Scene(id: "nav", kind: .navigation)
        nav.root = Located("a")
        XCTAssertTrue(nav.definesPresentationContext)
        XCTAssertEqual(nav.className, "UINavigationController")
        nav.definesPresentationContextSetting = false
        XCTAssertFalse(nav.definesPresentationContext)
        var tabs = Scene(id: "tabs", kind: .tabBar)
        tabs.tabs = [Located("x"), Located("y")]
        XCTAssertEqual(tabs.selectedTab, "x")
        var pages = Scene(id: "pages", kind: .page)
        pages.pages = [Located("p1"), Located("p2")]
        XCTAssertEqual(pages.relationshipChildren.map(\.value), ["p1"], "only the first page is a live child")
        XCTAssertEqual(pages.containedScenes.map(\.value), ["p1", "p2"])
    }

    func testValidatorFindsCyclesAndDoubleParentsInCode() {
        var a = Scene(id: "a", kind: .container)
        a.children = [Located("b")]
        var b = Scene(id: "b", kind: .container)
        b.children = [Located("a")]
        var c = Scene(id: "c", kind: .navigation)
        c.root = Located("b")
        let model = SceneModel(name: "Cycle", initial: Located("a"), scenes: [a, b, c])
        let messages = ModelValidator.validate(model).filter(\.isError).map(\.message)
        XCTAssertTrue(messages.contains("containment cycle: a → b → a"), "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("scene 'b' has two parents: 'a'") }, "\(messages)")
    }

    func testReachabilityFollowsContainmentSeguesAndFlows() {
        var nav = Scene(id: "nav", kind: .navigation)
        nav.root = Located("list")
        var list = Scene(id: "list")
        list.segues = [Segue(id: "open", source: "list", kind: .show, destination: "detail")]
        let detail = Scene(id: "detail")
        let byCode = Scene(id: "byCode")
        let orphan = Scene(id: "orphan")
        let flow = Flow(id: "f", steps: [Step(.present(Located("byCode"), from: nil, style: nil, transition: nil))])
        let model = SceneModel(name: "Reach", initial: Located("nav"), scenes: [nav, list, detail, byCode, orphan], flows: [flow])
        XCTAssertEqual(ModelValidator.reachableScenes(in: model), ["nav", "list", "detail", "byCode"])
    }

    func testDiagnosticsPrintAsFileLineColumn() {
        let diagnostic = Diagnostic.error("unknown scene 'x'", at: SourceLocation(file: "m.yaml", line: 3, column: 7))
        XCTAssertEqual(diagnostic.description, "m.yaml:3:7: error: unknown scene 'x'")
        let sorted = [
            Diagnostic.warning("b", at: SourceLocation(file: "m.yaml", line: 9, column: 1)),
            Diagnostic.error("a", at: SourceLocation(file: "m.yaml", line: 2, column: 5)),
        ].sortedByLocation()
        XCTAssertEqual(sorted.map(\.message), ["a", "b"])
    }

    func testExpectationSummary() {
        var expectation = Expectation()
        expectation.visible = Located("photo")
        expectation.chain = [Located("tabs"), Located("sheet")]
        expectation.events = [Located("photo: viewDidLoad()")]
        XCTAssertEqual(expectation.summary, "visible photo; chain [tabs, sheet]; 1 event in order")
        XCTAssertEqual(Expectation().summary, "nothing")
    }
}
