/// A finding about the input, reported as `PATH:LINE:COLUMN: severity: message`.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
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
    /// What the finding is about, in a few words (`'Settings.push-Offline' (push)`), for the one line that
    /// reports several findings of a category together.
    public var subject: String?

    public init(_ severity: Severity, at location: SourceLocation, _ message: String, category: String? = nil, subject: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.category = category
        self.subject = subject
    }

    public static func error(_ message: String, at location: SourceLocation, category: String? = nil, subject: String? = nil) -> Diagnostic {
        Diagnostic(.error, at: location, message, category: category, subject: subject)
    }

    public static func warning(_ message: String, at location: SourceLocation, category: String? = nil, subject: String? = nil) -> Diagnostic {
        Diagnostic(.warning, at: location, message, category: category, subject: subject)
    }

    public static func error(_ message: String, at location: SourceLocation, category: DiagnosticCategory, subject: String? = nil) -> Diagnostic {
        Diagnostic(.error, at: location, message, category: category.id, subject: subject)
    }

    public static func warning(_ message: String, at location: SourceLocation, category: DiagnosticCategory, subject: String? = nil) -> Diagnostic {
        Diagnostic(.warning, at: location, message, category: category.id, subject: subject)
    }

    /// A finding of `category`, with the category's default severity unless `severity` is given.
    public static func finding(_ category: DiagnosticCategory, _ message: String, at location: SourceLocation,
                               severity: Severity? = nil, subject: String? = nil) -> Diagnostic {
        Diagnostic(severity ?? category.defaultSeverity, at: location, message, category: category.id, subject: subject)
    }

    public var isError: Bool { severity == .error }

    public var description: String {
        "\(location): \(severity.rawValue): \(message)" + (category.map { " [\($0)]" } ?? "")
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.isError } }

    /// The diagnostics without warnings that repeat an earlier warning's category at the same position: the
    /// second instance of a storyboard scene (`List@Nav`) shares its original's positions, and one finding
    /// there is enough.
    public func removingRepeatedWarnings() -> [Diagnostic] {
        var seen: Set<String> = []
        return filter { diagnostic in
            guard !diagnostic.isError, diagnostic.location != .unknown, let category = diagnostic.category else { return true }
            return seen.insert("\(category) \(diagnostic.location)").inserted
        }
    }

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
