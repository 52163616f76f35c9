/// The device traits a flow runs in.
public struct Environment: Sendable, Hashable, Codable {
    public var idiom: Idiom
    public var width: SizeClass
    public var height: SizeClass
    public var ios: Int

    public init(idiom: Idiom = .phone, width: SizeClass? = nil, height: SizeClass = .regular, ios: Int = 17) {
        self.idiom = idiom
        self.width = width ?? (idiom == .pad ? .regular : .compact)
        self.height = height
        self.ios = ios
    }

    /// The supported range of `ios`.
    public static let iosVersions = 12...26

    /// This environment with the given overrides applied. Another idiom without a width resets the width to the
    /// idiom's default; the same idiom named again keeps the width (a phone in regular width stays so).
    public func applying(_ change: EnvironmentChange) -> Environment {
        var result = self
        if let idiom = change.idiom?.value, idiom != self.idiom {
            result.idiom = idiom
            if change.width == nil { result.width = idiom == .pad ? .regular : .compact }
        }
        if let width = change.width?.value { result.width = width }
        if let height = change.height?.value { result.height = height }
        if let ios = change.ios?.value { result.ios = ios }
        return result
    }
}

/// A partial environment, as written in a model, a flow or an `environment:` step.
public struct EnvironmentChange: Sendable, Hashable {
    public var idiom: Located<Idiom>?
    public var width: Located<SizeClass>?
    public var height: Located<SizeClass>?
    public var ios: Located<Int>?
    public var location: SourceLocation

    public init(idiom: Located<Idiom>? = nil, width: Located<SizeClass>? = nil, height: Located<SizeClass>? = nil,
                ios: Located<Int>? = nil, location: SourceLocation = .unknown) {
        self.idiom = idiom
        self.width = width
        self.height = height
        self.ios = ios
        self.location = location
    }

    public var isEmpty: Bool { idiom == nil && width == nil && height == nil && ios == nil }
}

/// A named boolean read by segue guards.
public struct Condition: Sendable, Hashable {
    public var name: String
    public var value: Bool
    public var location: SourceLocation

    public init(name: String, value: Bool, location: SourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.location = location
    }
}
