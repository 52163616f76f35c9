import Foundation

/// Scene and segue identifiers made from Interface Builder names (see `docs/storyboards.md`, "Scene identifiers").
///
/// A scene's name depends on its own storyboard only, so that importing, removing or reordering other storyboards
/// never renames it: scenes of the main storyboard have bare names (`Library`), scenes of every other storyboard
/// carry its name (`Social.StyledNavigationController`).
enum StoryboardNames {
    // MARK: - Text to identifiers

    /// `text` as an identifier: characters outside `[A-Za-z0-9_-]` become `_`, and a leading digit or `-` gets a `_`.
    static func sanitize(_ text: String?, maximumLength: Int = partLength) -> String? {
        guard let text, !text.isEmpty else { return nil }
        // At most `partLength` characters for a part of a scene's id: a storyboard's name, a dot, a name and a number
        // to tell copies apart stay within an identifier's 128 (a long document label blocked the whole import).
        var result = String(text.unicodeScalars.prefix(maximumLength).map { scalar -> Character in
            isIdentifierScalar(scalar) ? Character(scalar) : "_"
        })
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) || first == "-" {
            result = "_" + String(result.dropLast(result.count >= maximumLength ? 1 : 0))
        }
        return result
    }

    /// The most characters of a segue's id: not a file's name, but a key of the model the import writes, which a
    /// 2,000-character storyboard identifier made too long to load back.
    static let segueLength = 256

    /// The most characters of one part of an imported identifier (a storyboard's name, a scene's, a segue's).
    static let partLength = 60

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
    }

    /// A title or label as an identifier in words run together: "Photo details" → `PhotoDetails`, "Réglages" →
    /// `Reglages`; `nil` when nothing of it is left (a title in another script).
    static func words(_ text: String?) -> String? {
        guard let text else { return nil }
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        var startOfWord = true
        for scalar in folded.unicodeScalars {
            let isWordScalar = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            guard isWordScalar else {
                startOfWord = true
                continue
            }
            let character = String(scalar)
            result += startOfWord ? character.uppercased() : character
            startOfWord = false
        }
        return sanitize(result)
    }

    /// The unwind action's name from its Objective-C selector: `unwindToLibrary:` → `unwindToLibrary`.
    static func unwindActionName(_ selector: String) -> String {
        var name = selector
        while name.hasSuffix(":") { name.removeLast() }
        return sanitize(name) ?? "unwind"
    }

    /// The label Interface Builder shows for a view controller in its outline, when someone wrote one: the
    /// document label, else the title, else the navigation item's title, else the tab bar item's title.
    static func label(of element: StoryboardElement) -> String? {
        let candidates = [
            element["userLabel"], element["title"],
            element.child("navigationItem", key: "navigationItem")?["title"],
            element.child("tabBarItem", key: "tabBarItem")?["title"],
        ]
        return candidates.lazy.compactMap { $0 }.first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    /// The element's kind as Interface Builder names it: `viewController` → `ViewController`,
    /// `avPlayerViewController` → `AVPlayerViewController`.
    static func kindName(_ elementName: String) -> String {
        let known = ["avPlayerViewController": "AVPlayerViewController", "glkViewController": "GLKViewController"]
        if let name = known[elementName] { return name }
        return sanitize(elementName.prefix(1).uppercased() + elementName.dropFirst()) ?? "ViewController"
    }

    // MARK: - Choosing among candidates

    /// How a scene's first name was found; a lower level has priority when two scenes of one storyboard want one name.
    enum Level: Int, Comparable {
        case storyboardID, customClass, label, kind

        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// One name per object, unique among them.
    ///
    /// Each object has a list of ever more specific candidates. An object marked `keeps` holds its first candidate.
    /// Every other object whose name is shared moves on to its next candidate, until no name is shared or no object
    /// has candidates left; names still shared then get `-2`, `-3`… in order, objects that keep their name first.
    /// `maximumLength`: candidates cut to it (a scene's local name, whose refined forms `Name-Label` and `Name@parent`
    /// join parts, to one part's length, so that a storyboard's name, a dot, the name and a number stay within an
    /// identifier's 128 characters). `foldingCase`: names that differ only in case are shared too (scenes, whose
    /// names are file names, and macOS's and Windows's file systems do not tell `Con` from `CON`).
    static func resolve(_ candidates: [[String]], keeps: [Bool]? = nil, maximumLength: Int? = nil, foldingCase: Bool = false) -> [String] {
        let candidates = maximumLength.map { limit in candidates.map { $0.map { $0.count > limit ? String($0.prefix(limit)) : $0 } } } ?? candidates
        let keeps = keeps ?? Array(repeating: false, count: candidates.count)
        var level = Array(repeating: 0, count: candidates.count)
        var names = candidates.map { $0.first ?? "" }
        func key(_ name: String) -> String { foldingCase ? name.lowercased() : name }
        while true {
            var counts: [String: Int] = [:]
            for name in names { counts[key(name), default: 0] += 1 }
            let shared = names.indices.filter {
                (counts[key(names[$0])] ?? 0) > 1 && !keeps[$0] && level[$0] + 1 < candidates[$0].count
            }
            if shared.isEmpty { break }
            for index in shared {
                level[index] += 1
                names[index] = candidates[index][level[index]]
            }
        }
        var used: Set<String> = []
        var result = names
        // The next number to try for each name: numbering resumes where the name's last copy stopped, instead of
        // trying -2, -3, … again for every copy (thousands of unnamed controllers took minutes).
        var nextNumber: [String: Int] = [:]
        let order = names.indices.filter { keeps[$0] } + names.indices.filter { !keeps[$0] }
        for index in order {
            let name = names[index]
            var unique = name
            var number = nextNumber[key(name)] ?? 2
            if used.contains(key(unique)) {
                repeat {
                    unique = "\(name)-\(number)"
                    number += 1
                } while used.contains(key(unique))
                nextNumber[key(name)] = number
            }
            used.insert(key(unique))
            result[index] = unique
        }
        return result
    }
}

/// The facts about one view controller of a storyboard that its name is made of.
struct SceneNameFacts {
    var storyboardID: String?
    var customClass: String?
    var label: String?
    var kind: String
    /// First relationship child of a container, by its first name.
    var firstChild: String?
    /// The container or embedding scene, by its first name.
    var parent: String?

    /// The first name and how it was found: storyboard ID, else custom class, else label, else kind.
    var base: (name: String, level: StoryboardNames.Level) {
        if let id = StoryboardNames.sanitize(storyboardID) { return (id, .storyboardID) }
        if let name = StoryboardNames.sanitize(customClass) { return (name, .customClass) }
        if let name = StoryboardNames.words(label) { return (name, .label) }
        return (kind, .kind)
    }

    /// Names to try, in order, when the first name is shared: with the label, with the first child (containers),
    /// with the parent (`ListViewController@tabs`).
    var refinements: [String] {
        let (name, level) = base
        var result: [String] = []
        if level < .label, let words = StoryboardNames.words(label), words != name { result.append("\(name)-\(words)") }
        if let firstChild, firstChild != name { result.append("\(name)-\(firstChild)") }
        if let parent { result.append("\(name)@\(parent)") }
        return result
    }
}

extension StoryboardNames {
    /// Names for the view controllers of one storyboard, in the order given.
    ///
    /// A name shared by several of them goes to the one whose name came first in the scheme (a storyboard ID before
    /// a class, a class before a label) when there is exactly one such; the others are refined.
    static func names(for scenes: [SceneNameFacts]) -> [String] {
        let bases = scenes.map(\.base)
        var best: [String: StoryboardNames.Level] = [:]
        var bestCount: [String: Int] = [:]
        var count: [String: Int] = [:]
        for base in bases {
            count[base.name, default: 0] += 1
            if let level = best[base.name], level <= base.level {
                if level == base.level { bestCount[base.name, default: 0] += 1 }
                continue
            }
            best[base.name] = base.level
            bestCount[base.name] = 1
        }
        var candidates: [[String]] = []
        var keeps: [Bool] = []
        for (scene, base) in zip(scenes, bases) {
            let wins = best[base.name] == base.level && bestCount[base.name] == 1
            if (count[base.name] ?? 0) > 1 && !wins {
                let refined = scene.refinements
                candidates.append(refined.isEmpty ? [base.name] : refined)
            } else {
                candidates.append([base.name])
            }
            keeps.append(wins)
        }
        return resolve(candidates, keeps: keeps, maximumLength: StoryboardNames.partLength)
    }
}
