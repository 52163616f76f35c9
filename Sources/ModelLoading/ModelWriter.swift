import SceneModel

/// Writes a model as a format-1 YAML file that `ModelLoader` reads back into the same model.
///
/// Keys are written only where they differ from the format's defaults, in the order of the format's tables.
/// Flows are not written: the file gets an empty `flows:` with a commented example to start from.
public struct ModelWriter: Sendable {
    /// Comment lines written at the top of the file (without `#`).
    public var header: [String]

    public init(header: [String] = []) {
        self.header = header
    }

    public func yaml(for model: SceneModel) -> String {
        var lines: [String] = header.map { $0.isEmpty ? "#" : "# \($0)" }
        lines.append("format: \(SceneModel.supportedFormat)")
        lines.append("name: \(Self.scalar(model.name))")
        if let summary = model.summary { lines.append("summary: \(Self.scalar(summary))") }
        let environment = environmentEntries(model.environment)
        if !environment.isEmpty { lines.append("environment: {\(environment.joined(separator: ", "))}") }
        if !model.conditions.isEmpty {
            lines.append("conditions:")
            for condition in model.conditions { lines.append("  \(condition.name): \(condition.value)") }
        }
        if let initial = model.initial { lines.append("initial: \(Self.scalar(initial.value))") }
        lines.append("")
        if model.scenes.isEmpty {
            lines.append("scenes: {}")
        } else {
            lines.append("scenes:")
            for scene in model.scenes { lines += sceneLines(scene) }
        }
        lines.append("")
        lines += flowsExample(model)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Parts

    private func environmentEntries(_ environment: Environment) -> [String] {
        let defaults = Environment(idiom: environment.idiom)
        var entries: [String] = []
        if environment.idiom != .phone { entries.append("idiom: \(environment.idiom.rawValue)") }
        if environment.width != defaults.width { entries.append("width: \(environment.width.rawValue)") }
        if environment.height != defaults.height { entries.append("height: \(environment.height.rawValue)") }
        if environment.ios != defaults.ios { entries.append("ios: \(environment.ios)") }
        return entries
    }

    private func sceneLines(_ scene: Scene) -> [String] {
        var entries: [String] = []
        func add(_ key: String, _ value: String) { entries.append("\(key): \(value)") }
        if scene.kind != .content { add("kind", scene.kind.rawValue) }
        if let customClass = scene.customClass?.value { add("class", Self.scalar(customClass)) }
        if let title = scene.title { add("title", Self.scalar(title)) }
        if let storyboardID = scene.storyboardID { add("storyboardID", Self.scalar(storyboardID)) }
        if let summary = scene.summary { add("summary", Self.scalar(summary)) }
        if let root = scene.root { add("root", Self.scalar(root.value)) }
        if !scene.tabs.isEmpty { add("tabs", Self.list(scene.tabs.map(\.value))) }
        if let selected = scene.selected { add("selected", Self.scalar(selected.value)) }
        if let primary = scene.primary { add("primary", Self.scalar(primary.value)) }
        if let supplementary = scene.supplementary { add("supplementary", Self.scalar(supplementary.value)) }
        if let secondary = scene.secondary { add("secondary", Self.scalar(secondary.value)) }
        if let compact = scene.compact { add("compact", Self.scalar(compact.value)) }
        if scene.kind == .split && scene.splitStyle != .classic { add("style", scene.splitStyle.rawValue) }
        if scene.kind == .split && scene.collapse != .secondary { add("collapse", scene.collapse.rawValue) }
        if !scene.pages.isEmpty { add("pages", Self.list(scene.pages.map(\.value))) }
        if scene.kind == .page && scene.pageTransition != .scroll { add("pageTransition", scene.pageTransition.rawValue) }
        if !scene.children.isEmpty { add("children", Self.list(scene.children.map(\.value))) }
        if !scene.overrides.isEmpty { add("overrides", Self.list(scene.overrides.map(\.value.rawValue))) }
        if let defines = scene.definesPresentationContextSetting { add("definesPresentationContext", "\(defines)") }
        if scene.providesPresentationContextTransitionStyle { add("providesPresentationContextTransitionStyle", "true") }
        if scene.modalPresentationStyle != .automatic { add("modalPresentationStyle", scene.modalPresentationStyle.rawValue) }
        if scene.modalTransitionStyle != .coverVertical { add("modalTransitionStyle", scene.modalTransitionStyle.rawValue) }
        if scene.isModalInPresentation { add("isModalInPresentation", "true") }
        if !scene.unwindActions.isEmpty { add("unwindActions", Self.list(scene.unwindActions.map(\.value))) }
        if let origin = scene.origin {
            add("origin", "{storyboard: \(Self.scalar(origin.storyboard)), objectID: \(Self.scalar(origin.objectID))\(origin.isInitial ? ", initial: true" : "")}")
        }
        var lines = ["  \(Self.scalar(scene.id)):"]
        if entries.isEmpty && scene.segues.isEmpty {
            lines[0] += " {}"
            return lines
        }
        lines += entries.map { "    \($0)" }
        if !scene.segues.isEmpty {
            lines.append("    segues:")
            for segue in scene.segues {
                lines.append("      \(Self.scalar(segue.id)): {\(segueEntries(segue).joined(separator: ", "))}")
            }
        }
        return lines
    }

    private func segueEntries(_ segue: Segue) -> [String] {
        var entries = ["kind: \(segue.kind.value.rawValue)"]
        if let call = segue.call { entries.append("call: \(call.value.rawValue)") }
        if let destination = segue.destination { entries.append("to: \(Self.scalar(destination.value))") }
        if let action = segue.action { entries.append("action: \(Self.scalar(action.value))") }
        if let trigger = segue.trigger { entries.append("trigger: \(Self.scalar(trigger))") }
        if let label = segue.label { entries.append("label: \(Self.scalar(label))") }
        if let style = segue.modalPresentationStyle { entries.append("modalPresentationStyle: \(style.value.rawValue)") }
        if let style = segue.modalTransitionStyle { entries.append("modalTransitionStyle: \(style.value.rawValue)") }
        if let anchor = segue.anchor { entries.append("anchor: \(Self.scalar(anchor))") }
        if let adaptive = segue.adaptivePresentationStyle { entries.append("adaptivePresentationStyle: \(adaptive.rawValue)") }
        if let condition = segue.guardCondition { entries.append("guard: \(Self.scalar(condition.value))") }
        if !segue.animated { entries.append("animated: false") }
        if let customClass = segue.customClass { entries.append("class: \(Self.scalar(customClass))") }
        if let summary = segue.summary { entries.append("summary: \(Self.scalar(summary))") }
        if let passes = segue.passes { entries.append("passes: \(Self.scalar(passes))") }
        if let place = segue.codeLocation { entries.append("at: \(Self.scalar(place))") }
        return entries
    }

    /// `flows:` with nothing in it, and a commented example built from the model's first segue with a trigger.
    private func flowsExample(_ model: SceneModel) -> [String] {
        var lines = [
            "flows:",
            "  # Flows are scripted journeys through the app, written against the scenes above.",
            "  # For example (see the model format's Flows section for every step):",
        ]
        let example = model.allSegues.first { $0.trigger != nil && $0.destination != nil && $0.kind.value != .embed }
        if let segue = example, let destination = segue.destination?.value, let trigger = segue.trigger {
            lines += [
                "  # \(Self.scalar(segue.id)):",
                "  #   summary: \(Self.scalar("Use the \(trigger) of \(segue.source)."))",
                "  #   steps:",
                "  #     - tap: \(segue.qualifiedID)",
                "  #     - expect: {visible: \(destination)}",
            ]
        } else {
            lines += [
                "  # first-flow:",
                "  #   summary: What the user does.",
                "  #   steps:",
                "  #     - perform: <scene>.<segue>",
                "  #     - expect: {visible: <scene>}",
            ]
        }
        return lines
    }

    // MARK: - Scalars

    /// A scalar as plain YAML when that reads back as the same string, else double-quoted. Plain scalars are also safe
    /// inside flow collections (`{…}`, `[…]`), where the writer puts segues and lists.
    static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : quoted(text)
    }

    static func list(_ items: [String]) -> String {
        "[\(items.map(scalar).joined(separator: ", "))]"
    }

    private static let reservedWords: Set<String> = [
        "true", "false", "yes", "no", "on", "off", "null", "y", "n", "~",
    ]

    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if reservedWords.contains(text.lowercased()) { return false }
        // Numbers would come back as the same text, but readers of the file would take them for numbers.
        if Double(text) != nil || text.hasPrefix(".") { return false }
        let letters = ("a"..."z") as ClosedRange<Unicode.Scalar>, capitals = ("A"..."Z") as ClosedRange<Unicode.Scalar>
        let digits = ("0"..."9") as ClosedRange<Unicode.Scalar>
        guard letters.contains(first) || capitals.contains(first) || first == "_" || digits.contains(first) else { return false }
        guard last != " " else { return false }
        for scalar in text.unicodeScalars {
            let allowed = letters.contains(scalar) || capitals.contains(scalar) || digits.contains(scalar)
                || " _-.()/'@".unicodeScalars.contains(scalar) || (scalar.value > 0x7F && scalar.properties.isAlphabetic)
            if !allowed { return false }
        }
        return true
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
