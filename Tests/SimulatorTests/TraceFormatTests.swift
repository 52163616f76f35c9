import Foundation
import ModelLoading
import SceneModel
import Simulator
import Testing

/// A JSON value as the file writes it: booleans, integers and strings kept apart.
indirect enum AnyJSON: Decodable, Equatable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([AnyJSON]), object([String: AnyJSON])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([AnyJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: AnyJSON].self)) }
    }

    static func parse(_ text: String) throws -> AnyJSON {
        try JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8))
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// Checks a document against the subset of JSON Schema 2020-12 that docs/trace-schema.json
/// uses: `$ref` (to `#/$defs/…`), `type`, `properties`, `required`,
/// `additionalProperties` (false or a schema), `items`, `enum`, `minimum`. Any other
/// keyword is reported, so the schema cannot silently use something unchecked.
struct SchemaChecker {
    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
    static let assertions: Set<String> = ["$ref", "type", "properties", "required", "additionalProperties", "items", "enum", "minimum"]

    let root: AnyJSON
    var problems: [String] = []

    init(schema: AnyJSON) { root = schema }

    mutating func check(_ value: AnyJSON, against schema: AnyJSON, at path: String) {
        guard case .object(let keywords) = schema else {
            problems.append("\(path): schema is not an object")
            return
        }
        for key in keywords.keys.sorted() where !Self.annotations.contains(key) && !Self.assertions.contains(key) {
            problems.append("\(path): unsupported schema keyword '\(key)'")
        }
        if case .string(let ref)? = keywords["$ref"] {
            let prefix = "#/$defs/"
            guard ref.hasPrefix(prefix), case .object(let root) = root, case .object(let defs)? = root["$defs"],
                  let target = defs[String(ref.dropFirst(prefix.count))] else {
                problems.append("\(path): unresolvable $ref '\(ref)'")
                return
            }
            check(value, against: target, at: path)
        }
        if let type = keywords["type"] {
            let allowed: [String]
            switch type {
            case .string(let name): allowed = [name]
            case .array(let names): allowed = names.compactMap { if case .string(let n) = $0 { n } else { nil } }
            default: allowed = []
            }
            if !allowed.contains(value.typeName) {
                problems.append("\(path): expected \(allowed.joined(separator: " or ")), found \(value.typeName)")
                return
            }
        }
        if case .array(let options)? = keywords["enum"], !options.contains(value) {
            problems.append("\(path): \(value) is not one of the allowed values")
        }
        if case .int(let minimum)? = keywords["minimum"], case .int(let number) = value, number < minimum {
            problems.append("\(path): \(number) is below the minimum \(minimum)")
        }
        if case .object(let members) = value {
            var properties: [String: AnyJSON] = [:]
            if case .object(let declared)? = keywords["properties"] { properties = declared }
            if case .array(let required)? = keywords["required"] {
                for case .string(let name) in required where members[name] == nil {
                    problems.append("\(path): missing required '\(name)'")
                }
            }
            for name in members.keys.sorted() {
                guard let member = members[name] else { continue }
                if let property = properties[name] {
                    check(member, against: property, at: "\(path).\(name)")
                } else if let additional = keywords["additionalProperties"] {
                    if additional == .bool(false) {
                        problems.append("\(path): undocumented field '\(name)'")
                    } else {
                        check(member, against: additional, at: "\(path).\(name)")
                    }
                }
            }
        }
        if case .array(let elements) = value, let items = keywords["items"] {
            for (index, element) in elements.enumerated() {
                check(element, against: items, at: "\(path)[\(index)]")
            }
        }
    }

    static func problems(in document: AnyJSON, schema: AnyJSON) -> [String] {
        var checker = SchemaChecker(schema: schema)
        checker.check(document, against: schema, at: "$")
        return checker.problems
    }
}

/// The JSON and text forms of traces.
@Suite struct TraceFormatTests {

    static func photos() throws -> SceneModel {
        let result = ModelLoader().load(path: packageRoot.appendingPathComponent("Examples/Photos.yaml").path)
        return try #require(result.model, "Examples/Photos.yaml loads")
    }

    static func schema() throws -> AnyJSON {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/trace-schema.json"), encoding: .utf8)
        return try AnyJSON.parse(text)
    }

    /// A model whose flows exercise failures, a flow error, warnings, every container kind and `argument: null`.
    static func varied() throws -> SceneModel {
        let scenario = try Scenario(initial: "Tab", scenes: """
            Tab: {kind: tabBar, tabs: [Nav, Split, Pages, Box]}
            Nav: {kind: navigation, root: A}
            A:
              segues:
                toB: {kind: show, to: B, trigger: Next}
            B: {}
            Split: {kind: split, primary: P, secondary: D}
            P: {}
            D: {}
            Pages: {kind: page, pages: [Q1, Q2]}
            Q1: {}
            Q2: {}
            Box: {kind: container, children: [K]}
            K: {}
            """, steps: """
            - tap: A.toB
            - back
            - expect: {visible: B}
            - present: B
            - present: D
              from: A
            - selectTab: Pages
            - back
            """)
        return scenario.model
    }

    @Test func everyExampleFlowHasExactlyTheDocumentedFieldsAndTypes() throws {
        let schema = try Self.schema()
        for detail in Detail.allCases {
            let trace = Simulator(model: try Self.photos()).runAll(detail: detail)
            #expect(trace.flows.count == 14)
            let document = try AnyJSON.parse(trace.jsonText())
            #expect(SchemaChecker.problems(in: document, schema: schema) == [], "detail \(detail.rawValue)")
        }
    }

    @Test func failuresErrorsAndWarningsMatchTheSchema() throws {
        let trace = Simulator(model: try Self.varied()).runAll(detail: .full)
        let flow = try #require(trace.flows.first)
        #expect(flow.result == .error)
        #expect(flow.steps.contains { !$0.failures.isEmpty })
        #expect(flow.steps.contains { !$0.warnings.isEmpty })
        let text = trace.jsonText()
        #expect(text.contains("\"argument\": null"))
        #expect(text.contains("\"error\": {\"message\":"))
        #expect(SchemaChecker.problems(in: try AnyJSON.parse(text), schema: try Self.schema()) == [])
    }

    @Test func theSchemaCheckerCatchesUndocumentedMissingAndMistypedFields() throws {
        let schema = try Self.schema()
        let good = try AnyJSON.parse(#"{"format": 1, "model": "M", "flows": []}"#)
        #expect(SchemaChecker.problems(in: good, schema: schema).isEmpty)
        let extra = try AnyJSON.parse(#"{"format": 1, "model": "M", "flows": [], "extra": true}"#)
        #expect(SchemaChecker.problems(in: extra, schema: schema) == ["$: undocumented field 'extra'"])
        let missing = try AnyJSON.parse(#"{"format": 1, "flows": []}"#)
        #expect(SchemaChecker.problems(in: missing, schema: schema) == ["$: missing required 'model'"])
        let mistyped = try AnyJSON.parse(#"{"format": true, "model": "M", "flows": []}"#)
        #expect(SchemaChecker.problems(in: mistyped, schema: schema) == ["$.format: expected integer, found boolean"])
        let badEnum = try AnyJSON.parse(#"{"format": 2, "model": "M", "flows": []}"#)
        #expect(SchemaChecker.problems(in: badEnum, schema: schema).count == 1)
    }

    @Test func containerEntriesCarryOnlyTheirKindsFields() throws {
        let trace = Simulator(model: try Self.varied()).runAll()
        for step in trace.flows.flatMap(\.steps) {
            for container in step.state.containers {
                #expect((container.selected != nil) == (container.kind == .tabBar))
                #expect((container.collapsed != nil) == (container.kind == .split))
            }
        }
    }

    @Test func theOutputIsByteIdenticalAcrossRuns() throws {
        let model = try Self.photos()
        for detail in Detail.allCases {
            let first = Simulator(model: model).runAll(detail: detail).jsonText()
            let second = Simulator(model: try Self.photos()).runAll(detail: detail).jsonText()
            #expect(first == second)
            #expect(Simulator(model: model).runAll(detail: detail).text() == Simulator(model: model).runAll(detail: detail).text())
        }
    }

    @Test func keysComeInTheContractsOrder() throws {
        let trace = Simulator(model: try Self.photos()).runAll()
        let text = trace.jsonText()
        #expect(text.hasPrefix("{\n  \"format\": 1,\n  \"model\": \"Photos\",\n  \"flows\": [\n    {\n      \"flow\": \"browse-photos\",\n      \"environment\": {\"idiom\": \"phone\", \"width\": \"compact\", \"height\": \"regular\", \"ios\": 17},\n      \"result\": \"passed\",\n      \"steps\": [\n"))
        #expect(text.contains(#"{"receiver": "library", "call": "shouldPerformSegue(withIdentifier:sender:)", "kind": "segueCheck", "segue": "library.showPhoto", "result": true}"#))
        #expect(text.contains(#"{"receiver": "library", "call": "prepare(for:sender:)", "kind": "seguePrepare", "segue": "library.showPhoto", "destination": "photo"}"#))
        #expect(text.contains(#"{"receiver": "photo", "call": "willMove(toParent:)", "kind": "containment", "argument": "libraryNav"}"#))
        #expect(text.contains(#"{"receiver": "photo", "call": "willMove(toParent:)", "kind": "containment", "argument": null}"#))
        #expect(text.contains(#""tabs": {"kind": "tabBar", "children": ["libraryNav", "cameraNav", "recipesNav", "albumsSplit"], "selected": "libraryNav"}"#))
        #expect(text.contains(#""albumsSplit": {"kind": "split", "children": ["albumsNav"], "collapsed": true}"#))
        #expect(text.contains(#"{"presenter": "tabs", "presented": "peoplePickerNav", "source": "photo", "style": "pageSheet", "transition": "coverVertical"}"#))
        let stateKeys = "\"state\": {\n            \"chain\": [\"tabs\"],\n            \"visible\": \"library\",\n            \"presentations\": [],\n            \"containers\": {"
        #expect(text.contains(stateKeys))
    }

    @Test func everyEventHasTheKindOfItsCall() throws {
        // Given every example flow at full detail, and a varied model
        let traces = [Simulator(model: try Self.photos()).runAll(detail: .full), Simulator(model: try Self.varied()).runAll(detail: .full)]
        var seen: Set<Event.Kind> = []
        for event in traces.flatMap(\.flows).flatMap(\.steps).flatMap(\.events) {
            seen.insert(event.kind)
            // Then each call has the one kind docs/model-format.md §2 gives it
            let expected: Event.Kind
            switch event.call {
            case "init(coder:)": expected = .creation
            case "deinit": expected = .destruction
            case "willMove(toParent:)", "didMove(toParent:)": expected = .containment
            case "shouldPerformSegue(withIdentifier:sender:)": expected = .segueCheck
            case "prepare(for:sender:)": expected = .seguePrepare
            case "perform()": expected = .seguePerform
            case "awakeFromNib()", "viewDidLoad()", "viewWillAppear(_:)", "viewIsAppearing(_:)", "viewDidAppear(_:)",
                 "viewWillDisappear(_:)", "viewDidDisappear(_:)", "viewWillLayoutSubviews()", "viewDidLayoutSubviews()",
                 "viewWillTransition(to:with:)": expected = .lifecycle
            case "present(_:animated:completion:)", "dismiss(animated:completion:)", "pushViewController(_:animated:)",
                 "popViewController(animated:)", "popToRootViewController(animated:)", "show(_:sender:)",
                 "showDetailViewController(_:sender:)", "performSegue(withIdentifier:sender:)", "unwind(for:towards:)": expected = .api
            case let call where call.hasPrefix("presentationController") || call.hasPrefix("splitViewController(")
                || call.hasPrefix("pageViewController(") || call.hasPrefix("adaptivePresentationStyle("): expected = .delegate
            default: expected = .unwindAction
            }
            #expect(event.kind == expected, "\(event.line)")
            if event.kind == .unwindAction { #expect(event.call.hasSuffix("(_:)") && event.segue != nil, "\(event.line)") }
        }
        // And the two models reach every kind
        #expect(seen == Set(Event.Kind.allCases))
    }

    @Test func theJSONWrittenPieceByPieceIsTheRenderedTree() throws {
        for trace in [Simulator(model: try Self.photos()).runAll(detail: .full), Simulator(model: try Self.varied()).runAll(),
                      Trace(model: "Empty", flows: [])] {
            for form in StateForm.allCases {
                var pieces: [String] = []
                trace.writeJSON(state: form) { pieces.append($0) }
                #expect(pieces.joined() == trace.json(state: form).render())
                if !trace.flows.isEmpty { #expect(pieces.count > trace.flows.count) }
            }
            #expect(trace.jsonText() == trace.json.render())
        }
    }

    @Test func theCompactStateFormOmitsRepeatedStatesAndReadsBack() throws {
        // Given a flow with expectations and notes, which repeat the state
        let trace = Simulator(model: try Self.varied()).runAll()
        let compact = trace.jsonText(state: .changes)
        let document = try AnyJSON.parse(compact)
        // Then the schema allows it, it says which form it is, and repeated states are left out
        #expect(SchemaChecker.problems(in: document, schema: try Self.schema()) == [])
        #expect(compact.hasPrefix("{\n  \"format\": 1,\n  \"model\": \"Test\",\n  \"stateForm\": \"changes\",\n  \"flows\": [\n"))
        let steps = trace.flows[0].steps
        let withState = compact.components(separatedBy: "\"state\": ").count - 1
        let changed = 1 + zip(steps, steps.dropFirst()).filter { $0.state != $1.state }.count
        #expect(withState == changed)
        #expect(withState < steps.count)
        // And reading it back gives every step its state again
        #expect(try JSONDecoder().decode(Trace.self, from: Data(compact.utf8)) == trace)
        // The text form leaves out the same state lines
        let text = trace.text(state: .changes)
        #expect(text.components(separatedBy: "    state: ").count - 1 == changed)
        #expect(trace.text() == TraceText.render(trace))
    }

    @Test func decodingTheJSONGivesTheSameTrace() throws {
        let trace = Simulator(model: try Self.photos()).runAll(detail: .full)
        let decoded = try JSONDecoder().decode(Trace.self, from: Data(trace.jsonText().utf8))
        #expect(decoded == trace)
        let variedTrace = Simulator(model: try Self.varied()).runAll()
        #expect(try JSONDecoder().decode(Trace.self, from: Data(variedTrace.jsonText().utf8)) == variedTrace)
        // Encodable goes through the same fields.
        let reencoded = try JSONDecoder().decode(Trace.self, from: JSONEncoder().encode(trace))
        #expect(reencoded == trace)
    }

    @Test func theTextFormShowsStepsEventsWarningsFailuresAndErrors() throws {
        let trace = Simulator(model: try Self.varied()).runAll()
        let text = trace.text()
        #expect(text.hasPrefix("Test: 1 flow, 0 passed, 1 with errors\n\nflow f (phone, width compact, height regular, iOS 17): error\n"))
        #expect(text.contains("""
              step 1 · tap: A.toB
                A: shouldPerformSegue(withIdentifier:sender:) A.toB = true
                B: init(coder:)
                B: awakeFromNib()
                A: prepare(for:sender:) A.toB → B
                B: willMove(toParent:) Nav

            """))
        #expect(text.contains("    B: willMove(toParent:) nil\n"))
        #expect(text.contains("    FAILED visible: expected B, actual A (Test.yaml:"))
        #expect(text.contains("    warning: Attempt to present <UIViewController: D#2> on <UITabBarController: Tab> (from <UIViewController: A>) which is already presenting <UIViewController: B#2>.\n"))
        #expect(text.contains("    ERROR Test.yaml:"))
        #expect(text.contains(": selectTab: 'Pages': 'Tab' is covered by the presented 'B#2' (pageSheet); only the front-most layer can be touched\n"))
        #expect(text.contains("    state: chain Tab · visible A · Tab [Nav*, Split, Pages, Box] · Nav [A] · Split [P] collapsed · Pages [Q1] · Box [K]\n"))
    }
}
