import SceneModel

extension ModelLoader {
    /// The storyboard paths a model file lists under `storyboards:`, as written (relative to the model's
    /// folder), without loading anything else; empty when the text cannot be read. Used to fetch a model's
    /// files from elsewhere (a git revision) before loading it.
    public static func storyboardPaths(inModelText text: String, path: String) -> [String] {
        guard case .success(let root?) = ConfigParser.parse(text, file: path),
              case .mapping(let entries) = root.content,
              let node = entries.first(where: { $0.key == "storyboards" })?.value else { return [] }
        switch node.content {
        case .scalar(let text, _): return node.isNull ? [] : [text]
        case .sequence(let items):
            return items.compactMap { item in
                if case .scalar(let text, _) = item.content, !item.isNull { return text }
                return nil
            }
        case .mapping: return []
        }
    }
}
