import Foundation
import SceneModel

/// Finds unwind actions (`@IBAction func name(_ segue: UIStoryboardSegue)`) in Swift sources, by class.
///
/// The scan is lexical: comments and string literals are skipped, type bodies are followed by their braces, and each
/// action belongs to the innermost `class`, `struct`, `enum`, `actor` or `extension` around it. Action names are the
/// Objective-C selectors Interface Builder writes, without the colon: `unwindToLibrary(_:)` → `unwindToLibrary`,
/// `unwind(segue:)` → `unwindWithSegue`, `unwind(to:)` → `unwindTo`.
public struct UnwindActionScanner: Sendable {
    public init() {}

    /// The unwind actions of one Swift source, as (type name, action name) in source order.
    public func scan(source: String) -> [(type: String, action: String)] {
        SwiftSourceScanner.scan(source).unwindActions
    }

    private static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to",
        "until", "using", "via", "when", "with", "within",
    ]

    /// Swift's Objective-C name for a one-argument method, without the colon.
    static func selectorName(base: String, firstLabel label: String) -> String {
        if label == "_" { return base }
        let capitalized = label.prefix(1).uppercased() + label.dropFirst()
        let firstWord = String(label.prefix { !$0.isUppercase })
        return prepositions.contains(firstWord) ? base + capitalized : base + "With" + capitalized
    }
}
