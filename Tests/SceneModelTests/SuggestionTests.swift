@testable import SceneModel
import Testing

/// "Did you mean" stays correct and cheap: the bounded edit distance agrees with the full one, and long or
/// far-off names cost little.
@Suite struct SuggestionTests {
    /// The textbook Levenshtein distance, to check the bounded one against.
    static func reference(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    @Test func boundedDistanceAgreesWithTheFullOne() {
        // Seeded, so a failure can be reproduced: short words over a small alphabet meet every kind of edit.
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func word() -> [Character] { (0..<next(9)).map { _ in Array("abcé")[next(4)] } }
        for _ in 0..<3_000 {
            let a = word(), b = word(), limit = next(5)
            let full = Self.reference(a, b)
            #expect(Identifier.editDistance(a, b, atMost: limit) == (full <= limit ? full : nil), "\(String(a)) \(String(b)) \(limit)")
        }
        #expect(Identifier.editDistance("kitten", "sitting") == 3)
        #expect(Identifier.editDistance("", "abc") == 3)
    }

    @Test func suggestionsKeepTheFirstClosestCandidate() {
        #expect(Identifier.suggestion(for: "navigaton", among: ["navigation", "tabBar"]) == "navigation")
        #expect(Identifier.suggestion(for: "Libary", among: ["library", "Library"]) == "library")
        #expect(Identifier.suggestion(for: "cat", among: ["bat", "cab"]) == "bat")
        #expect(Identifier.suggestion(for: "cat", among: ["bat", "cat"]) == "cat")
        #expect(Identifier.suggestion(for: "zzz", among: ["navigation", "tabBar"]) == nil)
    }

    @Test func longNamesAreNotCompared() {
        let long = String(repeating: "a", count: Identifier.maximumLength + 1)
        #expect(Identifier.suggestion(for: long, among: [long + "b"]) == nil)
        let atLimit = String(repeating: "a", count: Identifier.maximumLength)
        #expect(Identifier.suggestion(for: atLimit, among: [String(atLimit.dropLast()) + "b"]) == String(atLimit.dropLast()) + "b")
    }
}
