import SceneModel

extension ModelDecoder {
    static let lintKeys = ["disable", "warn", "error"]
    static let sceneLintKeys = ["disable"]

    /// The `lint:` setting (or its other spelling `warnings:`) of the model or of a scene.
    ///
    /// Both spellings name one setting, so writing both is an error. Ids no category has are reported at
    /// their position with a suggestion: a typo would otherwise leave the finding on without a word.
    func decodeLintSetting(_ entry: ConfigNode.MappingEntry, in entries: [ConfigNode.MappingEntry], what: String,
                           sceneLevel: Bool) -> LintSettings? {
        if entry.key == "warnings", let other = entries.first(where: { $0.key == "lint" }) {
            context.error("'warnings' and 'lint' are one setting; \(what) writes it twice (also as 'lint' at line \(other.keyLocation.line))",
                          at: entry.keyLocation)
            return nil
        }
        let setting = "'\(entry.key)' of \(what)"
        if entry.value.isNull { return LintSettings() }
        guard let items = context.mapping(entry.value, setting, allowed: sceneLevel ? Self.sceneLintKeys : Self.lintKeys) else {
            return nil
        }
        let known = DiagnosticCategory.configurableIDs
        var settings = LintSettings()
        var seen: [String: String] = [:]
        for item in items {
            let ids = (context.stringList(item.value, "\(item.key) id") ?? []).filter { id in
                guard let category = DiagnosticCategory.named(id.value) else {
                    context.warning("unknown rule id '\(id.value)' in \(setting)\(Identifier.didYouMean(id.value, among: known)); known ids: \(known.joined(separator: ", "))",
                                    at: id.location, category: .unknownCategory)
                    return false
                }
                if item.key != "error", !category.isConfigurable {
                    context.error("'\(id.value)' in \(setting) cannot be turned off or down: it is an error that leaves the model unusable or a flow failing; fix what it reports",
                                  at: id.location)
                    return false
                }
                if let earlier = seen[id.value] {
                    context.error("rule id '\(id.value)' is listed in both '\(earlier)' and '\(item.key)' of \(setting)", at: id.location)
                    return false
                }
                seen[id.value] = item.key
                return true
            }
            switch item.key {
            case "disable": settings.disable = ids
            case "warn": settings.warn = ids
            case "error": settings.error = ids
            default: break
            }
        }
        return settings
    }
}
