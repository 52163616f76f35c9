/// Identifier rules and "did you mean" suggestions shared by every module.
public enum Identifier {
    /// Whether `text` matches `[A-Za-z_][A-Za-z0-9_-]*`.
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isLetterOrUnderscore(first) else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { isLetterOrUnderscore($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Whether `text` is a scene identifier: identifiers (as `isValid`) joined by `.` or `@`, as storyboard imports
    /// name scenes of other storyboards (`Social.StyledNavigationController`) and second instances
    /// (`ListViewController@tabs`). A segue reference splits at its last `.`, since segue identifiers have none.
    public static func isValidScene(_ text: String) -> Bool {
        var part = ""
        for scalar in text.unicodeScalars {
            if scalar == "." || scalar == "@" {
                guard isValid(part) else { return false }
                part = ""
            } else {
                part.unicodeScalars.append(scalar)
            }
        }
        return isValid(part)
    }

    /// The pattern of `isValidScene`, for messages.
    public static let scenePattern = "[A-Za-z_][A-Za-z0-9_-]* parts joined by '.' or '@'"

    private static func isLetterOrUnderscore(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_"
    }

    /// The most characters of a scene or flow identifier: they name files of the docs, and file names are
    /// limited (255 bytes on common file systems, with room left for suffixes such as `-neighbourhood.svg`).
    public static let maximumLength = 128

    /// The closest candidate to `text`, if one is close enough to be a likely typo.
    ///
    /// Bounded, so that many long misspellings cost little: text longer than `maximumLength` is not compared,
    /// candidates whose length differs by more than the allowed distance are skipped, and the distance is
    /// computed only up to what could still win.
    public static func suggestion(for text: String, among candidates: [String]) -> String? {
        guard text.utf8.count <= maximumLength * 4, text.count <= maximumLength else { return nil }
        let lowered = Array(text.lowercased())
        let limit = max(1, min(3, (text.count + 2) / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            // Only a strictly closer candidate replaces the first best one.
            let bound = min(limit, (best?.distance ?? limit + 1) - 1)
            guard bound >= 0, candidate.utf8.count <= (lowered.count + bound) * 4 else { continue }
            let other = Array(candidate.lowercased())
            if let distance = editDistance(lowered, other, atMost: bound) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// " (did you mean 'x'?)" or "".
    public static func didYouMean(_ text: String, among candidates: [String]) -> String {
        suggestion(for: text, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        return editDistance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// Levenshtein distance when it is at most `limit`, else nil: only the diagonal band of width
    /// 2 × `limit` + 1 is computed, and the computation stops once a whole row is past `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let outside = limit + 1
        var previous = (0...b.count).map { Swift.min($0, outside) }
        var current = [Int](repeating: outside, count: b.count + 1)
        for i in 1...a.count {
            let low = Swift.max(1, i - limit), high = Swift.min(b.count, i + limit)
            current[0] = Swift.min(i, outside)
            if low > 1 { current[low - 1] = outside }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, outside)
                    rowMinimum = Swift.min(rowMinimum, current[j])
                }
            }
            if high < b.count { current[high + 1] = outside }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}

extension Identifier {
    /// The anchor a scene's page gives one of its segues (Markdown and HTML alike): `segue-<segue-id>`.
    public static func segueAnchor(_ segueID: String) -> String { "segue-" + segueID }

    /// Whether `digits` is how a trace numbers a later instance (`photo#2`): 2 or more, written plainly, so that
    /// `#0`, `#1`, `#02` and `#+2`, which no trace writes, are told apart from it.
    public static func isLaterInstanceNumber(_ digits: Substring) -> Bool {
        guard let first = digits.first, first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return digits.count > 1 || first >= "2"
    }

    /// The scene of an instance name: `photo#2` → `photo`, `photo` → `photo`.
    public static func scene(ofInstance instance: String) -> String {
        // Called for every receiver of every call drawn or listed: the usual names (`photo`, `photo#2`) are cut at
        // their first `#` byte, which is a `#` character of its own when ASCII is on both sides of it; anything else
        // (a leading `#`, a mark that would join it to its neighbour) goes the Character way.
        let utf8 = instance.utf8
        guard let hash = utf8.firstIndex(of: UInt8(ascii: "#")) else { return instance }
        let next = utf8.index(after: hash)
        if hash != utf8.startIndex, utf8[utf8.index(before: hash)] < 0x80, next == utf8.endIndex || utf8[next] < 0x80 {
            return String(instance[..<hash])
        }
        return String(instance.split(separator: "#", maxSplits: 1).first ?? Substring(instance))
    }
}

extension Identifier {
    /// A scene identifier without its storyboard qualifier: `Social.StyledNavigationController` →
    /// `StyledNavigationController`; an identifier without one is returned as it is.
    public static func bareScene(_ id: String) -> String {
        id.firstIndex(of: ".").map { String(id[id.index(after: $0)...]) } ?? id
    }
}

/// Bare names of scenes imported from storyboards other than the main one: `Credits` for `Social.Credits`, so that
/// a model may write the bare name where no other scene has it.
public struct SceneAliases: Sendable {
    private var targets: [String: [String]] = [:]
    private let ids: Set<String>

    public init(sceneIDs: [String]) {
        ids = Set(sceneIDs)
        for id in sceneIDs where id.contains(".") {
            targets[Identifier.bareScene(id), default: []].append(id)
        }
    }

    /// The scene `name` stands for: itself when it is a scene's identifier, else the one qualified scene whose bare
    /// name it is; `nil` when it is neither (or ambiguous, see `candidates(for:)`).
    public func resolve(_ name: String) -> String? {
        if ids.contains(name) { return name }
        guard let found = targets[name], found.count == 1 else { return nil }
        return found[0]
    }

    /// Every qualified scene whose bare name is `name`, in model order.
    public func candidates(for name: String) -> [String] {
        targets[name] ?? []
    }

    /// `name` resolved, else `name` unchanged (the validator reports it).
    public func resolving(_ name: String) -> String { resolve(name) ?? name }

    /// An instance name (`Credits#2`) with its scene resolved.
    public func resolvingInstance(_ instance: String) -> String {
        guard let hash = instance.firstIndex(of: "#") else { return resolving(instance) }
        return resolving(String(instance[..<hash])) + instance[hash...]
    }
}

extension Identifier {
    /// " (did you mean 'x'?)" for a scene name that matches no scene: the closest scene by identifier (with or
    /// without its storyboard's name), title, storyboard ID or class, the way it matched named when it is not the
    /// identifier (" (did you mean 'Settings.Root', titled 'Settings'?)"); "" when none is close.
    public static func didYouMeanScene(_ text: String, among scenes: [Scene]) -> String {
        var names: [String] = []
        var owners: [(id: String, how: String?)] = []
        func add(_ name: String?, _ id: String, _ how: String?) {
            guard let name, !name.isEmpty else { return }
            names.append(name)
            owners.append((id, how))
        }
        for scene in scenes {
            add(scene.id, scene.id, nil)
            if scene.id.contains(".") { add(bareScene(scene.id), scene.id, nil) }
        }
        // Identifiers first: among equally close names, the first wins.
        for scene in scenes {
            add(scene.title, scene.id, scene.title.map { "titled '\($0)'" })
            add(scene.storyboardID, scene.id, scene.storyboardID.map { "storyboard ID '\($0)'" })
            add(scene.customClass?.value, scene.id, scene.customClass.map { "class \($0.value)" })
        }
        if let best = suggestion(for: text, among: names), let index = names.firstIndex(of: best) {
            let owner = owners[index]
            return " (did you mean '\(owner.id)'\(owner.how.map { ", \($0)" } ?? "")?)"
        }
        // Identifiers of earlier storyboard imports carried object ids (`List-Mxq-5y-Lb4`) or numbers (`List-2`): the
        // name without them may be a scene's identifier, storyboard ID or class.
        let plain = withoutObjectID(text)
        guard plain != text else { return "" }
        var matches: [String] = []
        for (name, owner) in zip(names, owners) where name == plain && !matches.contains(owner.id) { matches.append(owner.id) }
        guard !matches.isEmpty else { return "" }
        return " (did you mean " + matches.prefix(3).map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }

    /// `text` without a trailing Interface Builder object id (`-Mxq-5y-Lb4`) or number (`-2`).
    static func withoutObjectID(_ text: String) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let isObjectID = parts.count >= 4 && parts.suffix(3).map(\.count) == [3, 2, 3]
            && parts.suffix(3).allSatisfy { $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) } }
        if isObjectID { return parts.dropLast(3).joined(separator: "-") }
        if parts.count >= 2, let last = parts.last, !last.isEmpty, last.allSatisfy(\.isNumber) { return parts.dropLast().joined(separator: "-") }
        return text
    }
}
