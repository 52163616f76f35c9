import Foundation
@testable import ModelLoading
import SceneModel
import Testing

/// Hostile or damaged inputs end in one positioned diagnostic instead of a crash, a hang or a memory blow-up:
/// the cases of a reliability probe, each with the diagnostic, its line:column and the value it names.
@Suite struct InputLimitTests {
    static func fixture(_ name: String) -> String {
        Bundle.module.resourceURL?.appendingPathComponent("Fixtures/Limits/\(name)").path ?? "Fixtures/Limits/\(name)"
    }

    /// The only diagnostic of loading `text` as a model, as `line:column: message [category]`.
    static func only(_ text: String, file: String = "Model.yaml") throws -> String {
        let diagnostics = ModelLoader().load(text: text, path: file).diagnostics
        try #require(diagnostics.count == 1, "\(diagnostics.map(\.description))")
        let diagnostic = diagnostics[0]
        #expect(diagnostic.isError)
        return "\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)" + (diagnostic.category.map { " [\($0)]" } ?? "")
    }

    static let tooDeep = "lists and mappings nested more than 100 levels deep; a model may nest at most 100 [limit]"

    // MARK: - YAML nesting

    @Test func deepFlowSequencesStopAtTheFirstOpenerPastTheLimit() throws {
        let text = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(try Self.only(text) == "1:101: \(Self.tooDeep)")
    }

    @Test func deepFlowMappings() throws {
        let text = String(repeating: "{a: ", count: 5_000) + "1" + String(repeating: "}", count: 5_000)
        #expect(try Self.only(text) == "1:401: \(Self.tooDeep)")
    }

    @Test func deepBlockMappingsByIndentation() throws {
        let text = (0..<5_000).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n")
        #expect(try Self.only(text) == "101:101: \(Self.tooDeep)")
    }

    @Test func deepBlockSequencesByIndentation() throws {
        let text = (0..<5_000).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n")
        #expect(try Self.only(text) == "101:101: \(Self.tooDeep)")
    }

    @Test func deepCompactSequencesOnOneLine() throws {
        let text = String(repeating: "- ", count: 5_000) + "x"
        #expect(try Self.only(text) == "1:201: \(Self.tooDeep)")
    }

    @Test func deepJSONGoesThroughTheSamePath() throws {
        let text = String(repeating: "{\"a\":", count: 3_000) + "1" + String(repeating: "}", count: 3_000)
        #expect(try Self.only(text, file: "Model.json") == "1:501: \(Self.tooDeep)")
    }

    @Test func theLimitItselfIsAllowed() throws {
        let limit = InputLimits.yamlDepth
        let atLimit = "a: " + String(repeating: "[", count: limit - 1) + String(repeating: "]", count: limit - 1)
        #expect(YAMLStructureScan(atLimit).tooDeep == nil)
        #expect(YAMLStructureScan(atLimit).maximumDepth == limit)
        guard case .success = ConfigParser.parse(atLimit, file: "Model.yaml") else {
            Issue.record("nesting at the limit is refused")
            return
        }
        let pastLimit = "a: " + String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(YAMLStructureScan(pastLimit).tooDeep == YAMLStructureScan.Position(line: 1, column: 4 + limit - 1))
    }

    /// The scan's depth is the depth of the document the parser builds: brackets in quotes, comments, block
    /// scalars and plain text open nothing; indentless sequences, flow collections as keys and tags do.
    @Test(arguments: [
        "a: 1",
        "a: [b, {c: d}]",
        "a: 'it''s [not [a [list'\nb: \"[\\\" {\"",
        "a: text with [ and { inside\nb: x # [ comment {",
        "a: |\n  [[[[ literal\n   {{{{\nb: >-\n  [[[[\n",
        "a:\n- b\n- c:\n  - d\n  - e: [f]\n",
        "- - - x\n  - y\n- z",
        "? a\n: [b]",
        "a: !!str [x]\nb: !tag\n  c: d",
        "a: plain\n  continued [ here\nb: [1, [2]]",
        "a: &anchor\n  b: [c]\nd: *anchor",
        "{\"a\": {\"b\": [1, 2, {\"c\": []}]}}",
        "a:\r  b:\r    c: [d]\r",
        "a: \"multi\n  line [ quoted\"\nb: [c]",
        "--- \na: [b]\n...\n",
        "k: [a, 'b, [c', \"d]\"]",
    ])
    func scanDepthMatchesTheComposedDocument(_ text: String) throws {
        guard case .success(let root?) = ConfigParser.parse(text, file: "Model.yaml") else {
            Issue.record("does not parse: \(text)")
            return
        }
        #expect(YAMLStructureScan(text).maximumDepth == Self.depth(of: root), "\(text)")
    }

    @Test func collectionsAsKeysCount() {
        // The reader drops complex keys, so these are checked against the scan alone.
        #expect(YAMLStructureScan("[a]: b").maximumDepth == 2)
        #expect(YAMLStructureScan("? [a, [b]]\n: c").maximumDepth == 3)
    }

    /// Collections nested in `node`, `node` included.
    static func depth(of node: ConfigNode) -> Int {
        switch node.content {
        case .scalar: 0
        case .mapping(let entries): 1 + (entries.map { depth(of: $0.value) }.max() ?? 0)
        case .sequence(let items): 1 + (items.map(depth(of:)).max() ?? 0)
        }
    }

    // MARK: - Aliases

    @Test func anAliasBombStopsAtTheAliasThatPassesTheBudget() throws {
        let result = ModelLoader().load(path: Self.fixture("alias-bomb.yaml"))
        #expect(result.diagnostics.brief == [
            "alias-bomb.yaml:6:45: error: alias '*a3' takes the copies made by aliases past 100000 nodes, the most a model may have",
        ])
        #expect(result.diagnostics.first?.category == "limit")
    }

    @Test func aliasesCannotNestPastTheLimit() throws {
        // Each anchor wraps the previous one once more: the text stays flat, the document does not.
        let text = "a0: &a0 [x]\n" + (1..<300).map { "a\($0): &a\($0) [*a\($0 - 1)]" }.joined(separator: "\n")
        #expect(try Self.only(text) == "99:12: alias '*a97' nests lists and mappings more than 100 levels deep; a model may nest at most 100 [limit]")
    }

    @Test func modestAliasesStillWork() throws {
        let text = """
            format: 1
            name: Aliases
            initial: a
            scenes:
              a:
                segues:
                  one: &present {kind: present, to: b}
                  two: *present
              b: {}
            """
        let result = ModelLoader().load(text: text, path: "Model.yaml")
        #expect(result.diagnostics.filter(\.isError).isEmpty)
        #expect(result.model?.scene("a")?.segues.map(\.destination?.value) == ["b", "b"])
    }
}
