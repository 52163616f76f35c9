import SceneModel

/// Collects diagnostics while reading typed values out of `ConfigNode`s.
final class DecodingContext {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    /// The text read, to check where a look-alike character is (`place`); nil when unknown.
    private let source: String?
    /// The source's lines in Unicode scalars, as positions count them (split on line feeds: a CR LF is one
    /// `Character`; a line's CR is left out).
    private lazy var sourceLines: [[Unicode.Scalar]] = (source ?? "").unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        .map { line in Array(line.last == "\r" ? line.dropLast() : line[...]) }

    init(file: String, source: String? = nil) {
        self.file = file
        self.source = source
    }

    /// Whether the file has `text` at `location` (a part of a value written on one line as it reads).
    func isWritten(_ text: String, at location: SourceLocation) -> Bool {
        guard source != nil, location.line >= 1, location.line <= sourceLines.count, location.column >= 1 else { return false }
        let line = sourceLines[location.line - 1]
        let scalars = Array(text.unicodeScalars)
        return location.column - 1 + scalars.count <= line.count && Array(line[(location.column - 1)..<(location.column - 1 + scalars.count)]) == scalars
    }


    /// An error of the model's format, unless another category is given.
    func error(_ message: String, at location: SourceLocation, category: DiagnosticCategory = .modelFormat, subject: String? = nil) {
        diagnostics.append(.finding(category, message, at: location, severity: .error, subject: subject))
    }

    func warning(_ message: String, at location: SourceLocation, category: DiagnosticCategory, subject: String? = nil) {
        diagnostics.append(.finding(category, message, at: location, severity: .warning, subject: subject))
    }

    /// Adds diagnostics found elsewhere (imported storyboards).
    func append(_ found: [Diagnostic]) {
        diagnostics += found
    }

    // MARK: - Structure

    /// The entries of a mapping, reporting a wrong type, duplicate keys and keys outside `allowed`.
    func mapping(_ node: ConfigNode, _ what: String, allowed: [String]? = nil) -> [ConfigNode.MappingEntry]? {
        guard case .mapping(let entries) = node.content else {
            mismatch("\(what) must be a mapping, found \(node.kindDescription)", node)
            return nil
        }
        var seen: [String: SourceLocation] = [:]
        var kept: [ConfigNode.MappingEntry] = []
        for entry in entries {
            guard entry.keyIsScalar else {
                error("\(what) has a key that is not a plain name", at: entry.keyLocation)
                continue
            }
            if let first = seen[entry.key] {
                error("duplicate key '\(entry.key)' in \(what) (first at line \(first.line))", at: entry.keyLocation)
                continue
            }
            seen[entry.key] = entry.keyLocation
            if let allowed, !allowed.contains(entry.key) {
                keyError("unknown key '\(entry.key)' in \(what)\(Identifier.didYouMean(entry.key, among: allowed))", entry)
                continue
            }
            kept.append(entry)
        }
        return kept
    }

    /// A key that is not allowed; when it holds a look-alike of YAML's structure (`kind:` and a no-break space in
    /// `{kind: show}`, which YAML reads as one key), the error is placed at that character and says what it is.
    func keyError(_ message: String, _ entry: ConfigNode.MappingEntry) {
        error(message, at: entry.keyLocation, lookAlike: entry.lookAlike)
    }

    /// A value of the wrong type; when its text holds a look-alike of YAML's structure (`class:` and a no-break
    /// space, which YAML reads as one text), the error is placed at that character and says what it is.
    func mismatch(_ message: String, _ node: ConfigNode) {
        error(message, at: node.location, lookAlike: node.lookAlike)
    }

    /// An error at `start` (a key's or value's), or, when the text there holds a look-alike, saying so at the
    /// character if the file has it where the text would put it (written on one line as it reads).
    private func error(_ message: String, at start: SourceLocation, lookAlike: (found: LookAlikes.Found, location: SourceLocation)?) {
        guard let (found, location) = lookAlike else { return error(message, at: start) }
        error(message + "; it holds \(found.description)", at: isWritten(String(found.scalar), at: location) ? location : start)
    }

    /// The items of a list.
    func sequence(_ node: ConfigNode, _ what: String) -> [ConfigNode]? {
        guard case .sequence(let items) = node.content else {
            mismatch("\(what) must be a list, found \(node.kindDescription)", node)
            return nil
        }
        return items
    }

    // MARK: - Scalars

    func string(_ node: ConfigNode, _ what: String) -> String? {
        guard case .scalar(let text, _) = node.content, !node.isNull else {
            error("\(what) must be text, found \(node.kindDescription)", at: node.location)
            return nil
        }
        // A control character (written as an escape, `"\u0000"`: YAML refuses them raw) cannot be shown in the docs,
        // and one passed through a template's escaping reaches the HTML as it is.
        if let control = text.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || (0x7F...0x9F).contains($0.value) }) {
            let hex = String(control.value, radix: 16, uppercase: true)
            error("\(what) holds a control character (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)), which the docs cannot show; remove it", at: node.location)
            return nil
        }
        return text
    }

    func located(_ node: ConfigNode, _ what: String) -> Located<String>? {
        string(node, what).map { Located($0, at: node.location) }
    }

    func bool(_ node: ConfigNode, _ what: String) -> Bool? {
        if case .scalar(let text, true) = node.content {
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        error("\(what) must be true or false, found \(node.kindDescription)", at: node.location)
        return nil
    }

    func int(_ node: ConfigNode, _ what: String) -> Int? {
        if case .scalar(let text, true) = node.content, let value = Int(text) { return value }
        // Said as it is: a number in quotes is text, and a whole number past 64 bits is one, only too large.
        if case .scalar(let text, let plain) = node.content, !text.isEmpty {
            let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
            let isWhole = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
            if isWhole && !plain {
                error("\(what) must be a whole number, found the text \(node.kindDescription) (in quotes); write it without quotes", at: node.location)
                return nil
            }
            if isWhole {
                error("\(what) is \(text), a number out of range", at: node.location)
                return nil
            }
        }
        error("\(what) must be a whole number, found \(node.kindDescription)", at: node.location)
        return nil
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ node: ConfigNode, _ what: String, _ type: E.Type) -> E?
    where E.RawValue == String {
        guard let text = string(node, what) else { return nil }
        if let value = E(rawValue: text) { return value }
        let allowed = E.allCases.map(\.rawValue)
        // The two style keys are easily swapped: `partialCurl` is a transition, `formSheet` a presentation.
        var swapped = ""
        if E.self == PresentationStyle.self, TransitionStyle(rawValue: text) != nil { swapped = " ('\(text)' is a modalTransitionStyle)" }
        if E.self == TransitionStyle.self, PresentationStyle(rawValue: text) != nil { swapped = " ('\(text)' is a modalPresentationStyle)" }
        mismatch("unknown \(what) '\(text)'\(swapped.isEmpty ? Identifier.didYouMean(text, among: allowed) : swapped); allowed: \(allowed.joined(separator: ", "))", node)
        return nil
    }

    func locatedEnum<E: RawRepresentable & CaseIterable & Sendable & Hashable>(_ node: ConfigNode, _ what: String, _ type: E.Type) -> Located<E>?
    where E.RawValue == String {
        enumeration(node, what, type).map { Located($0, at: node.location) }
    }

    /// An identifier: text matching `[A-Za-z_][A-Za-z0-9_-]*`.
    func identifier(_ node: ConfigNode, _ what: String) -> Located<String>? {
        guard let text = string(node, what) else { return nil }
        guard Identifier.isValid(text) else {
            mismatch("invalid \(what) '\(text)': identifiers match [A-Za-z_][A-Za-z0-9_-]*", node)
            return nil
        }
        return Located(text, at: node.location)
    }

    /// A scene identifier: identifiers joined by `.` or `@` (`Social.StyledNavigationController`, `List@tabs`).
    func sceneIdentifier(_ node: ConfigNode, _ what: String) -> Located<String>? {
        guard let text = string(node, what) else { return nil }
        guard Identifier.isValidScene(text) else {
            mismatch("invalid \(what) '\(text)': scene identifiers match \(Identifier.scenePattern)", node)
            return nil
        }
        return Located(text, at: node.location)
    }

    /// A list of scene identifiers; a single identifier is accepted as a list of one.
    func sceneIdentifierList(_ node: ConfigNode, _ what: String) -> [Located<String>]? {
        if case .scalar = node.content, !node.isNull {
            return sceneIdentifier(node, what).map { [$0] }
        }
        guard let items = sequence(node, "\(what) list") else { return nil }
        return items.compactMap { sceneIdentifier($0, what) }
    }

    /// Checks a scene identifier used as a mapping key.
    func checkSceneIdentifierKey(_ entry: ConfigNode.MappingEntry) -> Bool {
        guard Identifier.isValidScene(entry.key) else {
            error("invalid scene identifier '\(entry.key)': scene identifiers match \(Identifier.scenePattern)", at: entry.keyLocation)
            return false
        }
        return true
    }

    /// Checks an identifier used as a mapping key.
    func checkIdentifierKey(_ entry: ConfigNode.MappingEntry, _ what: String) -> Bool {
        guard Identifier.isValid(entry.key) else {
            error("invalid \(what) '\(entry.key)': identifiers match [A-Za-z_][A-Za-z0-9_-]*", at: entry.keyLocation)
            return false
        }
        return true
    }

    /// A list of identifiers; a single identifier is accepted as a list of one.
    func identifierList(_ node: ConfigNode, _ what: String) -> [Located<String>]? {
        if case .scalar = node.content, !node.isNull {
            return identifier(node, what).map { [$0] }
        }
        guard let items = sequence(node, "\(what) list") else { return nil }
        return items.compactMap { identifier($0, what) }
    }

    /// A list of text values; a single value is accepted as a list of one.
    func stringList(_ node: ConfigNode, _ what: String) -> [Located<String>]? {
        if case .scalar = node.content, !node.isNull {
            return located(node, what).map { [$0] }
        }
        guard let items = sequence(node, "\(what) list") else { return nil }
        return items.compactMap { located($0, what) }
    }
}
