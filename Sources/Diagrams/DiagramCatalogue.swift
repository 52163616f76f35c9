import Dispatch
import SceneModel
import Simulator

/// The diagrams a model has, each with its file name, title, description and layout engine: the one list that
/// `generate`, `render` and `benchmark` share.
///
/// Each entry builds its DOT for a link flavour: the pages it links to (`md` or `html`), relative to the folder
/// its file lives in (`scenes/x-neighbourhood.svg` links to `../scenes/y.md`). Nothing is substituted in text
/// afterwards: user text reaches the DOT only through the escaping of the typed builder.
public struct DiagramCatalogue: Sendable {
    /// What a diagram shows.
    public enum Subject: Hashable, Sendable {
        case segueGraph
        /// The overview of a segue graph too big for one drawing (`SegueGraphPartition`), named `segues`.
        case segueOverview
        /// One part of that graph, named `segues/<part id>`.
        case seguePart(id: String)
        case neighbourhood(scene: String)
        case possibleChains
        case sequence(flow: String)
        /// One part of a flow's sequence: a step (`part` 1 of 1), or a piece of a step too wide for one part.
        case sequencePart(flow: String, step: Int, part: Int)
        case filmstrip(flow: String)
    }

    /// Graphviz's layout engine for a diagram.
    public enum Engine: String, Sendable, Hashable {
        /// Hierarchical layout.
        case dot
        /// Coordinates computed here and pinned (`neato -n2`).
        case nop2
    }

    public struct Entry: Sendable {
        public var subject: Subject
        /// The file's path without extension, relative to the docs root: `segues`, `scenes/photo-neighbourhood`.
        public var name: String
        /// A short title: "Segue graph of Photos".
        public var title: String
        /// What the diagram shows, in one sentence, for people who cannot see it (an `aria-label`).
        public var description: String
        public var engine: Engine
        let build: @Sendable (DocumentLinks?) -> DOTGraph
        /// The image format of the Markdown pages' diagrams, which links between diagrams point at.
        var markdownImageExtension = "svg"
        /// For a part of a flow's sequence whose script other parts share (the launch step of every flow, the steps
        /// two flows have in common): the script, and where the catalogue keeps the DOT built for it.
        fileprivate var shared: (script: SequenceScript, builds: SharedBuilds)?

        /// Whether this part shares the build of its DOT with parts of the same script.
        var sharesItsBuild: Bool { shared != nil }

        init(subject: Subject, name: String, title: String, description: String, engine: Engine,
             build: @escaping @Sendable (DocumentLinks?) -> DOTGraph) {
            self.subject = subject
            self.name = name
            self.title = title
            self.description = description
            self.engine = engine
            self.build = build
        }

        /// `../` per folder of `name`: what links from this diagram's file start with.
        public var rootPrefix: String { String(repeating: "../", count: name.split(separator: "/").count - 1) }

        /// The diagram with links to the pages of one flavour (`md`, `html`), relative to its own folder.
        public func graph(pageExtension: String?) -> DOTGraph {
            build(pageExtension.map(links(pageExtension:)))
        }

        public func dot(pageExtension: String?) -> String { graph(pageExtension: pageExtension).text }

        /// `dot(pageExtension:)` of each extension, from one graph: built with the first one's links and written
        /// once per extension with every link carried over (`DocumentLinks.relink`), which is what building it
        /// again would give, since links are all that differ.
        public func dots(pageExtensions: [String]) -> [String] {
            dotBytes(pageExtensions: pageExtensions).map { String(decoding: $0, as: UTF8.self) }
        }

        /// `dots(pageExtensions:)` as UTF-8 bytes, as written.
        public func dotBytes(pageExtensions: [String]) -> [[UInt8]] {
            if let shared {
                let key = SharedBuilds.Key(script: shared.script, rootPrefix: rootPrefix, imageExtension: markdownImageExtension,
                                           pageExtensions: pageExtensions)
                return shared.builds.bytes(key) { writeDOT(pageExtensions: pageExtensions) }
            }
            return writeDOT(pageExtensions: pageExtensions)
        }

        private func writeDOT(pageExtensions: [String]) -> [[UInt8]] {
            guard let first = pageExtensions.first else { return [] }
            let firstLinks = links(pageExtension: first)
            // Written once; the other flavours replace only the link values.
            let linked = DOTWriter.linkedBytes(build(firstLinks))
            return pageExtensions.map { ext in
                guard ext != first else { return linked.bytes }
                let links = links(pageExtension: ext)
                return linked.relinked { firstLinks.relink($0, to: links) }
            }
        }

        private func links(pageExtension: String) -> DocumentLinks {
            DocumentLinks(prefix: rootPrefix, fileExtension: pageExtension, imageExtension: pageExtension == "html" ? "svg" : markdownImageExtension)
        }

        /// The diagram with links made by `links` (for a file placed elsewhere, or an absolute site).
        public func graph(links: DocumentLinks?) -> DOTGraph { build(links) }
    }

    public let model: SceneModel
    public let entries: [Entry]

    /// The diagrams of `model` and of its simulated flows (`traces`, in any order; flows without a trace get none).
    /// `launch` says how a flow's step 0 is drawn in its sequence diagrams; `imageFormat` is the format of the
    /// Markdown pages' images, which diagrams linking to other diagrams point at.
    ///
    /// A segue graph too big to lay out in bounded time (`SegueGraphPartition.needsParts`) becomes an overview
    /// named `segues` and one graph per part, `segues/<part>`.
    /// `segueGraphSceneLimit` lowers the size past which that happens (for tests; edges scale with it).
    ///
    /// `threads` lays out the flows' sequence parts on that many threads at once (flows are independent); the
    /// entries do not depend on it.
    public init(model: SceneModel, traces: [FlowTrace], launch: LaunchDetail = .summary, imageFormat: String = "svg",
                segueGraphSceneLimit: Int = SegueGraphPartition.sceneLimit, threads: Int = 1) {
        self.model = model
        var entries: [Entry] = []
        let sceneLimit = max(1, segueGraphSceneLimit)
        let edgeLimit = max(1, sceneLimit * SegueGraphPartition.edgeLimit / SegueGraphPartition.sceneLimit)
        if SegueGraphPartition.needsParts(model, sceneLimit: sceneLimit, edgeLimit: edgeLimit) {
            let partition = SegueGraphPartition(model: model, sceneLimit: sceneLimit, edgeLimit: edgeLimit)
            entries.append(Entry(
                subject: .segueOverview, name: "segues", title: "Segue graph of \(model.name), in \(partition.parts.count) parts",
                description: "The \(model.scenes.count) scenes of \(model.name) in \(partition.parts.count) parts, each a container or storyboard with the scenes it leads to, linking to its own graph; arrows count the segues between parts by kind.",
                engine: .dot) { links in SegueGraphOverview(model: model, partition: partition, links: links).graph() })
            for (index, part) in partition.parts.enumerated() {
                let title = "Segue graph of \(model.name): \(part.title)"
                entries.append(Entry(
                    subject: .seguePart(id: part.id), name: SegueGraph.partDiagramName(part.id), title: title,
                    description: "\(SegueGraph.sceneCount(part.scenes.count).capitalizedFirst) of \(model.name) (\(part.title)) with their segues; the other parts they lead to or come from are drawn as boxes linking to their graphs.",
                    engine: .dot) { links in
                        SegueGraph(model: model, options: .init(links: links, title: title, part: .init(partition: partition, index: index))).graph()
                    })
            }
        } else {
            entries.append(Self.segueGraphEntry(model))
        }
        for scene in model.scenes {
            let id = scene.id
            entries.append(Entry(
                subject: .neighbourhood(scene: id), name: "scenes/\(id)-neighbourhood", title: "Neighbourhood of \(id)",
                description: "The scene \(id), the scenes its segues lead to and come from, and the containers around them.",
                engine: .dot) { links in
                    SegueGraph(model: model.neighbourhood(of: id),
                               options: .init(links: links, showsLegend: false, title: "Neighbourhood of \(id)", focus: id)).graph()
                })
        }
        entries.append(Entry(
            subject: .possibleChains, name: "chains", title: "Possible presentation chains of \(model.name)",
            description: "Every chain of modal presentations the segues allow, as a tree from the window's root.",
            engine: .dot) { links in PossibleChainsDiagram(links: links).graph(for: model) })
        let byFlow = Dictionary(traces.map { ($0.flow, $0) }, uniquingKeysWith: { first, _ in first })
        let diagrams = TraceDiagrams(model: model)
        let partStyle = SequenceDiagram.Style.part
        let flowTraces = model.flows.map { byFlow[$0.id] }
        let partsByFlow = parallelMap(flowTraces.count, threads: threads) { index in
            flowTraces[index].map { diagrams.sequenceParts(for: $0, launch: launch, style: partStyle) } ?? []
        }
        for (flow, (trace, parts)) in zip(model.flows, zip(flowTraces, partsByFlow)) {
            guard let trace else { continue }
            // The whole flow in one diagram only while one diagram can show it: past that its width and size grow
            // with every step (a 1,000-step presentation cycle drew 1,000 lifelines, 150,000 pt wide), and the
            // parts below show every step anyway.
            if trace.steps.count <= SequencePart.wholeFlowLimit {
                entries.append(Entry(
                    subject: .sequence(flow: flow.id), name: "flows/\(flow.id)-sequence", title: "Sequence of \(flow.id)",
                    description: "The view-controller callbacks of the flow \(flow.id), step by step, one lifeline per instance.",
                    engine: .nop2) { links in
                        SequenceDiagram(participantLink: links.map(Self.participantLink)).graph(for: diagrams.sequenceScript(for: trace, launch: launch))
                    })
            }
            // Parts sit next to the flow's page (`flows/<flow>-step-3`, `-step-3-2` for a step's second part): the
            // page inlines them, and links inside an inlined SVG are relative to the page. No other file name of a
            // flow ends in `-step-<number>`, so the names of two flows cannot meet.
            for part in parts {
                let suffix = part.of > 1 ? "-\(part.part)" : ""
                let piece = part.of > 1 ? ", part \(part.part) of \(part.of)" : ""
                let script = part.script
                entries.append(Entry(
                    subject: .sequencePart(flow: flow.id, step: part.step, part: part.part),
                    name: "flows/\(flow.id)-step-\(part.step)\(suffix)", title: "Step \(part.step) of \(flow.id)\(piece)",
                    description: "The callbacks of step \(part.step) (\(part.text)) of the flow \(flow.id)\(piece), one lifeline per instance involved: "
                        + script.participants.map(\.id).joined(separator: ", ") + ".",
                    engine: .nop2) { links in
                        var diagram = SequenceDiagram(participantLink: links.map(Self.participantLink))
                        diagram.style = partStyle
                        return diagram.graph(for: script)
                    })
            }
            entries.append(Entry(
                subject: .filmstrip(flow: flow.id), name: "flows/\(flow.id)-chains", title: "Presentation chain of \(flow.id), step by step",
                description: "The window's root and every presented view controller after each step of the flow \(flow.id), visible instances highlighted.",
                engine: .nop2) { links in ChainFilmstrip(links: links).graph(for: diagrams.chainFrames(for: trace)) })
        }
        for index in entries.indices { entries[index].markdownImageExtension = imageFormat }
        Self.shareParts(&entries, scripts: zip(model.flows, partsByFlow).flatMap { flow, parts in
            parts.map { (DiagramCatalogue.Subject.sequencePart(flow: flow.id, step: $0.step, part: $0.part), $0.script) }
        })
        self.entries = entries
    }

    /// Lets the parts of flows' sequences with the same script share one build of their DOT: each part's DOT
    /// depends only on its script, its folder and the image format (the style and links are those of every part),
    /// so parts equal in those are built once. In the synthetic benchmark apps a third of the parts repeat another.
    private static func shareParts(_ entries: inout [Entry], scripts: [(Subject, SequenceScript)]) {
        let scriptOf = Dictionary(scripts, uniquingKeysWith: { first, _ in first })
        var uses: [SequenceScript: Int] = [:]
        for (_, script) in scripts { uses[script, default: 0] += 1 }
        guard uses.values.contains(where: { $0 > 1 }) else { return }
        let builds = SharedBuilds()
        for index in entries.indices {
            guard let script = scriptOf[entries[index].subject], let count = uses[script], count > 1 else { continue }
            entries[index].shared = (script, builds)
        }
    }

    /// The whole segue graph in one drawing, however big.
    public static func segueGraphEntry(_ model: SceneModel) -> Entry {
        Entry(
            subject: .segueGraph, name: "segues", title: "Segue graph of \(model.name)",
            description: "Every scene of \(model.name) (\(model.scenes.count)), containers drawn as boxes around their children, and every segue as an arrow styled by its kind.",
            engine: .dot) { links in SegueGraph(model: model, options: .init(links: links)).graph() }
    }

    /// The entry showing `subject`, if the model has it; the whole segue graph always.
    public func entry(_ subject: Subject) -> Entry? {
        if subject == .segueGraph { return Self.segueGraphEntry(model) }
        return entries.first { $0.subject == subject }
    }

    /// An instance's header links to its scene's page; the user and UIKit lanes link nowhere.
    static func participantLink(_ links: DocumentLinks) -> @Sendable (SequenceScript.Participant) -> String? {
        { participant in
            switch participant.role {
            case .user, .uikit: nil
            case .content, .container: links.scene(Identifier.scene(ofInstance: participant.id))
            }
        }
    }
}

private extension String {
    /// "12 scenes" → "12 scenes", "one" → "One".
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// The DOT of sequence parts that share a script, built by the first part asked for it and handed to the others
/// (`DiagramCatalogue.Entry.dotBytes`). Kept for the life of the catalogue: the parts' DOT is small (a few KB each).
private final class SharedBuilds: @unchecked Sendable {
    struct Key: Hashable {
        var script: SequenceScript
        var rootPrefix: String
        var imageExtension: String
        var pageExtensions: [String]
    }

    /// Guards `built` (Dispatch's semaphore: this module does without Foundation).
    private let lock = DispatchSemaphore(value: 1)
    private var built: [Key: [[UInt8]]] = [:]

    /// The DOT built for `key`, or what `make` builds, kept for the next part with the same key. Two threads asking
    /// at once may both build it: they build the same bytes.
    func bytes(_ key: Key, make: () -> [[UInt8]]) -> [[UInt8]] {
        lock.wait()
        let known = built[key]
        lock.signal()
        if let known { return known }
        let bytes = make()
        lock.wait()
        built[key] = bytes
        lock.signal()
        return bytes
    }
}
