/// Identifier rules and "did you mean" suggestions shared by every module.
public enum Identifier {
    /// Whether `text` matches `[A-Za-z_][A-Za-z0-9_-]*`.
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isLetterOrUnderscore(first) else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { isLetterOrUnderscore($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    private static func isLetterOrUnderscore(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_"
    }

    /// The closest candidate to `text`, if one is close enough to be a likely typo.
    public static func suggestion(for text: String, among candidates: [String]) -> String? {
        let lowered = text.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        guard let best else { return nil }
        let limit = max(1, min(3, (text.count + 2) / 3))
        return best.distance <= limit ? best.name : nil
    }

    /// " (did you mean 'x'?)" or "".
    public static func didYouMean(_ text: String, among candidates: [String]) -> String {
        suggestion(for: text, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension Identifier {
    /// The scene of an instance name: `photo#2` → `photo`, `photo` → `photo`.
    public static func scene(ofInstance instance: String) -> String {
        String(instance.split(separator: "#", maxSplits: 1).first ?? Substring(instance))
    }
}
