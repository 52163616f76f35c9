import Diagrams
import Foundation
import ModelLoading
import Review
import SceneModel
import Simulator
import Testing

/// The Mermaid outputs — the diff graph, the segue graph and sequence diagrams — parse and render with the real
/// Mermaid library in headless Chromium. Needs `chromium` and `.cache/mermaid/mermaid.min.js` (both installed by
/// `scripts/setup.sh --browser`); skipped with a message when either is missing.
///
/// With SCENOGRAPH_MERMAID_SCREENSHOTS=DIR the rendered page is also saved as DIR/mermaid.png, to look at.
@Suite struct MermaidRenderTests {
    static var mermaidScript: URL {
        if let path = ProcessInfo.processInfo.environment["SCENOGRAPH_MERMAID_JS"] { return URL(fileURLWithPath: path) }
        return ReviewFiles.packageDirectory.appendingPathComponent(".cache/mermaid/mermaid.min.js")
    }

    static var browser: String? {
        ["chromium", "chromium-browser", "google-chrome"].first(where: ReviewFiles.available)
    }

    static func sources() throws -> [(name: String, text: String)] {
        let photos = try #require(ModelLoader().load(path: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos.yaml").path).model)
        let proposed = try #require(ModelLoader().load(path: ReviewFiles.packageDirectory.appendingPathComponent("Examples/Photos-proposed.yaml").path).model)
        let shopBase = try ReviewFiles.model("shop-base.yaml")
        let shopHead = try ReviewFiles.model("shop-head.yaml")
        let diagrams = TraceDiagrams(model: photos)
        let simulator = Simulator(model: photos)
        var sources: [(String, String)] = [
            ("photos diff graph", DiffReport(base: photos, head: proposed).graph.mermaid().text),
            ("shop diff graph", DiffReport(base: shopBase, head: shopHead).graph.mermaid().text),
            ("photos segue graph", MermaidSegueGraph(model: photos).text),
        ]
        for flow in ["browse-photos", "code-driven-navigation"] {
            let trace = try #require(simulator.run(flowID: flow))
            sources.append(("\(flow) sequence", MermaidSequenceDiagram().text(for: diagrams.sequenceScript(for: trace))))
        }
        // Titles with what Mermaid reads as markup: backticks (Markdown strings), a directive, entities.
        let tricky = try ReviewFiles.model(text: """
            format: 1
            name: Tricky
            initial: nav
            scenes:
              nav: {kind: navigation, root: home}
              home:
                title: "`code` %%{init: {'theme':'dark'}}%% 100% #35; <b> *em* _u_ ~s~ [l](x) a\\\\b"
                segues:
                  open: {kind: show, to: detail, trigger: "`Open` %%"}
                unwindActions: [unwindToHome]
              detail:
                title: "a|b \\"quoted\\""
                segues:
                  back_to_home: {kind: unwind, action: unwindToHome, trigger: Back}
            flows:
              go:
                steps:
                  - tap: home.open
            """, path: "tricky.yaml")
        sources.append(("tricky segue graph", MermaidSegueGraph(model: tricky).text))
        let trickyTrace = try #require(Simulator(model: tricky).run(flowID: "go"))
        sources.append(("tricky sequence", MermaidSequenceDiagram().text(for: TraceDiagrams(model: tricky).sequenceScript(for: trickyTrace))))
        return sources
    }

    /// Text each rendered diagram must show as written (a name in `sources()`).
    static let shownText: [String: [String]] = [
        "tricky segue graph": ["`code` %%{init: {'theme':'dark'}}%% 100% #35; <b> *em* _u_ ~s~ [l](x) a\\b", "a|b \"quoted\"", "unwindToHome(_:)"],
    ]

    @Test func everyMermaidOutputRendersAnSVG() throws {
        guard let browser = Self.browser else {
            print("skipped: no Chromium (run scripts/setup.sh --browser)")
            return
        }
        guard FileManager.default.fileExists(atPath: Self.mermaidScript.path) else {
            print("skipped: no mermaid.min.js at \(Self.mermaidScript.path) (run scripts/setup.sh --browser)")
            return
        }
        let sources = try Self.sources()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mermaid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        try Data(Self.page(sources).utf8).write(to: page)

        let profile = directory.appendingPathComponent("profile").path
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
                      "--allow-file-access-from-files", "--virtual-time-budget=30000"]
        let result = try #require(ReviewFiles.run(browser, common + ["--dump-dom", page.absoluteString]))
        let status = try #require(Self.status(in: result.stdout), "no status in the page: \(result.stderr.suffix(2000))")
        #expect(status.count == sources.count)
        for (source, outcome) in zip(sources, status) {
            #expect(outcome == "svg", "\(source.name): \(outcome)\n\(source.text)")
        }
        if let folder = ProcessInfo.processInfo.environment["SCENOGRAPH_MERMAID_SCREENSHOTS"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = ReviewFiles.run(browser, common + ["--hide-scrollbars", "--window-size=1600,4200",
                                                   "--screenshot=\(folder)/mermaid.png", page.absoluteString])
        }
    }

    /// A page that renders each source with `mermaid.render` and writes, into `<pre id="status">`, a JSON list of
    /// `svg` or the error message for each.
    static func page(_ sources: [(name: String, text: String)]) -> String {
        let json = "[" + sources.map { "\"" + jsonEscape($0.text) + "\"" }.joined(separator: ",") + "]"
        let names = "[" + sources.map { "\"" + jsonEscape($0.name) + "\"" }.joined(separator: ",") + "]"
        let shownLists: [String] = sources.map { source in
            let items: [String] = (shownText[source.name] ?? []).map { "\"" + jsonEscape($0) + "\"" }
            return "[" + items.joined(separator: ",") + "]"
        }
        let shown = "[" + shownLists.joined(separator: ",") + "]"
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>Mermaid</title>
            <style>body{font-family:sans-serif;background:#fff} h2{font-size:14px;margin:16px 0 4px}</style></head><body>
            <pre id="status">pending</pre><div id="out"></div>
            <script src="\(mermaidScript.absoluteString)"></script>
            <script>
            const sources = \(json);
            const names = \(names);
            const shown = \(shown);
            (async () => {
              const results = [];
              try { mermaid.initialize({startOnLoad: false, securityLevel: 'strict'}); } catch (e) { results.push('init: ' + e); }
              for (let i = 0; i < sources.length; i++) {
                try {
                  await mermaid.parse(sources[i]);
                  const { svg } = await mermaid.render('diagram' + i, sources[i]);
                  const ok = svg.includes('<svg') && !svg.includes('Syntax error');
                  const box = document.createElement('div');
                  box.innerHTML = '<h2></h2>' + svg;
                  box.querySelector('h2').textContent = names[i];
                  document.getElementById('out').appendChild(box);
                  const text = box.querySelector('svg').textContent.replace(/\\s+/g, ' ');
                  const missing = shown[i].filter(t => !text.includes(t));
                  results.push(!ok ? 'no svg' : missing.length ? 'text not shown as written: ' + missing.join(' | ') + ' in: ' + text : 'svg');
                } catch (e) {
                  results.push('error: ' + (e && e.message ? e.message : String(e)));
                }
              }
              document.getElementById('status').textContent = JSON.stringify(results);
            })();
            </script></body></html>
            """
    }

    static func jsonEscape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "<": out += "\\u003c"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The outcomes the page wrote, from the dumped DOM.
    static func status(in dom: String) -> [String]? {
        guard let start = dom.range(of: "<pre id=\"status\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else { return nil }
        let text = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        guard let data = text.data(using: .utf8), let list = try? JSONSerialization.jsonObject(with: data) as? [String] else { return nil }
        return list
    }
}
