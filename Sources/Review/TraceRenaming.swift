import SceneModel
import Simulator

/// The base's scene and segue ids as the head names them, in text: a scene renamed since (in Interface Builder or
/// by its storyboard ID) is the same scene, so its old name must not make a flow's steps look different.
struct IdentifierRenaming {
    /// Base segue `scene.segue` → head.
    var segues: [String: String]
    /// Base scene id → head.
    var scenes: [String: String]
    /// The base's scene ids: one of them is itself, never a renamed scene's segue or child (`Settings.Account`, a
    /// scene of Settings.storyboard, when the main storyboard's `Settings` is renamed).
    var baseScenes: Set<String>

    init(diff: ModelDiff) {
        var segues: [String: String] = [:], scenes: [String: String] = [:]
        // Renamed ones, and removed ones whose id the head gives to another (`List` → `List (before)`): a base finding
        // about the removed scene must not read as one about the scene that has its name now.
        for segue in diff.segues where segue.change == .renamed || segue.change == .removed { if let old = segue.oldID { segues[old] = segue.id } }
        for scene in diff.scenes where scene.change == .renamed || scene.change == .removed { if let old = scene.oldID { scenes[old] = scene.id } }
        self.segues = segues
        self.scenes = scenes
        self.baseScenes = diff.baseSceneIDs
    }

    init(segues: [String: String], scenes: [String: String], baseScenes: Set<String>) {
        self.segues = segues
        self.scenes = scenes
        self.baseScenes = baseScenes
    }

    var isEmpty: Bool { segues.isEmpty && scenes.isEmpty }

    /// An identifier as the head names it: a renamed segue, else the longest renamed scene id it starts with, up to a
    /// `.` or `#` (scene ids may hold dots; `photo#2` is an instance, `photo.show` a segue); nil when none is renamed.
    func renamed(_ identifier: Substring) -> String? {
        if let new = segues[String(identifier)] { return new }
        if let new = scenes[String(identifier)] { return new }
        if baseScenes.contains(String(identifier)) { return nil }
        var end = identifier.endIndex
        while true {
            if let new = scenes[String(identifier[..<end])] { return new + identifier[end...] }
            guard let cut = identifier[..<end].lastIndex(where: { $0 == "." || $0 == "#" }) else { return nil }
            end = cut
        }
    }

    static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "_-.@#".contains(character)
    }

    /// A whole identifier (an instance, a scene, a segue) as the head names it.
    func identifier(_ text: String) -> String { isEmpty ? text : renamed(Substring(text)) ?? text }

    /// A step as written (`tap: list.open`, `present: detail`) with the ids it names renamed; a note is prose and
    /// stays as written (its words may be scene names: 'the sheet shows').
    func action(_ text: String) -> String {
        guard !isEmpty, !(text == "note" || text.hasPrefix("note:")) else { return text }
        return self.text(text)
    }

    /// `text` with every run of identifier characters that names a renamed scene, instance or segue renamed.
    func text(_ text: String) -> String {
        guard !isEmpty else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(where: Self.isIdentifierCharacter) {
            out += rest[..<start]
            rest = rest[start...]
            let run = rest.prefix(while: Self.isIdentifierCharacter)
            // A sentence's full stop is not part of the name before it; a lone '.' is only that.
            let name = run.hasSuffix(".") && run.count > 1 ? run.dropLast() : run
            out += renamed(name) ?? String(name)
            rest = rest.dropFirst(name.count)
        }
        return out + rest
    }

    /// `text` with only the identifiers written in single quotes renamed (`'list.openOld'`), as messages quote them,
    /// and the instances of UIKit's own descriptions (`<AboutViewController: about>`), as its warnings name them.
    func quoted(_ text: String) -> String {
        guard !isEmpty else { return text }
        return described(singleQuoted(text))
    }

    /// The instance of each `<Class: instance>` renamed.
    private func described(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            out += rest[...open]
            rest = rest[rest.index(after: open)...]
            let className = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            let afterClass = rest.dropFirst(className.count)
            guard !className.isEmpty, afterClass.hasPrefix(": ") else { continue }
            let run = afterClass.dropFirst(2).prefix(while: Self.isIdentifierCharacter)
            guard !run.isEmpty, afterClass.dropFirst(2 + run.count).first == ">" else { continue }
            out += className + ": " + (renamed(run) ?? String(run)) + ">"
            rest = afterClass.dropFirst(2 + run.count + 1)
        }
        return out + rest
    }

    private func singleQuoted(_ text: String) -> String {
        var message = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "'") {
            message += rest[...open]
            rest = rest[rest.index(after: open)...]
            let run = rest.prefix(while: Self.isIdentifierCharacter)
            guard !run.isEmpty else { continue }
            if rest.dropFirst(run.count).first == "'" {
                message += (renamed(run) ?? String(run)) + "'"
                rest = rest.dropFirst(run.count + 1)
                continue
            }
            // A step quoted as a flow writes it, 'perform: scene.segue': the id after the action.
            let afterAction = rest.dropFirst(run.count)
            guard afterAction.hasPrefix(": ") else { continue }
            let id = afterAction.dropFirst(2).prefix(while: Self.isIdentifierCharacter)
            guard !id.isEmpty, afterAction.dropFirst(2 + id.count).first == "'" else { continue }
            message += run + ": " + (renamed(id) ?? String(id)) + "'"
            rest = afterAction.dropFirst(2 + id.count + 1)
        }
        return message + rest
    }

    /// A base trace as the head's names would write it: instances, segues, steps, state and messages.
    func trace(_ trace: FlowTrace) -> FlowTrace {
        guard !isEmpty else { return trace }
        var trace = trace
        trace.steps = trace.steps.map { step in
            var step = step
            step.action = action(step.action)
            step.events = step.events.map { event in
                var event = event
                event.receiver = identifier(event.receiver)
                if case .instance(let name)? = event.argument { event.argument = .instance(identifier(name)) }
                event.segue = event.segue.map(identifier)
                event.destination = event.destination.map(identifier)
                return event
            }
            // Messages quote the ids they name.
            step.warnings = step.warnings.map(quoted)
            step.failures = step.failures.map { failure in
                var failure = failure
                failure.expected = text(failure.expected)
                failure.actual = text(failure.actual)
                return failure
            }
            step.error = step.error.map { error in
                var error = error
                error.message = quoted(error.message)
                return error
            }
            var state = step.state
            state.chain = state.chain.map(identifier)
            state.visible = identifier(state.visible)
            state.presentations = state.presentations.map { presentation in
                var presentation = presentation
                presentation.presenter = identifier(presentation.presenter)
                presentation.presented = identifier(presentation.presented)
                presentation.source = identifier(presentation.source)
                return presentation
            }
            state.containers = state.containers.map { container in
                var container = container
                container.name = identifier(container.name)
                container.children = container.children.map(identifier)
                container.selected = container.selected.map(identifier)
                return container
            }
            step.state = state
            return step
        }
        return trace
    }
}
