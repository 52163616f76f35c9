import Mustache
import TextFormats
import SceneModel
import Simulator

/// Builds the documented template contexts (see Templates/README.md) from the model and the flow reports.
struct PageContexts {
    let model: SceneModel
    let warnings: [Diagnostic]
    let flows: [FlowReport]
    /// `md` or `html`: the extension of page links.
    let pageExtension: String
    /// The rows of the legend, from the diagrams' style table.
    var legend: [LegendRow] = []
    /// The app's summary, converted once for every page.
    let appSummaryMarkdown: String
    let appSummaryHTML: String
    /// For each scene, per flow (in flow order), the steps in which its instances receive calls.
    let callbacksByScene: [String: [(flow: Int, steps: [(index: Int, text: String, calls: [(receiver: String, call: String, detail: String)])])]]
    /// The navigation controllers each scene no container holds is pushed onto (`navigationStacks(of:)`).
    let pushedOnto: [String: [String]]

    /// `pushedOnto`: `navigationStacks(of: model)` when the caller has it already (a build makes it once for both
    /// flavours and the sidebar).
    init(model: SceneModel, warnings: [Diagnostic], flows: [FlowReport], pageExtension: String, pushedOnto: [String: [String]]? = nil) {
        self.model = model
        self.warnings = warnings
        self.flows = flows
        self.pageExtension = pageExtension
        self.appSummaryMarkdown = Markdown.sanitized(model.summary ?? "")
        self.appSummaryHTML = pageExtension == "html" ? Markdown.html(model.summary ?? "") : ""
        var index: [String: [(flow: Int, steps: [(index: Int, text: String, calls: [(receiver: String, call: String, detail: String)])])]] = [:]
        for (flowOffset, report) in flows.enumerated() {
            for step in report.steps {
                var calls: [String: [(receiver: String, call: String, detail: String)]] = [:]
                var order: [String] = []
                for event in step.events {
                    let scene = Identifier.scene(ofInstance: event.receiver)
                    if calls[scene] == nil { order.append(scene) }
                    calls[scene, default: []].append(event)
                }
                for scene in order {
                    var entries = index[scene, default: []]
                    if entries.last?.flow != flowOffset { entries.append((flowOffset, [])) }
                    entries[entries.count - 1].steps.append((step.index, step.text, calls[scene] ?? []))
                    index[scene] = entries
                }
            }
        }
        self.callbacksByScene = index
        self.pushedOnto = pushedOnto ?? Self.navigationStacks(of: model)
    }

    /// For each scene no container holds, the navigation controllers its `show` (or `push`) segues push it onto:
    /// the nearest one around the segue's source, or, for a source that is itself pushed, the ones it is pushed
    /// onto. A fixed point over the segues, in model order.
    static func navigationStacks(of model: SceneModel) -> [String: [String]] {
        func nearestNavigation(_ id: String) -> String? {
            var cursor = parentID(of: id, in: model)
            var seen: Set<String> = [id]
            while let current = cursor, seen.insert(current).inserted {
                if model.scene(current)?.kind == .navigation { return current }
                cursor = parentID(of: current, in: model)
            }
            return nil
        }
        // Each push with the navigation controller around its source, found once.
        let pushes = model.allSegues.filter { [.show, .push].contains($0.kind.value) }.compactMap { segue -> (source: String, target: String, around: String?)? in
            guard let target = segue.destination?.value, let scene = model.scene(target), scene.kind != .navigation,
                  parentID(of: target, in: model) == nil else { return nil }
            return (segue.source, target, nearestNavigation(segue.source))
        }
        // A container pushed from a scene it holds (GoMap's tab bar, pushed from inside one of its own tabs) gets a
        // new instance on that stack, but the stack is not where the scene lives: its own descendant.
        func holds(_ container: String, _ id: String) -> Bool {
            var cursor: String? = id
            var seen: Set<String> = []
            while let current = cursor, seen.insert(current).inserted {
                if current == container { return true }
                cursor = parentID(of: current, in: model)
            }
            return false
        }
        var stacks: [String: [String]] = [:]
        var changed = true
        var rounds = 0
        while changed, rounds <= model.scenes.count {
            changed = false
            rounds += 1
            for push in pushes {
                let onto = push.around.map { [$0] } ?? stacks[push.source] ?? []
                for navigation in onto where !(stacks[push.target] ?? []).contains(navigation) && !holds(push.target, navigation) {
                    stacks[push.target, default: []].append(navigation)
                    changed = true
                }
            }
        }
        return stacks
    }

    // MARK: - Paths

    func scenePath(_ id: String) -> String { "scenes/\(id).\(pageExtension)" }
    func flowPath(_ id: String) -> String { "flows/\(id).\(pageExtension)" }

    func link(_ id: String, path: String, root: String) -> [String: Any] {
        ["id": id, "path": path, "href": root + path]
    }

    func sceneLink(_ id: String, root: String) -> [String: Any] { link(id, path: scenePath(id), root: root) }

    /// Marks the first element of a list so templates can put separators between elements.
    func marked(_ items: [[String: Any]]) -> [[String: Any]] {
        items.enumerated().map { offset, item in
            var item = item
            item["first"] = offset == 0
            return item
        }
    }

    /// `text` with every word that names a scene, or an instance of one (`photo#2`), linked to the scene's page:
    /// complete Markdown (escaped) and HTML (escaped). Scene ids may hold `.` and `@` (`Settings.Profile`,
    /// `List@tabs`), so a word runs over them, and the longest part of it up to one of them that names a scene
    /// is linked: `library.showPhoto` links `library`; a sentence's last `.` is text.
    func linkedText(_ text: String, root: String) -> (markdown: String, html: String) {
        linkedASCIIText(text, root: root) ?? linkedTextByCharacters(text, root: root)
    }

    /// `linkedText` on the bytes of a text that is ASCII without carriage returns (step and effect texts nearly
    /// always are), where every byte is a character of its own: the same words, cuts and links, without walking
    /// characters. Nil for any other text.
    func linkedASCIIText(_ text: String, root: String) -> (markdown: String, html: String)? {
        var text = text
        return text.withUTF8 { bytes -> (markdown: String, html: String)? in
            for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
            func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: ".") || byte == UInt8(ascii: "@") }
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            var markdown = "", html = ""
            var written = 0
            func writePlain(upTo end: Int) {
                guard written < end else { return }
                let part = string(written..<end)
                markdown += Markdown.escape(part)
                html += Markdown.escapeHTML(part)
                written = end
            }
            func emit(_ word: Range<Int>) {
                guard !word.isEmpty else { return }
                // Ends to try, longest first: the whole word, then before each `.` or `@` from the right.
                var cut = word.upperBound
                while true {
                    if cut > word.lowerBound {
                        let prefix = string(word.lowerBound..<cut)
                        let scene = Identifier.scene(ofInstance: prefix)
                        // An instance is `scene#N`: a word running on past its number is not one.
                        let number = bytes[word.lowerBound..<cut].contains(UInt8(ascii: "#"))
                            ? prefix.split(separator: "#", maxSplits: 1).dropFirst().first : nil
                        if model.scene(scene) != nil, number.map({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) ?? true {
                            writePlain(upTo: word.lowerBound)
                            let href = root + scenePath(scene)
                            markdown += "[\(Markdown.escape(prefix))](\(href))"
                            html += "<a href=\"\(Markdown.escapeHTML(href))\">\(Markdown.escapeHTML(prefix))</a>"
                            written = cut
                            if cut < word.upperBound { emit((cut + 1)..<word.upperBound) }
                            return
                        }
                    }
                    guard let separator = bytes[word.lowerBound..<cut].lastIndex(where: isSeparator) else { break }
                    cut = separator
                }
                // No scene starts here: its first part is text, and the rest is tried after the separator.
                guard let separator = bytes[word].firstIndex(where: isSeparator) else { return }
                emit((separator + 1)..<word.upperBound)
            }
            var start = 0
            for (index, byte) in bytes.enumerated() {
                let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                if letter || digit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "#") || isSeparator(byte) { continue }
                emit(start..<index)
                start = index + 1
            }
            emit(start..<bytes.count)
            writePlain(upTo: bytes.count)
            return (markdown, html)
        }
    }

    /// `linkedText` character by character: any text, and the reference `linkedASCIIText` is tested against.
    func linkedTextByCharacters(_ text: String, root: String) -> (markdown: String, html: String) {
        var markdown = "", html = ""
        // Text that links nothing is escaped in runs, from `written` to the next link or the end: escaping works
        // character by character, so a run escapes as its characters would one by one.
        var written = text.startIndex
        func writePlain(upTo end: String.Index) {
            guard written < end else { return }
            let part = String(text[written..<end])
            markdown += Markdown.escape(part)
            html += Markdown.escapeHTML(part)
            written = end
        }
        func emit(_ word: Substring) {
            guard !word.isEmpty else { return }
            // Ends to try, longest first: the whole word, then before each `.` or `@`.
            var cuts = [word.endIndex]
            for index in word.indices.reversed() where word[index] == "." || word[index] == "@" { cuts.append(index) }
            for cut in cuts where cut > word.startIndex {
                let prefix = word[..<cut]
                let scene = Identifier.scene(ofInstance: String(prefix))
                // An instance is `scene#N`: a word running on past its number is not one.
                let number = prefix.split(separator: "#", maxSplits: 1).dropFirst().first
                guard model.scene(scene) != nil, number.map({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) ?? true else { continue }
                writePlain(upTo: word.startIndex)
                let href = root + scenePath(scene)
                markdown += "[\(Markdown.escape(String(prefix)))](\(href))"
                html += "<a href=\"\(Markdown.escapeHTML(href))\">\(Markdown.escapeHTML(String(prefix)))</a>"
                written = cut
                if cut < word.endIndex { emit(word[word.index(after: cut)...]) }
                return
            }
            // No scene starts here: its first part is text, and the rest is tried after the separator.
            guard let separator = word.firstIndex(where: { $0 == "." || $0 == "@" }) else { return }
            emit(word[word.index(after: separator)...])
        }
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            if character.isASCII, character.isLetter || character.isNumber || "_-#.@".contains(character) { continue }
            emit(text[start..<index])
            start = text.index(after: index)
        }
        emit(text[start...])
        writePlain(upTo: text.endIndex)
        return (markdown, html)
    }

    // MARK: - Common

    func common(root: String, title: String, current: String) -> [String: Any] {
        [
            "root": root,
            "pagePath": current == "index" ? "index.\(pageExtension)" : current,
            "pageTitle": title,
            "app": [
                "name": model.name,
                "summaryMarkdown": appSummaryMarkdown,
                "summaryHTML": appSummaryHTML,
                "hasSummary": !appSummaryMarkdown.isEmpty,
            ] as [String: Any],
            "nav": NavigationContext(contexts: self, current: current),
        ]
    }

    static func resultLabel(_ result: FlowResult) -> String {
        switch result {
        case .passed: "✓ passed"
        case .failed: "✗ failed"
        case .error: "✗ error"
        }
    }

    // MARK: - Index

    /// `segueParts`: the graphs of the parts when the segue graph is drawn as an overview.
    func index(diagrams: [String: Any], segueParts: [[String: Any]] = []) -> [String: Any] {
        let root = ""
        var context = common(root: root, title: "Overview", current: "index")
        var incoming: [String: Int] = [:]
        for segue in model.allSegues {
            if let target = segue.destination?.value { incoming[target, default: 0] += 1 }
            if segue.kind.value == .unwind, let action = segue.action?.value {
                for scene in model.scenesImplementing(unwindAction: action) { incoming[scene.id, default: 0] += 1 }
            }
        }
        context["scenes"] = model.scenes.map { scene -> [String: Any] in
            var row = sceneLink(scene.id, root: root)
            row["title"] = scene.title
            row["kind"] = scene.kind.rawValue
            row["className"] = scene.className
            row["classNameCode"] = Markdown.codeSpan(scene.className, inTable: true)
            // On HTML pages, ids and class names break where their words meet in the table's narrow columns.
            let html = pageExtension == "html"
            if let parent = parentID(of: scene.id) {
                var container = sceneLink(parent, root: root)
                if html { container["idHTML"] = Markdown.typeNameHTML(parent) }
                row["container"] = container
            }
            if html {
                row["classNameHTML"] = Markdown.typeNameHTML(scene.className)
                row["idHTML"] = Markdown.typeNameHTML(scene.id)
            }
            row["incoming"] = incoming[scene.id, default: 0]
            row["outgoing"] = scene.segues.count
            return row
        }
        context["hasFlows"] = !flows.isEmpty
        context["flows"] = flows.map { report -> [String: Any] in
            var row = link(report.flow.id, path: flowPath(report.flow.id), root: root)
            row["summary"] = report.flow.summary.flatMap { $0.isEmpty ? nil : $0 }
            row["stepCount"] = report.flow.steps.count
            row["result"] = report.result.rawValue
            row["resultLabel"] = Self.resultLabel(report.result)
            return row
        }
        // One more than shown, to say so when the segues allow more chains than the page lists.
        let shownChains = 200
        var chains = model.possibleModalChains(limit: shownChains + 1)
        context["chainsTruncated"] = chains.count > shownChains
        context["chainsShown"] = min(chains.count, shownChains)
        chains = Array(chains.prefix(shownChains))
        context["hasChains"] = !chains.isEmpty
        // No chain with segues that present: they start from scenes the window's root does not lead to.
        context["hasPresentingSegues"] = model.scenes.contains { $0.segues.contains(where: \.presents) }
        context["chains"] = chains.map { chain -> [String: Any] in
            let first = sceneLink(chain.root, root: root)
            let links = chain.links.map { link -> [String: Any] in
                var item = sceneLink(link.scene, root: root)
                item["style"] = "\(link.style.rawValue), from \(link.segue.scene)"
                return item
            }
            return ["links": marked([first] + links), "text": chain.scenes.joined(separator: " → ")]
        }
        // The links the segue graph draws, as its own legend lists them: a storyboard app's index does not explain
        // popovers, unwinds and code it has none of.
        var drawn = Set(model.allSegues.map(\.kind.value.rawValue))
        if model.scenes.contains(where: { !$0.containedScenes.isEmpty }) { drawn.insert("relationship") }
        let links = legend.filter { $0.group == "segues" && drawn.contains($0.kind) }
        context["legend"] = links.map(legendContext)
        context["hasLegend"] = !links.isEmpty
        let shown = warnings.filter { !$0.isError }
        context["hasWarnings"] = !shown.isEmpty
        func warningContext(_ diagnostic: Diagnostic) -> [String: Any] {
            ["location": diagnostic.location.description, "locationCode": Markdown.codeSpan(diagnostic.location.description),
             "message": diagnostic.message]
        }
        context["warnings"] = shown.map(warningContext)
        context["warningGroups"] = Self.warningGroups(shown).map { group -> [String: Any] in
            ["warnings": group.warnings.map(warningContext), "count": group.warnings.count, "isFolded": group.isFolded,
             "heading": group.heading, "headingHTML": Markdown.escapeHTML(group.heading)]
        }
        context["diagrams"] = diagrams
        context["hasSegueParts"] = !segueParts.isEmpty
        context["segueParts"] = segueParts
        return context
    }

    /// More warnings of one category than this are folded under one heading on the index (as the terminal groups
    /// them on one line): 34 deprecated segues of a storyboard app are one entry to open, not a page of bullets.
    static let warningFoldThreshold = 3

    /// `warnings` in groups, each category's warnings together where its first one stands; a category with more
    /// than `warningFoldThreshold` warnings is folded under a heading ("34 deprecated segues (deprecated-segue)"),
    /// and the other warnings between folded ones are one unfolded group (one list).
    static func warningGroups(_ warnings: [Diagnostic]) -> [(warnings: [Diagnostic], isFolded: Bool, heading: String)] {
        var byCategory: [String: [Diagnostic]] = [:]
        for warning in warnings { if let category = warning.category { byCategory[category, default: []].append(warning) } }
        var groups: [(warnings: [Diagnostic], isFolded: Bool, heading: String)] = []
        var placed: Set<String> = []
        for warning in warnings {
            guard let category = warning.category, let members = byCategory[category], members.count > warningFoldThreshold else {
                if let last = groups.indices.last, !groups[last].isFolded {
                    groups[last].warnings.append(warning)
                } else {
                    groups.append(([warning], false, ""))
                }
                continue
            }
            guard placed.insert(category).inserted else { continue }
            let plural = DiagnosticCategory.named(category)?.plural ?? "\(category) warnings"
            groups.append((members, true, "\(NumberText.grouped(members.count)) \(plural) (\(category))"))
        }
        return groups
    }

    // MARK: - Scene pages

    /// The container or embedding scene of `id`.
    func parentID(of id: String) -> String? { Self.parentID(of: id, in: model) }

    /// The scene that holds `id`: its container, else the scene that embeds it.
    static func parentID(of id: String, in model: SceneModel) -> String? {
        model.container(of: id)?.id ?? model.embedder(of: id)?.scene.id
    }

    func scene(_ scene: Scene, diagrams: [String: Any]) -> [String: Any] {
        let root = "../"
        var context = common(root: root, title: scene.id, current: scenePath(scene.id))
        var facts: [String: Any] = [
            "id": scene.id, "kind": scene.kind.rawValue, "className": scene.className,
            "classNameCode": Markdown.codeSpan(scene.className, inTable: true),
            "summaryMarkdown": Markdown.sanitized(scene.summary ?? ""), "summaryHTML": Markdown.html(scene.summary ?? ""), "hasSummary": !(scene.summary ?? "").isEmpty,
            "definesPresentationContext": scene.definesPresentationContext ? "yes" : "no",
            "modalPresentationStyle": scene.modalPresentationStyle.rawValue,
            "modalTransitionStyle": scene.modalTransitionStyle.rawValue,
            "isModalInPresentation": scene.isModalInPresentation,
        ]
        if pageExtension == "html" { facts["classNameHTML"] = Markdown.typeNameHTML(scene.className) }
        facts["title"] = scene.title
        facts["storyboardID"] = scene.storyboardID
        facts["storyboardIDCode"] = scene.storyboardID.map { Markdown.codeSpan($0, inTable: true) }
        if let origin = scene.origin {
            facts["origin"] = ["storyboard": origin.storyboard, "objectID": origin.objectID,
                               "storyboardCode": Markdown.codeSpan(origin.storyboard, inTable: true),
                               "objectIDCode": Markdown.codeSpan(origin.objectID, inTable: true)]
        }
        context["scene"] = facts
        var ancestors: [String] = []
        var cursor = parentID(of: scene.id)
        while let id = cursor, !ancestors.contains(id), ancestors.count < 64 {
            ancestors.insert(id, at: 0)
            cursor = parentID(of: id)
        }
        context["containerPath"] = marked(ancestors.map { sceneLink($0, root: root) })
        let stacks = ancestors.isEmpty ? pushedOnto[scene.id] ?? [] : []
        context["hasPushedOnto"] = !stacks.isEmpty
        context["pushedOnto"] = marked(stacks.map { sceneLink($0, root: root) })
        var children: [[String: Any]] = []
        for (offset, child) in scene.containedScenes.enumerated() {
            var item = sceneLink(child.value, root: root)
            item["relation"] = relation(in: scene, offset: offset)
            children.append(item)
        }
        for segue in scene.segues where segue.kind.value == .embed {
            if let target = segue.destination?.value {
                var item = sceneLink(target, root: root)
                item["relation"] = "embedded by segue \(segue.id)"
                children.append(item)
            }
        }
        context["hasChildren"] = !children.isEmpty
        context["children"] = children
        context["hasSeguesOut"] = !scene.segues.isEmpty
        let seguesOut = scene.segues.map { segue -> [String: Any] in
            var row = segueFacts(segue)
            row["id"] = segue.id
            row["idCode"] = Markdown.codeSpan(segue.id, inTable: true)
            let anchor = Markdown.escapeHTML(Identifier.segueAnchor(segue.id))
            row["anchor"] = Identifier.segueAnchor(segue.id)
            row["anchorHTML"] = "<a id=\"\(anchor)\"></a>"
            if let target = segue.destination?.value {
                row["target"] = sceneLink(target, root: root)
            } else if let action = segue.action?.value {
                let implementers = model.scenesImplementing(unwindAction: action).map(\.id)
                row["action"] = "\(action)(_:) → " + (implementers.isEmpty ? "no scene" : implementers.joined(separator: ", "))
            }
            return row
        }
        context["seguesOut"] = seguesOut
        let incoming = model.segues(reaching: scene.id).map { segue -> [String: Any] in
            var row = segueFacts(segue)
            row.merge(sceneLink(segue.source, root: root)) { _, new in new }
            row["source"] = segue.source
            row["id"] = segue.id
            row["idCode"] = Markdown.codeSpan(segue.id, inTable: true)
            return row
        }
        context["hasSeguesIn"] = !incoming.isEmpty
        // The window's root lives in the window; another scene nothing holds or leads to does not.
        if model.initial?.value == scene.id { context["isInitial"] = true }
        context["seguesIn"] = incoming
        // Both tables' rows as the built-in templates show them, in the page's markup: one value instead of a
        // section with eight lookups per row.
        // The same tables, header included, without the trigger, style, guard and passes columns no row fills (an
        // imported storyboard's segues rarely have a style or a guard): narrower in GitHub's column and on a phone.
        // Rows with every column are made once, for both when every column is filled.
        let outColumns = Self.filledColumns(seguesOut), inColumns = Self.filledColumns(incoming)
        let outRows = seguesOut.map { segueOutRow($0, root: root) }, inRows = incoming.map { segueInRow($0, root: root) }
        context["seguesOutRows"] = outRows.joined(separator: "\n")
        context["seguesInRows"] = inRows.joined(separator: "\n")
        context["seguesOutTable"] = segueTable(["Segue", "Kind", "To"], columns: outColumns, rows: outColumns == Self.segueColumns
            ? outRows : seguesOut.map { segueOutRow($0, root: root, columns: outColumns) })
        context["seguesInTable"] = segueTable(["From", "Segue", "Kind"], columns: inColumns, rows: inColumns == Self.segueColumns
            ? inRows : incoming.map { segueInRow($0, root: root, columns: inColumns) })
        context["hasUnwindActions"] = !scene.unwindActions.isEmpty
        context["unwindActions"] = scene.unwindActions.map { action -> [String: Any] in
            let segues = model.unwindSegues(performing: action.value)
            return ["name": action.value, "nameCode": Markdown.codeSpan(action.value + "(_:)"),
                    "segues": marked(segues.map { ["ref": $0.qualifiedID, "path": scenePath($0.source), "href": root + scenePath($0.source)] })]
        }
        let flowRows = (callbacksByScene[scene.id] ?? []).map { entry -> [String: Any] in
            let report = flows[entry.flow]
            let steps = entry.steps.map { step -> [String: Any] in
                let calls = step.calls.map { call in call.receiver == scene.id ? call.call : "\(call.receiver): \(call.call)" }
                let codes = calls.map { Markdown.codeSpan($0) }
                let callbacks = zip(step.calls, zip(calls, codes)).map { call, text -> [String: Any] in
                    var item: [String: Any] = ["call": text.0, "callCode": text.1]
                    item["detail"] = call.detail.isEmpty ? nil : call.detail
                    return item
                }
                // The calls as the built-in templates show them, in the page's markup: one value instead of a
                // section with three lookups per call (`{{#callbacks}}{{^first}}, {{/first}}…`).
                let callList = pageExtension == "html"
                    ? zip(step.calls, calls).map { "<code>" + Markdown.mustacheHTMLEscape($1) + "</code>" + Self.detailHTML($0.detail) }.joined(separator: ", ")
                    : zip(step.calls, codes).map { $1 + Self.detailMarkdown($0.detail) }.joined(separator: ", ")
                return ["index": step.index, "text": step.text, "textCode": Markdown.codeSpan(step.text), "callbacks": marked(callbacks),
                        "callList": callList]
            }
            var row = link(report.flow.id, path: flowPath(report.flow.id), root: root)
            row["steps"] = steps
            return row
        }
        context["hasFlows"] = !flowRows.isEmpty
        context["flows"] = flowRows
        context["diagrams"] = diagrams
        return context
    }

    /// The scene of an instance name: `photo#2` → `photo`.
    func instanceScene(_ instance: String) -> String {
        Identifier.scene(ofInstance: instance)
    }

    func relation(in scene: Scene, offset: Int) -> String {
        switch scene.kind {
        case .navigation: return "root of the stack"
        case .tabBar: return "tab \(offset + 1)" + (scene.selectedTab == scene.tabs[offset].value ? " (selected)" : "")
        case .split:
            let columns: [(String, Located<String>?)] = [("primary", scene.primary), ("supplementary", scene.supplementary),
                                                         ("secondary", scene.secondary), ("compact", scene.compact)]
            let present = columns.compactMap { name, ref in ref.map { _ in name } }
            return offset < present.count ? "\(present[offset]) column" : "column"
        case .page: return "page \(offset + 1)" + (offset == 0 ? " (shown first)" : "")
        case .container, .content, .table, .collection: return "child \(offset + 1)"
        }
    }

    /// A row of a scene page's table of segues out, as the built-in template writes it from the row's fields.
    func segueOutRow(_ row: [String: Any], root: String, columns: [String] = segueColumns) -> String {
        let text = { (key: String) in row[key] as? String ?? "" }
        let target = row["target"] as? [String: Any]
        let targetText = { (key: String) in target?[key] as? String ?? "" }
        if pageExtension == "html" {
            let escape = Markdown.mustacheHTMLEscape
            let to = target != nil
                ? "<a href=\"" + escape(root) + escape(targetText("path")) + "\">" + Markdown.typeNameHTML(targetText("id")) + "</a>" : escape(text("action"))
            return "<tr id=\"" + escape(text("anchor")) + "\"><td data-label=\"Segue\"><code>" + escape(text("id"))
                + "</code>" + drawnName(row, escape: escape) + "</td><td data-label=\"Kind\">" + escape(text("kind")) + "</td><td data-label=\"To\">" + to
                + "</td>" + segueCells(row, escape: escape, columns: columns)
        }
        let escape = Markdown.escape
        let to = target != nil ? "[" + escape(targetText("id")) + "](" + escape(targetText("href")) + ")" : escape(text("action"))
        return "| " + text("anchorHTML") + text("idCode") + drawnName(row, escape: escape) + " | " + escape(text("kind")) + " | " + to + " |" + segueCells(row, escape: escape, columns: columns)
    }

    /// A row of a scene page's table of segues in, as the built-in template writes it from the row's fields.
    func segueInRow(_ row: [String: Any], root: String, columns: [String] = segueColumns) -> String {
        let text = { (key: String) in row[key] as? String ?? "" }
        if pageExtension == "html" {
            let escape = Markdown.mustacheHTMLEscape
            return "<tr><td data-label=\"From\"><a href=\"" + escape(root) + escape(text("path")) + "\">" + Markdown.typeNameHTML(text("source"))
                + "</a></td><td data-label=\"Segue\"><code>" + escape(text("id")) + "</code>" + drawnName(row, escape: escape)
                + "</td><td data-label=\"Kind\">"
                + escape(text("kind")) + "</td>" + segueCells(row, escape: escape, columns: columns)
        }
        let escape = Markdown.escape
        return "| [" + escape(text("source")) + "](" + escape(text("href")) + ") | " + text("idCode") + drawnName(row, escape: escape) + " | " + escape(text("kind")) + " |"
            + segueCells(row, escape: escape, columns: columns)
    }

    /// What follows the identifier in a row's Segue cell: the label the diagrams draw instead of the identifier, in
    /// quotes, when it says something the identifier and the trigger cell do not (an imported segue's label is
    /// its trigger, and is not repeated, nor an identifier whose spaces the id writes as `_`).
    private func drawnName(_ row: [String: Any], escape: (String) -> String) -> String {
        let label = row["label"] as? String ?? ""
        // A storyboard identifier with spaces is the id with `_` for them (`Push to Register` is `Push_to_Register`).
        let id = row["id"] as? String ?? ""
        guard !label.isEmpty, label != id, label != id.replacingOccurrences(of: "_", with: " "), label != row["trigger"] as? String else { return "" }
        return " “" + escape(label) + "”"
    }

    /// The columns that end both tables' rows, by their row keys.
    static let segueColumns = ["trigger", "style", "guard", "passes"]

    /// Those of `segueColumns` that some row fills.
    static func filledColumns(_ rows: [[String: Any]]) -> [String] {
        segueColumns.filter { key in rows.contains { !($0[key] as? String ?? "").isEmpty } }
    }

    /// A table of segues: its header (the fixed `leading` columns, then `columns` by their titles) and rows.
    func segueTable(_ leading: [String], columns: [String], rows: [String]) -> String {
        let titles = leading + columns.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        if pageExtension == "html" {
            return "<table class=\"cards\">\n<thead><tr>" + titles.map { "<th>\($0)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
                + rows.joined(separator: "\n") + "\n</tbody>\n</table>"
        }
        return "| " + titles.joined(separator: " | ") + " |\n|" + titles.map { _ in "---|" }.joined() + "\n" + rows.joined(separator: "\n")
    }

    /// The cells of `columns` (trigger, style, guard, passes) that end both tables' rows.
    private func segueCells(_ row: [String: Any], escape: (String) -> String, columns: [String]) -> String {
        let cells = columns.map { escape(row[$0] as? String ?? "") }
        if pageExtension == "html" {
            return zip(columns, cells).map { "<td data-label=\"\($0.prefix(1).uppercased() + $0.dropFirst())\">\($1)</td>" }.joined() + "</tr>"
        }
        return cells.map { " " + $0 + " |" }.joined()
    }

    func segueFacts(_ segue: Segue) -> [String: Any] {
        let kind = segue.kind.value
        var style = ""
        if segue.presents {
            let destinationStyle = segue.destination.flatMap { model.scene($0.value) }?.modalPresentationStyle
            style = segue.modalPresentationStyle?.value.rawValue ?? (kind.effective == .popover ? "popover" : destinationStyle?.rawValue ?? "automatic")
            if let transition = segue.modalTransitionStyle?.value { style += ", \(transition.rawValue)" }
        }
        var facts: [String: Any] = [
            "kind": kind.isDeprecated ? "\(kind.rawValue) (deprecated, as \(kind.effective.rawValue))"
                : kind == .code ? "code: \(segue.call?.value.signature ?? "?")" : kind.rawValue,
            "trigger": segue.trigger ?? (kind == .embed ? "view loading" : kind == .code ? (segue.codeLocation ?? "code") : "manual (code)"),
        ]
        // Optional facts are absent when unset, so that `{{#guard}}…{{/guard}}` shows only for a segue with one.
        let optional: [(String, String?)] = [("style", style), ("guard", segue.guardCondition?.value), ("passes", segue.passes),
                                             ("summary", segue.summary), ("label", segue.label)]
        for (key, value) in optional {
            if let value, !value.isEmpty { facts[key] = value }
        }
        return facts
    }

    // MARK: - Flow pages

    /// A callback's receiver as the page's markup: linked to `href` when there is one, escaped as the templates'
    /// `{{receiver}}` and `{{href}}` would be. One value instead of a section and three lookups per callback,
    /// where a flow has hundreds.
    func linkedReceiver(_ receiver: String, href: String?) -> String {
        if pageExtension == "html" {
            let text = Markdown.mustacheHTMLEscape(receiver)
            return href.map { "<a href=\"\(Markdown.mustacheHTMLEscape($0))\">\(text)</a>" } ?? text
        }
        let text = Markdown.escape(receiver)
        return href.map { "[\(text)](\(Markdown.escape($0)))" } ?? text
    }

    func legendContext(_ row: LegendRow) -> [String: Any] {
        ["kind": row.kind, "name": row.name, "nameCode": Markdown.codeSpan(row.name, inTable: true), "color": row.color,
         "colorCode": Markdown.codeSpan(row.color, inTable: true), "drawnAs": row.drawnAs, "meaning": row.meaning]
    }

    /// A callback's detail after its signature, as the built-in lists show it: a space and the escaped text.
    static func detailMarkdown(_ detail: String) -> String { detail.isEmpty ? "" : " " + Markdown.escape(detail) }
    static func detailHTML(_ detail: String) -> String { detail.isEmpty ? "" : " " + Markdown.mustacheHTMLEscape(detail) }

    func flow(_ report: FlowReport, diagrams: [String: Any], parts: [Int: [[String: Any]]] = [:]) -> [String: Any] {
        let root = "../"
        var context = common(root: root, title: report.flow.id, current: flowPath(report.flow.id))
        context["flow"] = [
            "id": report.flow.id,
            "summaryMarkdown": Markdown.sanitized(report.flow.summary ?? ""), "summaryHTML": Markdown.html(report.flow.summary ?? ""), "hasSummary": !(report.flow.summary ?? "").isEmpty,
            "environment": report.environment, "result": report.result.rawValue, "resultLabel": Self.resultLabel(report.result),
        ] as [String: Any]
        context["sequenceKey"] = legend.filter { $0.group == "sequence" }.map(legendContext)
        context["chainKey"] = legend.filter { $0.group == "chains" }.map(legendContext)
        var receivers: [String: (href: String?, linked: String)] = [:]
        var callCodes: [String: String] = [:]
        context["steps"] = report.steps.map { step -> [String: Any] in
            var row: [String: Any] = ["index": step.index, "text": step.text, "textCode": Markdown.codeSpan(step.text),
                                      "warnings": step.warnings, "failures": step.failures]
            row["note"] = step.note.flatMap { $0.isEmpty ? nil : $0 }
            // An expectation's events, as code in the page's markup, comma-separated.
            let eventList = { (events: [String]) -> String? in
                events.isEmpty ? nil : events.map { pageExtension == "html" ? "<code>" + Markdown.mustacheHTMLEscape($0) + "</code>" : Markdown.codeSpan($0) }
                    .joined(separator: ", ")
            }
            row["eventsExpected"] = eventList(step.expectedEvents)
            row["eventsAbsent"] = eventList(step.absentEvents)
            // An expectation that holds says so: its step has no effect, events or failures of its own to show.
            if step.isExpectation && step.failures.isEmpty && !step.checksNothing { row["checksHold"] = true }
            row["effect"] = step.effect.isEmpty ? nil : step.effect
            if !step.effect.isEmpty {
                let linked = linkedText(step.effect, root: root)
                row["effectMarkdown"] = linked.markdown
                row["effectHTML"] = linked.html
            }
            // The list as the built-in flow templates show it, one line per callback in the page's markup.
            var listLines: [String] = []
            listLines.reserveCapacity(step.events.count)
            let callbacks = step.events.map { event -> [String: Any] in
                // A flow repeats the same receivers and calls hundreds of times: each is worked out once.
                let receiver = receivers[event.receiver] ?? {
                    let scene = instanceScene(event.receiver)
                    let href = model.scene(scene) != nil ? root + scenePath(scene) : nil
                    let made = (href: href, linked: linkedReceiver(event.receiver, href: href))
                    receivers[event.receiver] = made
                    return made
                }()
                let callCode = callCodes[event.call] ?? {
                    let made = Markdown.codeSpan(event.call)
                    callCodes[event.call] = made
                    return made
                }()
                var item: [String: Any] = ["receiver": event.receiver, "call": event.call, "callCode": callCode,
                                           "receiverLinked": receiver.linked]
                item["detail"] = event.detail.isEmpty ? nil : event.detail
                item["href"] = receiver.href
                listLines.append(pageExtension == "html"
                    ? "<li>" + receiver.linked + ": <code>" + Markdown.mustacheHTMLEscape(event.call) + "</code>" + Self.detailHTML(event.detail) + "</li>"
                    : "1. " + receiver.linked + ": " + callCode + Self.detailMarkdown(event.detail))
                return item
            }
            row["hasCallbacks"] = !callbacks.isEmpty
            row["callbackCount"] = callbacks.count
            row["callbackCountText"] = callbacks.count == 1 ? "1 callback" : "\(callbacks.count) callbacks"
            row["callbacks"] = callbacks
            row["callbackList"] = listLines.joined(separator: "\n")
            let stepParts = parts[step.index] ?? []
            row["hasParts"] = !stepParts.isEmpty
            row["parts"] = stepParts
            return row
        }
        let expectations = report.steps.filter(\.isExpectation).map { step -> [String: Any] in
            [
                "index": step.index, "line": step.line,
                "result": (step.failures.isEmpty ? FlowResult.passed : .failed).rawValue,
                "resultLabel": Self.resultLabel(step.failures.isEmpty ? .passed : .failed),
                "detail": step.failures.isEmpty ? step.text : step.failures.joined(separator: "; "),
            ]
        }
        context["hasExpectations"] = !expectations.isEmpty
        context["expectations"] = expectations
        let allWarnings = report.steps.flatMap { step in step.warnings.map { ["index": step.index, "message": $0] as [String: Any] } }
        context["hasWarnings"] = !allWarnings.isEmpty
        context["allWarnings"] = allWarnings
        context["diagrams"] = diagrams
        return context
    }
}

/// A page's `nav`: every scene and flow with the page's own marked. Built only when a template reads it (the
/// built-in templates load the sidebar from `nav.js` instead), so a page costs the same whatever the model's size.
struct NavigationContext: MustacheParent, MustacheCustomRenderable {
    /// `{{nav}}` printed whole: its lists, keys in order (not the struct's description, which holds the model).
    var renderText: String { TemplateValueText.text(["scenes": child(named: "scenes") as Any, "flows": child(named: "flows") as Any]) }
    var isNull: Bool { false }

    let contexts: PageContexts
    /// The page's path from the root, as `PageContexts.common` got it.
    let current: String

    /// What every page's `nav` is made of, hashed once for all pages of a flavour: page keys add the page's path.
    static func digest(_ contexts: PageContexts) -> String {
        var hasher = SHA256()
        hasher.update("nav\0\(contexts.pageExtension)\0")
        for scene in contexts.model.scenes {
            hasher.update(scene.id)
            hasher.update(byte: 0)
        }
        hasher.update(byte: 1)
        for report in contexts.flows {
            hasher.update(report.flow.id)
            hasher.update(byte: 0)
            hasher.update(report.result.rawValue)
            hasher.update(byte: 0)
        }
        return hasher.hexDigest()
    }

    func child(named name: String) -> Any? {
        switch name {
        case "scenes":
            contexts.model.scenes.map { scene -> [String: Any] in
                let path = contexts.scenePath(scene.id)
                return ["id": scene.id, "path": path, "current": current == path]
            }
        case "flows":
            contexts.flows.map { report -> [String: Any] in
                let path = contexts.flowPath(report.flow.id)
                return ["id": report.flow.id, "path": path, "result": report.result.rawValue, "current": current == path]
            }
        default: nil
        }
    }
}
