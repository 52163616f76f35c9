/// A finding about the input, reported as `PATH:LINE:COLUMN: severity: message`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    /// A stable id for the kind of finding (`unreachable`, `deprecated-segue`, …): printed after the
    /// message as ` [id]`, and the name a model uses to turn the kind off or down.
    public var category: String?

    public init(_ severity: Severity, at location: SourceLocation, _ message: String, category: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.category = category
    }

    public static func error(_ message: String, at location: SourceLocation, category: String? = nil) -> Diagnostic {
        Diagnostic(.error, at: location, message, category: category)
    }

    public static func warning(_ message: String, at location: SourceLocation, category: String? = nil) -> Diagnostic {
        Diagnostic(.warning, at: location, message, category: category)
    }

    public var isError: Bool { severity == .error }

    public var description: String {
        "\(location): \(severity.rawValue): \(message)" + (category.map { " [\($0)]" } ?? "")
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.isError } }

    /// Diagnostics in file order (stable for equal positions).
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            a.element.location == b.element.location ? a.offset < b.offset : a.element.location < b.element.location
        }.map(\.element)
    }
}

/// An error carrying diagnostics, thrown when input cannot be used.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
extension Diagnostic: Error {}
