/// The model's `lint:` setting (also spelled `warnings:`): categories turned off or re-levelled for the
/// whole model, and categories turned off for one scene.
public struct LintSettings: Sendable, Hashable {
    /// Category ids whose findings are dropped.
    public var disable: [Located<String>]
    /// Category ids whose findings are reported as warnings.
    public var warn: [Located<String>]
    /// Category ids whose findings are reported as errors.
    public var error: [Located<String>]

    public init(disable: [Located<String>] = [], warn: [Located<String>] = [], error: [Located<String>] = []) {
        self.disable = disable
        self.warn = warn
        self.error = error
    }

    public var isEmpty: Bool { disable.isEmpty && warn.isEmpty && error.isEmpty }

    /// The severity of a finding of `category` under these settings: nil when it is disabled,
    /// else the re-levelled severity, else `severity`.
    public func severity(of category: String, default severity: Diagnostic.Severity) -> Diagnostic.Severity? {
        if disable.contains(where: { $0.value == category }) { return nil }
        if error.contains(where: { $0.value == category }) { return .error }
        if warn.contains(where: { $0.value == category }) { return .warning }
        return severity
    }
}

extension SceneModel {
    /// `diagnostics` with the model's `lint:` settings applied: findings of a disabled category (for the model,
    /// or for the scene they concern) are dropped, re-levelled ones change severity. Diagnostics without a
    /// category pass unchanged. `scene` tells which scene a diagnostic concerns (nil: none in particular);
    /// by default, the scene whose key, segue or other value is written at the diagnostic's position.
    public func applyingLintSettings(to diagnostics: [Diagnostic], scene: ((Diagnostic) -> String?)? = nil) -> [Diagnostic] {
        let owners = scene == nil ? sceneOwnership() : [:]
        return diagnostics.compactMap { diagnostic in
            guard let category = diagnostic.category else { return diagnostic }
            let sceneID = scene.map { $0(diagnostic) } ?? owners[diagnostic.location]
            if let sceneID, let owner = self.scene(sceneID), owner.lint.disable.contains(where: { $0.value == category }) {
                return nil
            }
            guard let severity = lint.severity(of: category, default: diagnostic.severity) else { return nil }
            var result = diagnostic
            result.severity = severity
            return result
        }
    }

    /// Which scene each position of a scene's values belongs to: the scene's key, its segues and their values,
    /// its unwind actions and relationship children.
    private func sceneOwnership() -> [SourceLocation: String] {
        var owners: [SourceLocation: String] = [:]
        for scene in scenes {
            var places = [scene.location] + scene.unwindActions.map(\.location) + scene.containedScenes.map(\.location)
            for segue in scene.segues {
                places.append(segue.location)
                places.append(segue.kind.location)
                places += [segue.destination?.location, segue.action?.location, segue.guardCondition?.location,
                           segue.modalPresentationStyle?.location, segue.modalTransitionStyle?.location].compactMap { $0 }
            }
            for place in places where place != .unknown && owners[place] == nil { owners[place] = scene.id }
        }
        return owners
    }
}
