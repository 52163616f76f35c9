/// A 1-based position in an input file.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location for values that come from no file (built in code).
    public static let unknown = SourceLocation(file: "<memory>", line: 0, column: 0)

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A value together with the place in the input it was read from.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation = .unknown) {
        self.value = value
        self.location = location
    }
}

extension Located: Codable where Value: Codable {}
