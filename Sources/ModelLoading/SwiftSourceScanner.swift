import SceneModel

/// What one Swift source says about navigation, type by type: the unwind actions each type implements and the
/// navigation calls its code makes (`present(_:animated:)`, `pushViewController(_:animated:)`, `show(_:sender:)`,
/// `showDetailViewController(_:sender:)`, `dismiss(animated:)`, `performSegue(withIdentifier:sender:)`), with what
/// each call's view controller is when the code says so without running (`instantiateViewController(withIdentifier:)`
/// on `UIStoryboard(name:bundle:)` or the view controller's own storyboard, `instantiateInitialViewController()`, an
/// initializer of a class).
///
/// The walk follows type and function bodies by their braces over `SwiftLexer`'s tokens, and what `let` and `var`
/// bind inside a type or function; it evaluates nothing else. A call whose view controller it cannot tell is kept
/// with the reason, so that it can be listed; it is never guessed.
struct SwiftSourceScanner {
    /// Where a storyboard comes from in code.
    enum StoryboardReference: Equatable, Sendable {
        /// The calling view controller's own `storyboard`.
        case own
        /// `UIStoryboard(name: "Settings", bundle: …)`.
        case named(String)
    }

    /// The view controller a call is about, as far as the code tells.
    enum Target: Equatable, Sendable {
        case storyboardID(StoryboardReference, String)
        case initial(StoryboardReference)
        /// An initializer of a class: `SettingsViewController()`.
        case className(String)
        /// A controller of Apple's frameworks (`UIAlertController`, `SFSafariViewController`): not a scene of the app.
        case system(String)
        /// The code does not say; the reason, in words.
        case unknown(String)
        /// `dismiss(animated:)` and `performSegue(withIdentifier:)` name no view controller.
        case none
    }

    /// A navigation call of the code.
    struct Call: Equatable, Sendable {
        enum Kind: Equatable, Sendable {
            case code(CodeCall)
            /// `performSegue(withIdentifier:sender:)` with the identifier, when it is a literal.
            case performSegue(String?)
        }

        var type: String
        var function: String?
        var kind: Kind
        var target: Target
        var line: Int
        var column: Int
        /// The call as written, shortened, for messages: `present(vc, animated: true)`.
        var text: String
    }

    var unwindActions: [(type: String, action: String)] = []
    var calls: [Call] = []

    // MARK: - Walking the tokens

    private enum Value {
        case storyboard(StoryboardReference)
        case controller(Target)
    }

    private struct Scope {
        enum Kind { case type(String), function(String), block }
        var kind: Kind
        var depth: Int
        var bindings: [String: Value] = [:]
    }

    private let tokens: [SwiftToken]
    private var scopes: [Scope] = []

    private init(tokens: [SwiftToken]) {
        self.tokens = tokens
    }

    static func scan(_ source: String) -> SwiftSourceScanner {
        var scanner = SwiftSourceScanner(tokens: SwiftLexer.tokens(source))
        scanner.walk()
        return scanner
    }

    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "actor", "extension", "protocol"]
    /// Words after `class` that make it a member's modifier (`class func`), not a type.
    private static let memberWords: Set<String> = [
        "func", "var", "let", "subscript", "init", "override", "final", "private", "public", "internal", "fileprivate", "open", "static",
    ]

    private var currentType: String? {
        for scope in scopes.reversed() { if case .type(let name) = scope.kind { return name } }
        return nil
    }

    private var currentFunction: String? {
        for scope in scopes.reversed() {
            if case .function(let name) = scope.kind { return name }
            if case .type = scope.kind { return nil }
        }
        return nil
    }

    private mutating func walk() {
        var depth = 0
        var pending: Scope.Kind?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation("{") {
                depth += 1
                scopes.append(Scope(kind: pending ?? .block, depth: depth))
                pending = nil
            } else if token.isPunctuation("}") {
                if let last = scopes.last, last.depth == depth { scopes.removeLast() }
                depth -= 1
            } else if token.isPunctuation(";") {
                pending = nil
            } else if token.kind == .identifier {
                // A member named like a keyword (`x.class`) is no declaration; calls are members too.
                let isMember = follows(index, ".")
                switch token.text {
                case _ where Self.typeKeywords.contains(token.text):
                    if !isMember, let name = typeName(after: index) { pending = .type(name) }
                case "func":
                    if !isMember, index + 1 < tokens.count, tokens[index + 1].kind == .identifier { pending = .function(tokens[index + 1].text) }
                case "init", "deinit":
                    if !isMember, !follows(index, "func") { pending = .function(token.text) }
                case "let", "var":
                    if !isMember { bind(at: index) }
                case "IBAction":
                    if follows(index, "@"), let type = currentType, let action = unwindAction(after: index) {
                        unwindActions.append((type, action))
                    }
                case "present", "pushViewController", "show", "showDetailViewController", "dismiss", "performSegue":
                    if index + 1 < tokens.count, tokens[index + 1].isPunctuation("("), !follows(index, "func") {
                        recordCall(at: index)
                    }
                default:
                    break
                }
            }
            index += 1
        }
    }

    /// Whether the token before `index` is `text`.
    private func follows(_ index: Int, _ text: String) -> Bool {
        index > 0 && tokens[index - 1].text == text && tokens[index - 1].kind != .string
    }

    /// The type a type keyword declares (the last part of `Module.Name`); `nil` for `class func` and the like.
    private func typeName(after index: Int) -> String? {
        var next = index + 1
        var name: String?
        while next < tokens.count, tokens[next].kind == .identifier {
            if name == nil, Self.memberWords.contains(tokens[next].text) { return nil }
            name = tokens[next].text
            guard next + 1 < tokens.count, tokens[next + 1].isPunctuation(".") else { break }
            next += 2
        }
        return name
    }

    // MARK: - Bindings

    /// `let name = value` / `var name: Type = value` (also in `if let` and `guard let`): what the value is, when it is a
    /// storyboard or a view controller the code names.
    private mutating func bind(at index: Int) {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier, !scopes.isEmpty else { return }
        let name = tokens[index + 1].text
        var next = index + 2
        var depth = 0
        // Skip a type annotation up to the `=`.
        while next < tokens.count {
            let token = tokens[next]
            if depth == 0, token.isPunctuation("=") { break }
            if ["(", "[", "<"].contains(token.text), token.kind == .punctuation { depth += 1 }
            if [")", "]", ">"].contains(token.text), token.kind == .punctuation { depth -= 1 }
            if depth < 0 || (depth == 0 && (token.isPunctuation("{") || token.isPunctuation(",") || token.isPunctuation(";")
                                            || token.line != tokens[index].line)) { return }
            next += 1
        }
        guard next < tokens.count else { return }
        let end = expressionEnd(from: next + 1)
        guard let value = value(next + 1, end) else {
            scopes[scopes.count - 1].bindings[name] = nil
            return
        }
        scopes[scopes.count - 1].bindings[name] = value
    }

    private func lookup(_ name: String) -> Value? {
        for scope in scopes.reversed() {
            if let value = scope.bindings[name] { return value }
        }
        return nil
    }

    // MARK: - Expressions

    /// Where the expression starting at `start` ends: at a `,`, `;`, `{` or `else` outside brackets, a closing bracket
    /// of an enclosing group, or a new line that does not continue it (`.member`, `as`).
    private func expressionEnd(from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                if ["(", "["].contains(token.text) { depth += 1 }
                if [")", "]"].contains(token.text) {
                    if depth == 0 { return index }
                    depth -= 1
                }
                if depth == 0, [",", ";", "{", "}"].contains(token.text) { return index }
            }
            if depth == 0, token.isIdentifier("else") { return index }
            if depth == 0, index > start, token.line != tokens[index - 1].line,
               !token.isPunctuation("."), !token.isIdentifier("as"), !tokens[index - 1].isPunctuation("="),
               !tokens[index - 1].isPunctuation(".") {
                return index
            }
            index += 1
        }
        return index
    }

    /// Apple's frameworks' class prefixes: their controllers are no scene of the app.
    private static let systemPrefixes = ["UI", "SF", "MF", "PH", "CN", "AV", "QL", "SK", "GK", "EK", "MK", "PK", "VN", "WK", "AS", "CP", "INUI", "MP"]

    private static func isSystemClass(_ name: String) -> Bool {
        systemPrefixes.contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first.map { $0.isUppercase } == true
        }
    }

    /// The value of tokens `start..<end`, when it is a storyboard or a view controller; `nil` when it is neither
    /// (an expression of another kind).
    private func value(_ start: Int, _ end: Int) -> Value? {
        var start = start, end = end
        // try, try?, try!, await; a trailing cast, `!` or `?`.
        while start < end, tokens[start].isIdentifier("try") || tokens[start].isIdentifier("await")
                || (start > 0 && tokens[start - 1].isIdentifier("try") && (tokens[start].isPunctuation("?") || tokens[start].isPunctuation("!"))) {
            start += 1
        }
        if let cast = (start..<end).last(where: { tokens[$0].isIdentifier("as") }), cast > start { end = cast }
        while end > start, tokens[end - 1].isPunctuation("!") || tokens[end - 1].isPunctuation("?") { end -= 1 }
        guard start < end else { return nil }
        let first = tokens[start]

        if let call = (start..<end).first(where: { tokens[$0].isIdentifier("instantiateViewController") || tokens[$0].isIdentifier("instantiateInitialViewController") }),
           call + 1 < end, tokens[call + 1].isPunctuation("(") {
            let storyboard: StoryboardReference?
            switch receiverValue(start, call) {
            case .storyboard(let reference)?: storyboard = reference
            default: storyboard = nil
            }
            guard let storyboard else {
                return .controller(.unknown("the storyboard '\(text(start, max(start, call - 1)))' is made elsewhere"))
            }
            if tokens[call].text == "instantiateInitialViewController" { return .controller(.initial(storyboard)) }
            let arguments = self.arguments(call + 1)
            guard let identifier = arguments.first, identifier.label == "withIdentifier" || identifier.label == "identifier" else {
                return .controller(.unknown("instantiateViewController without an identifier"))
            }
            if identifier.end - identifier.start == 1, tokens[identifier.start].kind == .string {
                return .controller(.storyboardID(storyboard, tokens[identifier.start].text))
            }
            return .controller(.unknown("the storyboard ID is computed (\(text(identifier.start, identifier.end)))"))
        }

        if first.kind == .identifier, first.text.first?.isUppercase == true {
            var open = start + 1
            if open + 1 < end, tokens[open].isPunctuation("."), tokens[open + 1].isIdentifier("init") { open += 2 }
            if open < end, tokens[open].isPunctuation("(") {
                if first.text == "UIStoryboard" {
                    let name = arguments(open).first { $0.label == "name" }
                    if let name, name.end - name.start == 1, tokens[name.start].kind == .string {
                        return .storyboard(.named(tokens[name.start].text))
                    }
                    return .controller(.unknown("a storyboard whose name is computed"))
                }
                if first.text == "UINavigationController" || first.text == "UITabBarController" || first.text == "UISplitViewController" {
                    return .controller(.unknown("a \(first.text) made in code around another view controller"))
                }
                return .controller(Self.isSystemClass(first.text) ? .system(first.text) : .className(first.text))
            }
        }

        if end - start == 1, first.kind == .identifier {
            if let bound = lookup(first.text) { return bound }
            if first.text == "storyboard" { return .storyboard(.own) }
            return nil
        }
        if end - start == 3, first.isIdentifier("self"), tokens[start + 1].isPunctuation("."), tokens[start + 2].kind == .identifier {
            // `self.name`: a property bound in the type, or the view controller's own storyboard.
            if let bound = lookup(tokens[start + 2].text) { return bound }
            if tokens[start + 2].text == "storyboard" { return .storyboard(.own) }
        }
        return nil
    }

    /// The value of the receiver of a member call: tokens `start..<member` end with the `.` before the member.
    private func receiverValue(_ start: Int, _ member: Int) -> Value? {
        var end = member
        if end > start, tokens[end - 1].isPunctuation(".") { end -= 1 }
        while end > start, tokens[end - 1].isPunctuation("?") || tokens[end - 1].isPunctuation("!") { end -= 1 }
        guard end > start else { return nil }
        return value(start, end)
    }

    /// The arguments of the call whose `(` is at `open`: label (or nil) and the token range of each value.
    private func arguments(_ open: Int) -> [(label: String?, start: Int, end: Int)] {
        var result: [(String?, Int, Int)] = []
        var index = open + 1
        while index < tokens.count, !tokens[index].isPunctuation(")") {
            var label: String?
            if index + 1 < tokens.count, tokens[index].kind == .identifier, tokens[index + 1].isPunctuation(":") {
                label = tokens[index].text
                index += 2
            }
            let end = expressionEnd(from: index)
            result.append((label, index, end))
            index = end
            if index < tokens.count, tokens[index].isPunctuation(",") { index += 1 } else { break }
        }
        return result
    }

    /// The source text of tokens `start..<end`, shortened: `present(vc, animated: true)`.
    private func text(_ start: Int, _ end: Int) -> String {
        var result = ""
        var previous: SwiftToken?
        for index in start..<min(end, tokens.count) {
            let token = tokens[index]
            let piece = token.kind == .string ? "\"\(token.text)\"" : token.kind == .dynamicString ? "\"\\(…)\"" : token.text
            if let previous {
                let wordLike: (SwiftToken) -> Bool = { $0.kind != .punctuation }
                if previous.isPunctuation(",") || previous.isPunctuation(":") || (wordLike(previous) && wordLike(token)) { result += " " }
            }
            result += piece
            previous = token
        }
        return result.count > 80 ? String(result.prefix(77)) + "…" : result
    }

    /// Where the receiver chain of the member at `index` starts (`self.navigationController?.` before `push…`).
    private func receiverStart(of index: Int) -> Int {
        var start = index
        while start > 0, tokens[start - 1].isPunctuation(".") {
            var next = start - 1
            while next > 0, tokens[next - 1].isPunctuation("?") || tokens[next - 1].isPunctuation("!") { next -= 1 }
            guard next > 0, tokens[next - 1].kind == .identifier else { break }
            start = next - 1
        }
        return start
    }

    // MARK: - Calls

    /// What receives a call at `index`: `self` (written `self.` or not at all), the name of the view controller's
    /// property it is called on (`navigationController` in `navigationController?.push…` or
    /// `self.navigationController!.push…`), or that name with a `?` in front when it is a member of something else.
    private func receiver(of index: Int) -> String {
        guard index > 0, tokens[index - 1].isPunctuation(".") else { return "self" }
        var end = index - 1
        while end > 0, tokens[end - 1].isPunctuation("?") || tokens[end - 1].isPunctuation("!") { end -= 1 }
        guard end > 0, tokens[end - 1].kind == .identifier else { return "?" }
        let nameIndex = end - 1
        let name = tokens[nameIndex].text
        if name == "self" { return "self" }
        guard nameIndex > 0, tokens[nameIndex - 1].isPunctuation(".") else { return name }
        if nameIndex > 1, tokens[nameIndex - 2].isIdentifier("self") { return name }
        return "?" + name
    }

    private mutating func recordCall(at index: Int) {
        guard let type = currentType else { return }
        let name = tokens[index].text
        let arguments = self.arguments(index + 1)
        let receiver = receiver(of: index)
        let close = arguments.last.map { $0.end } ?? index + 1
        let written = text(receiverStart(of: index), min(close + 1, tokens.count))
        func add(_ kind: Call.Kind, _ target: Target) {
            calls.append(Call(type: type, function: currentFunction, kind: kind, target: target,
                              line: tokens[index].line, column: tokens[index].column, text: written))
        }
        let selfLike: Set<String> = ["self", "navigationController", "tabBarController", "splitViewController", "parent", "presentingViewController"]
        func target(_ argument: (label: String?, start: Int, end: Int)?) -> Target {
            guard let argument else { return .unknown("no view controller is given") }
            if argument.end - argument.start == 1, tokens[argument.start].kind == .identifier, lookup(tokens[argument.start].text) == nil {
                return .unknown("'\(tokens[argument.start].text)' is made elsewhere")
            }
            switch value(argument.start, argument.end) {
            case .controller(let target)?: return target
            case .storyboard?: return .unknown("a storyboard is not a view controller")
            case nil: return .unknown("'\(text(argument.start, argument.end))' is made elsewhere")
            }
        }
        let labels = arguments.map(\.label)
        switch name {
        case "present":
            guard labels.count >= 2, labels[0] == nil, labels[1] == "animated" else { return }
            add(.code(.present), selfLike.contains(receiver) ? target(arguments.first) : .unknown("presented by '\(receiver)', not by this view controller"))
        case "pushViewController":
            guard labels.count >= 2, labels[0] == nil, labels[1] == "animated" else { return }
            add(.code(.push), receiver == "navigationController" ? target(arguments.first) : .unknown("pushed onto '\(receiver)', not onto this view controller's navigation controller"))
        case "show", "showDetailViewController":
            guard labels.count == 2, labels[0] == nil, labels[1] == "sender" else { return }
            let call: CodeCall = name == "show" ? .show : .showDetail
            add(.code(call), selfLike.contains(receiver) ? target(arguments.first) : .unknown("called on '\(receiver)', not on this view controller"))
        case "dismiss":
            guard labels.first == "animated" else { return }
            add(.code(.dismiss), selfLike.contains(receiver) ? .none : .unknown("called on '\(receiver)', not on this view controller"))
        case "performSegue":
            guard labels.first == "withIdentifier", let identifier = arguments.first else { return }
            guard receiver == "self" else {
                add(.performSegue(nil), .unknown("called on '\(receiver)', not on this view controller"))
                return
            }
            if identifier.end - identifier.start == 1, tokens[identifier.start].kind == .string {
                add(.performSegue(tokens[identifier.start].text), .none)
            } else {
                add(.performSegue(nil), .unknown("the segue identifier is computed (\(text(identifier.start, identifier.end)))"))
            }
        default:
            break
        }
    }

    // MARK: - Unwind actions

    /// The selector name of the unwind action declared after `@IBAction` at `index`, when the function takes one
    /// `UIStoryboardSegue`.
    private func unwindAction(after index: Int) -> String? {
        var next = index + 1
        // Modifiers and attributes may stand between `@IBAction` and `func`.
        while next < tokens.count, !tokens[next].isIdentifier("func") {
            if tokens[next].isPunctuation("@") {
                next += 2
                if next < tokens.count, tokens[next].isPunctuation("(") { next = closing(next) + 1 }
                continue
            }
            guard tokens[next].kind == .identifier else { return nil }
            next += 1
        }
        guard next + 2 < tokens.count, tokens[next + 1].kind == .identifier, tokens[next + 2].isPunctuation("(") else { return nil }
        let name = tokens[next + 1].text
        let open = next + 2
        let close = closing(open)
        let parameters = tokens[(open + 1)..<close]
        guard !parameters.contains(where: { $0.isPunctuation(",") }),
              let colon = parameters.firstIndex(where: { $0.isPunctuation(":") }) else { return nil }
        let type = tokens[(colon + 1)..<close].filter { $0.kind == .identifier }.map(\.text)
        guard type == ["UIStoryboardSegue"] || type == ["UIKit", "UIStoryboardSegue"] else { return nil }
        let labels = tokens[(open + 1)..<colon].filter { $0.kind == .identifier }.map(\.text)
        guard let label = labels.first else { return nil }
        return UnwindActionScanner.selectorName(base: name, firstLabel: label)
    }

    /// The index of the `)` closing the `(` at `open`.
    private func closing(_ open: Int) -> Int {
        var depth = 0
        var index = open
        while index < tokens.count {
            if tokens[index].isPunctuation("(") { depth += 1 }
            if tokens[index].isPunctuation(")") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return tokens.count - 1
    }
}
