import Foundation
import Testing

/// `scenograph render`, run as the built binary.
@Suite("render command")
struct RenderCommandTests {
    @Test("--format dot prints the segue graph's DOT on standard output")
    func dotToStandardOutput() throws {
        let run = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "--format", "dot"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("digraph segues {\n"))
        #expect(run.output.contains(#"id="scene-library""#))
        #expect(run.output.contains(#"URL="scenes/library.html""#))
        #expect(run.error.isEmpty)
    }

    @Test("an -o name whose extension is no format render writes is a usage error, not SVG under that name; import does not write YAML into a .json file")
    func outputNamesMustSayTheFormat() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let gif = directory.appendingPathComponent("map.gif")
        let run = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "-o", gif.path])
        #expect(run.status == 64)
        #expect(run.error.contains(".gif is not a format render writes (svg, png, pdf, dot or gv, mmd)"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: gif.path))
        let named = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "--format", "svg", "-o", gif.path])
        #expect(named.status == 0, "--format says what goes into the file: \(named.error)")
        let json = directory.appendingPathComponent("model.json")
        let imported = try Scenograph.run(["import", "Tests/ModelLoadingTests/Fixtures/Storyboards/Settings.storyboard", "-o", json.path])
        #expect(imported.status == 64)
        #expect(imported.error.contains("import writes the model as YAML; name the file .yaml"), "\(imported.error)")
        #expect(!FileManager.default.fileExists(atPath: json.path))
    }

    @Test("--link-extension md makes nodes link to Markdown pages")
    func markdownLinks() throws {
        let run = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "--format", "dot", "--link-extension", "md"])
        #expect(run.output.contains(#"URL="scenes/library.md""#))
    }

    @Test("-o writes the SVG to the file and leaves no temporary file behind")
    func writesFile() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("segues.svg")
        try Data("old".utf8).write(to: file)
        let run = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "-o", file.path])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        let svg = try String(contentsOf: file, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["segues.svg"])
    }

    @Test("-o's extension chooses the format; a --format it contradicts is a command-line error")
    func formatFromTheExtension() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("map.png")
        #expect(try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "-o", png.path]).status == 0)
        #expect(Array(try Data(contentsOf: png).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let mermaid = directory.appendingPathComponent("map.mmd")
        #expect(try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "-o", mermaid.path]).status == 0)
        #expect(try String(contentsOf: mermaid, encoding: .utf8).contains("flowchart"))
        let pdf = directory.appendingPathComponent("map.pdf")
        let contradicted = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "--format", "svg", "-o", pdf.path])
        #expect(contradicted.status == 64)
        #expect(contradicted.error.contains("-o \(pdf.path) names a .pdf file, but --format is svg"))
        #expect(!FileManager.default.fileExists(atPath: pdf.path))
        // An extension that names no format leaves the choice to --format, SVG by default.
        let text = directory.appendingPathComponent("map.txt")
        #expect(try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "-o", text.path]).status == 0)
        #expect(try String(contentsOf: text, encoding: .utf8).hasPrefix("<?xml"))
    }

    @Test("a sequence diagram of storyboards alone says where flows come from")
    func sequenceWithoutFlows() throws {
        let storyboard = Scenograph.packageDirectory.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards/Settings.storyboard").path
        let run = try Scenograph.run(["render", storyboard, "--diagram", "sequence", "-q"])
        #expect(run.status == 1)
        #expect(run.error.contains("\(storyboard):1:1: error: the diagram is drawn for one flow, and the model has no flows; flows are written in a model file that lists the storyboards (docs/model-format.md)"), "\(run.error)")
        let model = try Scenograph.run(["render", Scenograph.example, "--diagram", "sequence"])
        #expect(model.error.contains("add --flow ID; flows: "), "a model with flows lists them: \(model.error)")
    }

    @Test("a sequence diagram of a model with one flow needs no --flow, and is that flow's")
    func sequenceOfTheOnlyFlow() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("One.yaml")
        try Data("""
            format: 1
            name: One
            initial: A
            scenes:
              A:
                segues:
                  next: {kind: present, to: B, trigger: Next}
              B: {}
            flows:
              only:
                steps: [tap: A.next]
            """.utf8).write(to: model)
        let implied = directory.appendingPathComponent("implied.dot"), named = directory.appendingPathComponent("named.dot")
        let run = try Scenograph.run(["render", model.path, "--diagram", "sequence", "-o", implied.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(try Scenograph.run(["render", model.path, "--diagram", "sequence", "--flow", "only", "-o", named.path]).status == 0)
        #expect(try Data(contentsOf: implied) == Data(contentsOf: named))
        // The filmstrip without a flow stays the diagram of every possible chain.
        let chains = directory.appendingPathComponent("chains.dot")
        #expect(try Scenograph.run(["render", model.path, "--diagram", "chains", "-o", chains.path]).status == 0)
        #expect(try Data(contentsOf: chains) != Data(contentsOf: named))
    }

    /// A small valid model whose unwind falls on its destination's rank: drawn with `constraint=false`, that made a
    /// labelled flat edge, and Graphviz 2.43 freed the layout's ranks twice (`render` aborted, `generate` lost its
    /// workers); one random valid model in three did it.
    @Test("an unwind beside a legend renders: render and generate in this process end normally")
    func unwindOnItsDestinationsRank() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("F.yaml")
        try Data("""
            format: 1
            name: F
            initial: s0
            scenes:
              s0: {unwindActions: [u1]}
              s3: {kind: tabBar, tabs: [s7, s5]}
              s4: {segues: {g0: {kind: unwind, action: u1}, g2: {kind: present, to: s3}}}
              s5: {}
              s7: {segues: {g0: {kind: present, to: s0}, g1: {kind: present, to: s4}, g3: {kind: modal, to: s5}}}
            """.utf8).write(to: model)
        let svg = directory.appendingPathComponent("segues.svg")
        let render = try Scenograph.run(["render", model.path, "--diagram", "segues", "-o", svg.path, "-q"])
        #expect(render.status == 0, "\(render.error)")
        #expect(try String(contentsOf: svg, encoding: .utf8).contains("segue&#45;s4.g0.s0"))
        let docs = directory.appendingPathComponent("docs")
        let generate = try Scenograph.run(["generate", model.path, "-o", docs.path, "--jobs", "1", "--no-cache", "-q"])
        #expect(generate.status == 0, "\(generate.error)")
        #expect(FileManager.default.fileExists(atPath: docs.appendingPathComponent("scenes/s4-neighbourhood.svg").path))
    }

    @Test("PNG and PDF output start with their file signatures")
    func binaryFormats() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (format, signature) in [("png", [0x89, 0x50, 0x4E, 0x47] as [UInt8]), ("pdf", Array("%PDF".utf8))] {
            let file = directory.appendingPathComponent("segues.\(format)")
            let run = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "--format", format, "-o", file.path])
            #expect(run.status == 0)
            #expect(Array(try Data(contentsOf: file).prefix(4)) == signature)
        }
    }

    @Test("a flow diagram without a known flow is an error, and the output file is left as it was")
    func flowDiagramNeedsAFlow() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sequence.svg")
        try Data("old".utf8).write(to: file)
        let missing = try Scenograph.run(["render", Scenograph.example, "--diagram", "sequence", "-o", file.path])
        #expect(missing.status == 1)
        #expect(missing.error.contains("Photos.yaml:225:3: error: the diagram is drawn for one flow: add --flow ID; flows: browse-photos, "))
        let unknown = try Scenograph.run(["render", Scenograph.example, "--diagram", "chains", "--flow", "share-a-foto", "-o", file.path])
        #expect(unknown.status == 1)
        // Where the model's flows start, as simulate says it.
        #expect(unknown.error.contains("Photos.yaml:225:3: error: unknown flow 'share-a-foto' (did you mean 'share-a-photo'?)"))
        let simulated = try Scenograph.run(["simulate", Scenograph.example, "--flow", "share-a-foto"])
        #expect(simulated.error == unknown.error)
        #expect(try String(contentsOf: file, encoding: .utf8) == "old")
    }

    @Test("chains and sequence diagrams render", arguments: [
        ["--diagram", "chains"], ["--diagram", "chains", "--flow", "share-a-photo"],
        ["--diagram", "sequence", "--flow", "share-a-photo"], ["--diagram", "sequence", "--flow", "share-a-photo", "--detail", "full"],
    ])
    func flowDiagrams(arguments: [String]) throws {
        let run = try Scenograph.run(["render", Scenograph.example, "--format", "svg"] + arguments)
        #expect(run.status == 0)
        #expect(run.output.contains("<svg"))
        #expect(run.output.contains("</svg>"))
    }

    @Test("a flow that fails or stops is drawn all the same, reported as simulate reports it, with status 1",
          arguments: [["--format", "svg"], ["--format", "dot"], ["--format", "mermaid"], ["--diagram", "chains"]])
    func failingFlow(arguments: [String]) throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("f.yaml")
        try Data("""
            format: 1
            name: F
            initial: a
            scenes:
              a:
                segues: {open: {kind: present, to: b}}
              b: {}
            flows:
              stops:
                steps:
                  - tap: a.open
              fails:
                steps:
                  - perform: a.open
                  - expect: {visible: a}
            """.utf8).write(to: model)
        for (flow, message) in [("stops", "f.yaml:11:9: error: flow 'stops' step 1 (tap: a.open): tap: segue 'a.open' has no trigger (it is manual); only 'perform:' can fire it [flow-error]"),
                                ("fails", "f.yaml:15:27: error: flow 'fails' step 2: expectation failed: visible: expected a, actual b [flow-expectation]")] {
            let file = directory.appendingPathComponent("\(flow).out")
            let diagram = arguments.contains("--diagram") ? [] : ["--diagram", "sequence"]
            let run = try Scenograph.run(["render", model.path, "--flow", flow, "-o", file.path] + diagram + arguments)
            #expect(run.status == 1, "\(flow) \(arguments)")
            #expect(run.error.contains(message), "\(run.error)")
            let simulated = try Scenograph.run(["simulate", model.path, "--flow", flow])
            #expect(simulated.error.contains(message))
            #expect((try? Data(contentsOf: file).count) ?? 0 > 100, "the diagram shows where the flow went wrong")
        }
    }

    @Test("a model with errors ends with status 1, its diagnostics, and no output")
    func invalidModel() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("bad.yaml")
        try Data("format: 1\nname: Bad\ninitial: nowhere\nscenes: {a: {}}\n".utf8).write(to: model)
        let file = directory.appendingPathComponent("out.svg")
        let run = try Scenograph.run(["render", model.path, "--diagram", "segues", "-o", file.path])
        #expect(run.status == 1)
        #expect(run.error.contains("bad.yaml:3:"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("an output file in a missing directory is an error naming the directory")
    func missingDirectory() throws {
        let run = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "-o", "/nonexistent-scenograph/x.svg"])
        #expect(run.status == 1)
        #expect(run.error.contains("error: cannot write '/nonexistent-scenograph/x.svg': no such folder '/nonexistent-scenograph'"))
        // A file on the way is named as such, as given, not as a missing folder.
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "x".write(to: directory.appendingPathComponent("afile"), atomically: true, encoding: .utf8)
        for (arguments, output) in [(["render", packageRoot.appendingPathComponent("Examples/Photos.yaml").path, "--diagram", "segues"], "afile/x.svg"),
                                    (["import", packageRoot.appendingPathComponent("Tests/ModelLoadingTests/Fixtures/Storyboards/Main.storyboard").path], "afile/x.yaml"),
                                    (["benchmark", "--write-model"], "afile/m.yaml")] {
            let through = try CLIRunner.run(arguments + (arguments.last == "--write-model" ? [output] : ["-o", output]), in: directory)
            #expect(through.status == 1)
            #expect(through.stderr.contains("error: cannot write '\(output)': 'afile' is a file, not a folder"), "\(through.stderr)")
        }
    }

    @Test("without Graphviz's plugin list SVG still renders, and PNG gives an error telling to run dot -c")
    func missingPluginList() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // GVBINDIR points Graphviz at a plugin folder: here the plugins without the config6 list.
        let installed = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues"])
        #expect(installed.status == 0)
        let pluginFolder = try #require(Scenograph.graphvizPluginFolder())
        for file in try FileManager.default.contentsOfDirectory(atPath: pluginFolder) where file.hasPrefix("libgvplugin_") {
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(file).path,
                                                       withDestinationPath: pluginFolder + "/" + file)
        }
        let svg = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues"], environment: ["GVBINDIR": directory.path])
        #expect(svg.status == 0)
        #expect(svg.output == installed.output, "SVG needs no plugin list")
        let png = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "--format", "png"],
                                     environment: ["GVBINDIR": directory.path])
        #expect(png.status == 1)
        #expect(png.error.contains("graphviz has no layout engines for PNG or PDF"))
        #expect(png.error.contains("dot -c"))
        #expect(png.output.isEmpty)
    }

    @Test("Graphviz without its plugins gives an error naming the missing library")
    func missingPlugins() throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues"], environment: ["GVBINDIR": directory.path])
        #expect(run.status == 1)
        #expect(run.error.contains("graphviz plugin library 'libgvplugin_dot_layout' cannot be loaded"))
        #expect(run.error.contains(directory.path))
        #expect(run.output.isEmpty)
    }

    @Test("no jobs, or more than 64 (each a process), is a command-line error naming the value, before anything is written",
          arguments: ["generate", "benchmark"], ["0", "-1", "65", "100000"])
    func jobsOutOfRange(command: String, jobs: String) throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Docs")
        let arguments = command == "generate" ? ["generate", Scenograph.example, "-o", output.path, "--jobs", jobs] : ["benchmark", "--jobs", jobs]
        let run = try Scenograph.run(arguments)
        #expect(run.status == 64)
        #expect(run.error.contains("--jobs must be between 1 and 64, not \(jobs)"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("--part without --step, or --step without the sequence diagram, is a command-line error naming the option; nothing is written",
          arguments: [
              (["--diagram", "sequence", "--flow", "share-a-photo", "--part", "2"], "--part 2 needs --step"),
              (["--diagram", "segues", "--step", "3"], "--step draws a part of a sequence diagram; add --diagram sequence, or leave out --step 3"),
              (["--diagram", "chains", "--flow", "share-a-photo", "--step", "1", "--part", "1"], "--step draws a part of a sequence diagram"),
              (["--diagram", "sequence", "--flow", "share-a-photo", "--step", "1", "--format", "mermaid"], "--step 1 draws a part of the Graphviz sequence diagram; Mermaid draws the whole flow"),
              (["--diagram", "sequence", "--flow", "share-a-photo", "--step=-1"], "--step -1 is not a step: steps are numbered from 0 (the launch)"),
              (["--diagram", "sequence", "--flow", "share-a-photo", "--step", "-2"], "--step -2 is not a step: steps are numbered from 0 (the launch)"),
              (["--diagram", "sequence", "--flow", "share-a-photo", "--step", "1", "--part", "-1"], "--part -1 is not a part: parts are numbered from 1"),
              (["--diagram", "sequence", "--flow", "share-a-photo", "--step", "1", "--part", "0"], "--part 0 is not a part: parts are numbered from 1"),
              (["--diagram", "chains", "--flow", "share-a-photo", "--format", "mermaid"], "the chains diagram has no Mermaid form"),
          ])
    func stepAndPartNeedEachOther(arguments: [String], message: String) throws {
        let directory = try Scenograph.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("diagram.svg")
        let run = try Scenograph.run(["render", Scenograph.example] + arguments + ["-o", output.path])
        #expect(run.status == 64)
        #expect(run.error.contains(message))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("--step with --part draws that part; --step alone draws its first part")
    func stepAndPart() throws {
        let first = try Scenograph.run(["render", Scenograph.example, "--diagram", "sequence", "--flow", "share-a-photo", "--step", "1", "--format", "dot"])
        let explicit = try Scenograph.run(["render", Scenograph.example, "--diagram", "sequence", "--flow", "share-a-photo", "--step", "1", "--part", "1", "--format", "dot"])
        #expect(first.status == 0)
        #expect(first.output.hasPrefix("digraph "))
        #expect(explicit.output == first.output)
        let missing = try Scenograph.run(["render", Scenograph.example, "--diagram", "sequence", "--flow", "share-a-photo", "--step", "1", "--part", "9"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("step 1 of flow 'share-a-photo' is drawn in one part: --part 9 is not one of them"), "\(missing.error)")
        let noStep = try Scenograph.run(["render", Scenograph.example, "--diagram", "sequence", "--flow", "share-a-photo", "--step", "99"])
        #expect(noStep.status == 1)
        #expect(noStep.error.contains("Photos.yaml:252:3: error: flow 'share-a-photo' has no step 99 (its steps are 0–6); its drawn steps are 0–2, 5"), "\(noStep.error)")
        let quiet = try Scenograph.run(["render", Scenograph.example, "--diagram", "sequence", "--flow", "share-a-photo", "--step", "3"])
        #expect(quiet.status == 1)
        #expect(quiet.error.contains("step 3 of flow 'share-a-photo' has no sequence diagram: no view controller receives a callback in it; its drawn steps are 0–2, 5"), "\(quiet.error)")
    }

    @Test("an unknown format is a command-line error")
    func unknownFormat() throws {
        let run = try Scenograph.run(["render", Scenograph.example, "--diagram", "segues", "--format", "gif"])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
    }
}

/// Runs the `scenograph` binary built next to the test bundle.
enum Scenograph {
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let example = packageDirectory.appendingPathComponent("Examples/Photos.yaml").path

    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    static var binary: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("scenograph")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageDirectory.appendingPathComponent(".build/debug/scenograph")
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.currentDirectoryURL = packageDirectory
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting: a full pipe would block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                   error: String(decoding: errorData, as: UTF8.self))
    }

    /// Graphviz's plugin folder, as pkg-config reports it.
    static func graphvizPluginFolder() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--variable=libdir", "libgvc"]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let libdir = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !libdir.isEmpty ? libdir + "/graphviz" : nil
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenograph-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
