import TextFormats
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

    @Test func singlePairMappingsInFlowSequencesCount() throws {
        // `[a: [a: …]]` nests a mapping in every sequence: twice as deep as its brackets.
        let text = String(repeating: "[a: ", count: 3_000) + "1" + String(repeating: "]", count: 3_000)
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
        "[a: [b: c]]",
        "[? a, b: c, d]",
        "{a: [b: c, d]}",
    ])
    func scanDepthMatchesTheComposedDocument(_ text: String) throws {
        guard case .success(let root?) = ConfigParser.parse(text, file: "Model.yaml") else {
            Issue.record("does not parse: \(text)")
            return
        }
        #expect(YAMLStructureScan(text).maximumDepth == Self.depth(of: root), "\(text)")
    }

    /// The same on damaged copies of the example: wherever the reader accepts one, the scan agrees on its depth.
    @Test func scanDepthMatchesOnDamagedExamples() throws {
        let example = Array(try Data(contentsOf: packageRoot.appendingPathComponent("Examples/Photos.yaml")))
        var compared = 0
        for seed in UInt64(1)...150 {
            var random = SeededGenerator(seed: seed)
            let text = String(decoding: Mutator.mutate(example, format: .yaml, random: &random).bytes, as: UTF8.self)
            let scan = YAMLStructureScan(text)
            // Aliases repeat nodes and complex keys are dropped by the reader: the tree's depth is not the text's.
            guard scan.tooDeep == nil, scan.aliases.isEmpty, !text.contains("? "),
                  case .success(let root?) = ConfigParser.parse(text, file: "Photos.yaml"), Self.keysAreScalars(root) else { continue }
            compared += 1
            #expect(scan.maximumDepth == Self.depth(of: root), "seed \(seed)")
        }
        #expect(compared > 50)
    }

    static func keysAreScalars(_ node: ConfigNode) -> Bool {
        switch node.content {
        case .scalar: true
        case .mapping(let entries): entries.allSatisfy { $0.keyIsScalar && keysAreScalars($0.value) }
        case .sequence(let items): items.allSatisfy(keysAreScalars)
        }
    }

    @Test func collectionsAsKeysCount() {
        // The reader drops complex keys, so these are checked against the scan alone.
        #expect(YAMLStructureScan("[a]: b").maximumDepth == 2)
        #expect(YAMLStructureScan("? [a, [b]]\n: c").maximumDepth == 3)
        #expect(YAMLStructureScan("[[a]: b]").maximumDepth == 3)
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
        #expect(result.diagnostics.first?.category == DiagnosticCategory.limit.id)
    }

    /// Few nodes, much text: a long title copied by aliases, or one very long value, is repeated by every page and
    /// diagram that shows it (a 100 KB title used 200 times wrote 2.6 GB of docs).
    @Test func aliasesCopyAtMostAMillionBytesAndAValueAtMost64KiB() throws {
        let title = String(repeating: "t", count: 60_000)
        let copies = (0..<20).map { "s\($0): {title: *t}" }.joined(separator: "\n")
        #expect(try Self.only("a: &t \(title)\n" + copies)
                == "18:14: alias '*t' takes the text copied by aliases past 1000000 bytes, the most a model may have [limit]")
        let long = String(repeating: "x", count: 65_537)
        #expect(try Self.only("format: 1\nname: L\ninitial: a\nscenes:\n  a: {title: \(long)}\n")
                == "5:14: a value of 65,537 bytes, more than the 65,536 a model's value may have [limit]")
        // A key is held to the same limits (an explicit key may be any length).
        #expect(try Self.only("format: 1\nname: L\ninitial: a\nscenes:\n  a: {}\n  ? \(long)\n  : {}\n")
                == "6:5: a key of 65,537 bytes, more than the 65,536 a model's value may have [limit]")
        let fits = ModelLoader().load(text: "format: 1\nname: L\ninitial: a\nscenes:\n  a: {title: \(String(repeating: "x", count: 65_536))}\n", path: "Model.yaml")
        #expect(fits.diagnostics.isEmpty, "\(fits.diagnostics.prefix(2))")
    }

    /// The bundle name becomes the model's `name:`, so it loads back: control characters and the blanks they leave
    /// at its ends go, and it is cut, between characters, within a model value's bytes (one character of 80,001).
    @Test func anInfoPlistNameIsOneAModelCanHold() throws {
        func name(_ value: String) throws -> String? {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("name-\(UUID().uuidString).plist").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let data = try PropertyListSerialization.data(fromPropertyList: ["CFBundleName": value], format: .xml, options: 0)
            try data.write(to: URL(fileURLWithPath: path))
            guard case .success(let plist) = InfoPlist.read(path) else { Issue.record("not read"); return nil }
            return plist.appName
        }
        #expect(try name("\u{7F} \u{7F}") == nil)
        #expect(try name("Ph\u{9B}otos\u{7F} ") == "Photos")
        let long = try #require(try name("a" + String(repeating: "e\u{301}", count: 40_000)))
        #expect(long.utf8.count <= InputLimits.yamlScalarBytes && long.hasPrefix("a"))
        let combining = try name("e" + String(repeating: "\u{301}", count: 40_000))
        #expect(combining.map { $0.utf8.count <= InputLimits.yamlScalarBytes } ?? true)
    }

    /// A malformed Info.plist is reported where Foundation found the problem, with what it found.
    @Test func aMalformedInfoPlistSaysWhereAndWhat() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).plist").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>a</key><strin>x</string></dict></plist>\n".write(toFile: path, atomically: true, encoding: .utf8)
        guard case .failure(let diagnostic) = InfoPlist.read(path) else { Issue.record("a malformed Info.plist was read"); return }
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.message.hasPrefix("the Info.plist '\(path)' is not a property list"), "\(diagnostic)")
    }

    @Test func anInfoPlistPastTheSizeLimitIsRefusedBySize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).plist").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let padding = String(repeating: "<string>x</string>", count: 60_000)
        try "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>k</key><array>\(padding)</array></dict></plist>".write(toFile: path, atomically: true, encoding: .utf8)
        let link = path + "-link.plist"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        defer { try? FileManager.default.removeItem(atPath: link) }
        guard case .failure(let linked) = InfoPlist.read(link) else { Issue.record("a 1 MB Info.plist was read through a link"); return }
        #expect(linked.category == DiagnosticCategory.limit.id)
        guard case .failure(let diagnostic) = InfoPlist.read(path) else { Issue.record("a 1 MB Info.plist was read"); return }
        #expect(diagnostic.message.hasSuffix("is 1,080,090 bytes, more than the 1,000,000 read of one") && diagnostic.category == DiagnosticCategory.limit.id, "\(diagnostic)")
    }

    /// The limit counts lists and mappings, not the values in them: a list nested 100 levels deep (the top mapping
    /// counted) may hold a value; one level more is refused at the bracket that opens it.
    @Test func theDeepestLevelMayHoldValues() throws {
        func nested(_ levels: Int) -> String {
            "format: 1\nname: X\ninitial: a\nscenes:\n  a: {}\nconditions: {c: true}\nx: " + String(repeating: "[", count: levels) + "v" + String(repeating: "]", count: levels) + "\n"
        }
        let allowed = ModelLoader().load(text: nested(99), path: "deep.yaml")
        #expect(!allowed.diagnostics.contains { $0.category == DiagnosticCategory.limit.id }, "\(allowed.diagnostics)")
        let refused = ModelLoader().load(text: nested(100), path: "deep.yaml")
        #expect(refused.diagnostics.filter { $0.category == DiagnosticCategory.limit.id }.map { "\($0.location.line):\($0.location.column)" } == ["7:103"])
    }

    @Test func aliasesCannotNestPastTheLimit() throws {
        // Each anchor wraps the previous one once more: the text stays flat, the document does not.
        let text = "a0: &a0 [x]\n" + (1..<300).map { "a\($0): &a\($0) [*a\($0 - 1)]" }.joined(separator: "\n")
        #expect(try Self.only(text) == "100:12: alias '*a98' nests lists and mappings more than 100 levels deep; a model may nest at most 100 [limit]")
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

    // MARK: - Invalid UTF-8

    @Test func invalidUTF8InAnXMLNameIsFoundBeforeTheXMLParser() throws {
        let result = StoryboardImporter().importFiles([Self.fixture("invalid-utf8-name.storyboard")])
        #expect(result.diagnostics.brief == [
            "invalid-utf8-name.storyboard:1:12: error: the storyboard is not valid UTF-8: byte 0xFF is not part of a UTF-8 character (Interface Builder writes UTF-8)",
        ])
    }

    @Test func invalidUTF8InAnXMLComment() throws {
        let result = ModelLoader().load(path: Self.fixture("invalid-utf8-comment.storyboard"))
        #expect(result.diagnostics.brief == [
            "invalid-utf8-comment.storyboard:1:9: error: the storyboard is not valid UTF-8: byte 0xFF is not part of a UTF-8 character (Interface Builder writes UTF-8)",
        ])
    }

    @Test func invalidUTF8InAStoryboardListedByAModel() throws {
        let result = ModelLoader().load(path: Self.fixture("models-storyboard.yaml"))
        #expect(result.diagnostics.brief == [
            "invalid-utf8-name.storyboard:1:12: error: the storyboard is not valid UTF-8: byte 0xFF is not part of a UTF-8 character (Interface Builder writes UTF-8)",
        ])
    }

    @Test func invalidUTF8InAModelIsPositioned() throws {
        // Line 2: "name: Café " then the Latin-1 byte of "été".
        let result = ModelLoader().load(path: Self.fixture("invalid-utf8-model.yaml"))
        #expect(result.diagnostics.brief == [
            "invalid-utf8-model.yaml:2:12: error: the model file is not valid UTF-8: byte 0xE9 is not part of a UTF-8 character",
        ])
    }

    /// A file saved as UTF-16 (or UTF-32) is said to be, by its byte order mark: "byte 0xFF is not part of a UTF-8
    /// character" left the user to work out why.
    @Test func aFileInUTF16IsSaidToBe() {
        func utf16(_ text: String, bigEndian: Bool = false) -> Data {
            Data((bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        }
        let storyboard = StoryboardImporter().importContents([(path: "u.storyboard", data: utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<document/>\n"))])
        #expect(storyboard.diagnostics.brief == [
            "u.storyboard:1:1: error: the storyboard is not valid UTF-8: it is UTF-16 (its first bytes, FF FE, are UTF-16's byte order mark); save it as UTF-8",
        ])
        #expect(InputFile.firstInvalidByte(in: utf16("format: 1", bigEndian: true))?.detail
                == "it is UTF-16 (its first bytes, FE FF, are UTF-16's byte order mark); save it as UTF-8")
        #expect(InputFile.firstInvalidByte(in: Data([0xFF, 0xFE, 0x00, 0x00, 0x66, 0, 0, 0]))?.detail
                == "it is UTF-32 (its first bytes, FF FE 00 00, are UTF-32's byte order mark); save it as UTF-8")
        #expect(InputFile.firstInvalidByte(in: Data([0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x66]))?.detail
                == "it is UTF-32 (its first bytes, 00 00 FE FF, are UTF-32's byte order mark); save it as UTF-8")
        // A bad byte later on is only that.
        #expect(InputFile.firstInvalidByte(in: Data([0x61, 0xFF, 0xFE]))?.detail == "byte 0xFF is not part of a UTF-8 character")
    }

    @Test func utf8CheckCountsColumnsInCharacters() {
        #expect(InputFile.firstInvalidByte(in: Data("ok\nĂ✓😀".utf8)) == nil)
        #expect(InputFile.firstInvalidByte(in: Data([0x61, 0x0A, 0xC3, 0xA9, 0xE2, 0x9C, 0x93, 0xED, 0xA0, 0x80]))
                == InputFile.InvalidByte(byte: 0xED, line: 2, column: 3))
        #expect(InputFile.firstInvalidByte(in: Data([0xF0, 0x9F, 0x98])) == InputFile.InvalidByte(byte: 0xF0, line: 1, column: 1))
    }

    // MARK: - Storyboard size and shape

    @Test func aOneLineStoryboardKeepsEveryPosition() throws {
        let views = 32_000
        let head = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch" initialViewController="v"><scenes><scene sceneID="s"><objects><viewController id="v" sceneMemberID="viewController"><view key="view" id="root">"#
        let text = head + String(repeating: "<view/>", count: views) + "<view id=\"last\"/></view></viewController></objects></scene></scenes></document>"
        guard case .success(let root) = StoryboardXML.parse(Data(text.utf8), file: "OneLine.storyboard") else {
            Issue.record("the storyboard does not parse")
            return
        }
        var last: StoryboardElement?
        root.forEachDescendant { if $0["id"] == "last" { last = $0 } }
        #expect(last?.location == SourceLocation(file: "OneLine.storyboard", line: 1, column: head.count + 7 * views + 1))
        let result = ModelLoader().load(imported: StoryboardImporter().importContents([("OneLine.storyboard", Data(text.utf8))]),
                                        name: "OneLine", path: "OneLine.storyboard")
        #expect(!result.hasErrors)
    }

    @Test func tagStartsFollowMultibyteCharactersAndLines() {
        let text = "<a é='✓'><b/>\n  <c\n   x='1'/><d/></a>"
        var locator = TagLocator(bytes: Array(text.utf8))
        // The parser reports a position inside or just after each tag; the `<` before it is the tag's start.
        #expect(locator.tagStart(line: 1, column: 9) == (1, 1))
        #expect(locator.tagStart(line: 1, column: 12) == (1, 10))
        #expect(locator.tagStart(line: 3, column: 9) == (2, 3))
        #expect(locator.tagStart(line: 3, column: 13) == (3, 11))
    }

    @Test func elementsNestedPastTheLimitAreRefused() throws {
        let depth = 100_000
        let text = "<document>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</document>"
        let result = StoryboardImporter().importContents([("Deep.storyboard", Data(text.utf8))])
        #expect(result.diagnostics.brief == [
            "Deep.storyboard:1:\(10 + 3 * (InputLimits.storyboardDepth - 1) + 1): error: elements nested more than 1000 levels deep (<a>); a storyboard may nest at most 1000",
        ])
    }

    /// Past the size the XML parser reads, a storyboard is refused by its size, not by the parser's "gave up".
    @Test func aStoryboardPastTheSizeLimitIsRefusedBySize() throws {
        let head = #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><!-- "#
        let tail = " --></document>"
        let padding = InputLimits.storyboardBytes + 1 - head.utf8.count - tail.utf8.count
        let result = StoryboardImporter().importContents([("Big.storyboard", Data((head + String(repeating: "x", count: padding) + tail).utf8))])
        #expect(result.diagnostics.brief == [
            "Big.storyboard:1:1: error: the storyboard is 10,000,001 bytes, more than the 10,000,000 the XML parser reads",
        ])
        #expect(result.diagnostics.first?.category == "limit")
    }

    /// An element with more attributes than Interface Builder ever writes is refused where it starts, before the XML
    /// parser, whose time grows with the square of their number; attribute-like text in comments, values and
    /// processing instructions is not counted.
    @Test func anElementWithThousandsOfAttributesIsRefusedBeforeParsing() throws {
        func storyboard(_ attributes: Int, around: String = "") -> Data {
            let list = (0..<attributes).map { " a\($0)=\"x\"" }.joined()
            return Data(#"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">"#
                .appending("\n  <scenes>\(around)<scene sceneID=\"s\"><objects><viewController id=\"v\"\(list)/></objects></scene></scenes></document>").utf8)
        }
        let refused = StoryboardImporter().importContents([("Crowded.storyboard", storyboard(1_001))])
        #expect(refused.diagnostics.brief == [
            "Crowded.storyboard:2:39: error: <viewController> has more than 1000 attributes; Interface Builder writes a few dozen at most, and the XML parser's time grows with the square of their number",
        ])
        let text = "<!-- " + String(repeating: "a=1 ", count: 2_000) + " --><?pi " + String(repeating: "b=2 ", count: 2_000) + "?>"
        let accepted = StoryboardImporter().importContents([("Fine.storyboard", storyboard(999, around: text))])
        #expect(!accepted.diagnostics.contains { $0.category == "limit" }, "\(accepted.diagnostics)")
        #expect(StoryboardXML.firstCrowdedTag(in: Array("<a b=\"=======\" c='==='>".utf8)) == nil)
    }

    /// A model file past the size limit is refused by its size before it is parsed.
    @Test func aModelPastTheSizeLimitIsRefusedBySize() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("big-model-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(("# " + String(repeating: "x", count: InputLimits.modelBytes) + "\n").utf8).write(to: file)
        #expect(ModelLoader().load(path: file.path).diagnostics.map(\.description) == [
            "\(file.path):1:1: error: the model file is \(NumberText.grouped(InputLimits.modelBytes + 3)) bytes, more than the \(NumberText.grouped(InputLimits.modelBytes)) a model may have [limit]",
        ])
    }

    /// A file far past its limit (sparse, 4 GB) is refused with its whole size without being read whole: a model and a
    /// storyboard, each read only up to one byte past the limit (`InputFile.read`), which a small file is read whole by.
    @Test func filesFarPastTheLimitAreNotReadWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let size: UInt64 = 4 << 30
        for name in ["m.yaml", "a.storyboard"] {
            let path = folder.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: size)
            try handle.close()
        }
        let model = folder.appendingPathComponent("m.yaml").path, storyboard = folder.appendingPathComponent("a.storyboard").path
        #expect(ModelLoader().load(path: model).diagnostics.map(\.description) == [
            "\(model):1:1: error: the model file is \(NumberText.grouped(Int(size))) bytes, more than the \(NumberText.grouped(InputLimits.modelBytes)) a model may have [limit]",
        ])
        #expect(ModelLoader().load(storyboards: [storyboard]).diagnostics.map(\.description) == [
            "\(storyboard):1:1: error: the storyboard is \(NumberText.grouped(Int(size))) bytes, more than the \(NumberText.grouped(InputLimits.storyboardBytes)) the XML parser reads [limit]",
        ])
        let read = try #require(InputFile.read(model, limit: 10))
        #expect(read.data.count == 11 && read.size == Int(size))
        let small = folder.appendingPathComponent("small.txt")
        try Data("hello".utf8).write(to: small)
        let whole = try #require(InputFile.read(small.path, limit: 5))
        #expect(whole.data == Data("hello".utf8) && whole.size == nil)
        #expect(InputFile.read(folder.appendingPathComponent("missing").path, limit: 5) == nil)
    }

    /// A Swift file past the size the scan reads is skipped with a warning; the others are scanned.
    @Test func aSwiftFilePastTheSizeLimitIsSkipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("Generated.swift")
        try Data(("// " + String(repeating: "x", count: InputLimits.swiftFileBytes) + "\n").utf8).write(to: big)
        try "final class A: UIViewController {\n    @IBAction func unwindToA(_ segue: UIStoryboardSegue) {}\n}\n"
            .write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let scan = SourceScan.scan(folders: [folder.path])
        #expect(scan.fileCount == 1)
        #expect(scan.unwindActionsByClass["A"] == ["unwindToA"])
        #expect(scan.diagnostics.map(\.description) == [
            "\(big.path):1:1: warning: '\(big.path)' is \(NumberText.grouped(InputLimits.swiftFileBytes + 4)) bytes, more than the \(NumberText.grouped(InputLimits.swiftFileBytes)) the scan reads in one Swift file; it is skipped [input-file]",
        ])
    }

    /// Sources that are a file, and a Swift file that is not UTF-8, are named for what they are.
    @Test func sourcesThatAreAFileOrNotUTF8AreSaidSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swift-odd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let odd = folder.appendingPathComponent("Odd.swift")
        try Data("let a = 1\nlet b = \"\u{FF}\"\n".utf8.map { $0 == 0xC3 ? 0xFF : $0 }).write(to: odd)
        let scan = SourceScan.scan(folders: [folder.path, odd.path])
        #expect(scan.diagnostics.map(\.description) == [
            "\(odd.path):2:10: warning: '\(odd.path)' is not valid UTF-8: byte 0xFF is not part of a UTF-8 character; it is scanned with such bytes replaced [input-file]",
            "\(odd.path):1:1: error: the sources '\(odd.path)' are not a folder [input-file]",
        ])
        #expect(scan.fileCount == 1)
    }

    /// What an import keeps must load back: a long document label or storyboard ID makes an identifier of at most
    /// 60 characters per part (it blocked the whole import past 128); an attribute past a model value's limit is
    /// refused where it is; a prolog naming another encoding than the UTF-8 the bytes are is said to.
    @Test func importedNamesAndValuesStayWithinTheModelsLimits() throws {
        func storyboard(_ controller: String, prolog: String = #"<?xml version="1.0" encoding="UTF-8"?>"#) -> Data {
            Data((prolog + "\n" + #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="A"><scenes><scene sceneID="s"><objects>"#
                  + controller + "</objects></scene></scenes></document>\n").utf8)
        }
        let label = String(repeating: "Screen shown after the user taps share ", count: 4)
        let named = StoryboardImporter().importContents([(path: "L.storyboard", data: storyboard(#"<viewController id="A" userLabel=""# + label + #"" sceneMemberID="viewController"/>"#))])
        #expect(named.diagnostics.filter(\.isError).isEmpty, "\(named.diagnostics)")
        #expect(named.scenes.map(\.id.count) == [60])
        // Two scenes of one long class told apart by long labels, in a storyboard with a long name: every part cut.
        let longClass = #"customClass="SubscriptionPlanComparisonViewControllerForThePremiumTier""#
        let pair = StoryboardImporter().importContents([
            (path: "Main.storyboard", data: storyboard(#"<viewController id="A" sceneMemberID="viewController"/>"#)),
            (path: "PaymentMethodsAndSubscriptionsOfTheAccountSettingsScreens.storyboard", data: storyboard(
                #"<viewController id="A" "# + longClass + #" userLabel="Plan comparison shown after the free trial of the premium tier ends" sceneMemberID="viewController"/>"#
                + #"</objects></scene><scene sceneID="s2"><objects><viewController id="B" "# + longClass + #" userLabel="Plan comparison shown from the account settings of the premium tier" sceneMemberID="viewController"/>"#)),
        ])
        #expect(pair.diagnostics.filter(\.isError).isEmpty, "\(pair.diagnostics)")
        #expect(pair.scenes.count == 3 && pair.scenes.allSatisfy { $0.id.count <= 128 }, "\(pair.scenes.map(\.id))")
        let huge = String(repeating: "C", count: 70_000)
        let refused = StoryboardImporter().importContents([(path: "C.storyboard", data: storyboard(#"<viewController id="A" customClass=""# + huge + #"" sceneMemberID="viewController"/>"#))])
        #expect(refused.diagnostics.map(\.description) == ["C.storyboard:2:179: error: <viewController>'s attribute 'customClass' is 70,000 bytes, more than the 65,536 a value of the model may have [limit]"])
        let tabbed = StoryboardImporter().importContents([(path: "T.storyboard", data: storyboard(#"<viewController id="A" sceneMemberID="viewController"/>"#, prolog: "<?xml version=\"1.0\" encoding\t=\n\"ISO-8859-1\"?>"))])
        #expect(tabbed.diagnostics.map { "\($0.location.line):\($0.location.column)" } == ["2:2"])
        let encoded = StoryboardImporter().importContents([(path: "E.storyboard", data: storyboard(#"<viewController id="A" sceneMemberID="viewController"/>"#, prolog: #"<?xml version="1.0" encoding="EBCDIC-US"?>"#))])
        #expect(encoded.diagnostics.map(\.description) == [#"E.storyboard:1:31: error: the storyboard declares the encoding 'EBCDIC-US'; Interface Builder writes UTF-8, the one encoding read (the bytes are UTF-8: write encoding="UTF-8") [syntax]"#])
    }

    @Test func xmlErrorsAreWordsWithTheirPosition() throws {
        // A document type declaration is refused where it starts, before the parser could expand its entities
        // (an entity of 50,000 characters used 100 times in each of 400 elements took 2 GB), wherever it is: a
        // processing instruction holding '<!--' hid one from a scan that skipped comments.
        let result = StoryboardImporter().importFiles([Self.fixture("entity-loop.storyboard")])
        #expect(result.diagnostics.brief == [
            "entity-loop.storyboard:2:1: error: a document type declaration ('<!DOCTYPE'), which Interface Builder never writes: its entities could expand without bound, so a storyboard with one is not read; remove it",
        ])
        let big = String(repeating: "a", count: 50_000)
        let elements = (0..<400).map { #"<viewController id="V\#($0)" foo=""# + String(repeating: "&a;", count: 100) + #"" sceneMemberID="viewController"/>"# }.joined()
        let expanding = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<?x <!-- ?> <!DOCTYPE document [<!ENTITY a \"\(big)\">]>\n"
            + #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects>"#
            + elements + "</objects></scene></scenes></document>"
        let expanded = StoryboardImporter().importContents([(path: "x.storyboard", data: Data(expanding.utf8))])
        #expect(expanded.diagnostics.brief.count == 1 && expanded.diagnostics.brief[0].hasPrefix("x.storyboard:2:13: error: a document type declaration"), "\(expanded.diagnostics.brief)")
        // An undeclared entity is quoted.
        let undeclared = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="a"><objects><viewController id="A" title="x &nosuch; y" sceneMemberID="viewController"/></objects></scene></scenes></document>"#
        let entity = StoryboardImporter().importContents([(path: "e.storyboard", data: Data(undeclared.utf8))])
        #expect(entity.diagnostics.first?.message.hasSuffix("an undeclared entity (write '&amp;' for '&'): '&nosuch;'") == true, "\(entity.diagnostics)")
        // Placed at its '&' (the parser stops past it) and named, also after accents, CJK and emoji on its line; a
        // '&' that starts no reference is told to be written '&amp;'; one missing its ';' is placed at its '&'.
        func first(_ title: String) -> String {
            let text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="a"><objects><viewController id="A" title=""# + title + #"" sceneMemberID="viewController"/></objects></scene></scenes></document>"#
            return StoryboardImporter().importContents([(path: "e.storyboard", data: Data(text.utf8))]).diagnostics.first?.description ?? ""
        }
        let prefix = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="a"><objects><viewController id="A" title=""#.unicodeScalars.count
        for before in ["x ", "Café 📷 打开 "] {
            let column = prefix + before.unicodeScalars.count + 1
            #expect(first(before + "&bogus; y") == "e.storyboard:2:\(column): error: malformed XML: an undeclared entity (write '&amp;' for '&'): '&bogus;' [syntax]", "\(before)")
            #expect(first(before + "& y") == "e.storyboard:2:\(column): error: malformed XML: a '&' that starts no entity reference; write '&amp;' for '&' in text [syntax]", "\(before)")
            #expect(first(before + "&amp y") == "e.storyboard:2:\(column): error: malformed XML: an entity reference is missing its ';' [syntax]", "\(before)")
            // A control character, and an attribute written twice, counted in characters too (they were in bytes).
            #expect(first(before + "\u{01}") == "e.storyboard:2:\(column): error: malformed XML: an invalid character: U+0001 (a control character other than tab, newline and carriage return, which XML does not allow) [syntax]", "\(before)")
            #expect(first(before + "\" title=\"again") == "e.storyboard:2:\(column + 2): error: malformed XML: an attribute is written twice: 'title' [syntax]", "\(before)")
        }
        // A forbidden control character is named and pointed at; so is an invalid character reference.
        let control = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<document>\n  <scenes>ab\u{01}</scenes></document>\n"
        let controlResult = StoryboardImporter().importContents([(path: "c.storyboard", data: Data(control.utf8))])
        #expect(controlResult.diagnostics.brief == [
            "c.storyboard:3:13: error: malformed XML: an invalid character: U+0001 (a control character other than tab, newline and carriage return, which XML does not allow)",
        ])
        let reference = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<document>\n  <scenes>&#1;</scenes></document>\n"
        // A reference met first is the error, not a forbidden byte further down.
        let referenceFirst = reference.replacingOccurrences(of: "</document>", with: "\n<!-- \u{02} --></document>")
        let referenceResult = StoryboardImporter().importContents([(path: "r.storyboard", data: Data(referenceFirst.utf8))])
        #expect(referenceResult.diagnostics.first?.message.hasSuffix("an invalid character: '&#1;' (a reference to a character XML does not allow)") == true, "\(referenceResult.diagnostics)")
        // Every code libxml2's parser reports for a document (xmlParserErrors 1…111) has words.
        for code in 1...111 {
            #expect(!StoryboardXML.describe(code: code).hasPrefix("XML parser error"), "code \(code)")
        }
    }

    /// A segue whose destination is no object of the storyboard (the storyboard would not build) is an error; one to
    /// an object that is not a view controller stays a warning.
    @Test func aSegueToAMissingObjectIsAnError() throws {
        func storyboard(destination: String) -> Data {
            Data(("""
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="A">
                <scenes>
                <scene sceneID="s1"><objects><viewController id="A" sceneMemberID="viewController"><view key="view" id="V"/>
                <connections><segue destination="\(destination)" kind="show" identifier="go" id="G"/></connections>
                </viewController></objects></scene>
                <scene sceneID="s2"><objects><viewController id="B" sceneMemberID="viewController"/></objects></scene>
                </scenes></document>
                """).utf8)
        }
        let missing = StoryboardImporter().importContents([(path: "m.storyboard", data: storyboard(destination: "Nope-00-000"))])
        #expect(missing.diagnostics.brief == [
            "m.storyboard:5:14: error: show segue to 'Nope-00-000', which is no object of this storyboard: the destination is missing, and the storyboard does not build (a merge or an edit gone wrong?)",
        ])
        // A view is not a view controller: also a storyboard that does not build.
        let view = StoryboardImporter().importContents([(path: "v.storyboard", data: storyboard(destination: "V"))])
        #expect(view.diagnostics.brief == [
            "v.storyboard:5:14: error: show segue to 'V', which is a <view>, not a view controller: the storyboard does not build (a merge or an edit gone wrong?)",
        ])
        let fine = StoryboardImporter().importContents([(path: "f.storyboard", data: storyboard(destination: "B"))])
        #expect(fine.diagnostics.filter(\.isError).isEmpty)
        // A container's relationship to a missing object too.
        let root = Data(String(decoding: storyboard(destination: "B"), as: UTF8.self)
            .replacingOccurrences(of: #"<viewController id="A" sceneMemberID="viewController"><view key="view" id="V"/>"#,
                                  with: #"<navigationController id="A" sceneMemberID="viewController">"#)
            .replacingOccurrences(of: #"<segue destination="B" kind="show" identifier="go" id="G"/></connections>"#, with: #"<segue destination="Gone" kind="relationship" relationship="rootViewController" id="R"/></connections>"#)
            .replacingOccurrences(of: "</viewController></objects></scene>\n<scene sceneID=\"s2\">", with: "</navigationController></objects></scene>\n<scene sceneID=\"s2\">").utf8)
        let relationship = StoryboardImporter().importContents([(path: "r.storyboard", data: root)])
        #expect(relationship.diagnostics.brief.contains("r.storyboard:5:14: error: relationship segue to 'Gone', which is no object of this storyboard: the destination is missing, and the storyboard does not build (a merge or an edit gone wrong?)"),
                "\(relationship.diagnostics)")
        // A popover anchored to a missing object: an error too (it was taken as an anchor named 'Nope').
        func popover(anchor: String) -> Data {
            Data(String(decoding: storyboard(destination: "B"), as: UTF8.self)
                .replacingOccurrences(of: #"kind="show" identifier="go""#, with: #"kind="popoverPresentation" popoverAnchorView="\#(anchor)" identifier="go""#).utf8)
        }
        let anchored = StoryboardImporter().importContents([(path: "p.storyboard", data: popover(anchor: "V"))])
        #expect(anchored.diagnostics.filter(\.isError).isEmpty, "\(anchored.diagnostics)")
        let dangling = StoryboardImporter().importContents([(path: "p.storyboard", data: popover(anchor: "Nope"))])
        #expect(dangling.diagnostics.brief == [
            "p.storyboard:5:14: error: popover segue anchored to 'Nope' (popoverAnchorView), which is no object of this storyboard: the anchor is missing, and a popover without one does not build (a merge or an edit gone wrong?)",
        ])
    }

    // MARK: - Follow-on and valid-but-broken cases

    @Test func anInvalidInitialIsReportedOnce() throws {
        let result = ModelLoader().load(path: Self.fixture("invalid-initial.yaml"))
        #expect(result.diagnostics.brief == [
            "invalid-initial.yaml:3:10: error: invalid initial scene '9lives': scene identifiers match [A-Za-z_][A-Za-z0-9_-]* parts joined by '.' or '@'",
        ])
        let notText = try Self.only("format: 1\nname: N\ninitial: [a]\nscenes:\n  a: {}\n")
        #expect(notText == "3:10: initial scene must be text, found a list [model-format]")
    }

    @Test func anInvalidContainerChildIsReportedOnceNotAlsoAsMissing() throws {
        let result = ModelLoader().load(text: "format: 1\nname: R\ninitial: n\nscenes:\n  n: {kind: navigation, root: 9a}\n  t: {kind: tabBar, tabs: [x!]}\n  s: {kind: split, primary: '1', secondary: n}\n", path: "r.yaml")
        let errors = result.diagnostics.filter(\.isError).map { "\($0.location.line):\($0.location.column) \($0.category ?? "")" }
        #expect(errors == ["5:31 model-format", "6:28 model-format", "7:29 model-format"], "\(result.diagnostics)")
        // An empty or missing child is still a missing one.
        let empty = ModelLoader().load(text: "format: 1\nname: R\ninitial: n\nscenes:\n  n: {kind: navigation}\n  t: {kind: tabBar, tabs: []}\n", path: "r.yaml")
        #expect(empty.diagnostics.filter { $0.category == "containment" }.count == 2)
    }

    @Test func sceneAndFlowIdentifiersHaveALengthLimit() throws {
        let long = String(repeating: "x", count: 250)
        let atLimit = String(repeating: "y", count: Identifier.maximumLength)
        let text = """
            format: 1
            name: Long names
            initial: \(long)
            scenes:
              \(long):
                segues:
                  next: {kind: show, to: \(atLimit)}
              \(atLimit): {}
            flows:
              \(long):
                steps:
                  - tap: \(long).next
            """
        let errors = ModelLoader().load(text: text, path: "Model.yaml").diagnostics.filter(\.isError)
        let prefix = String(repeating: "x", count: 40)
        #expect(errors.brief == [
            "Model.yaml:5:3: error: scene id '\(prefix)…' is 250 characters long; scene and flow identifiers name files of the docs and have at most 128",
            "Model.yaml:10:3: error: flow id '\(prefix)…' is 250 characters long; scene and flow identifiers name files of the docs and have at most 128",
        ])
        #expect(errors.allSatisfy { $0.category == DiagnosticCategory.limit.id })
    }
}
