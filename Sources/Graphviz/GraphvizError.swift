/// Why Graphviz could not render a diagram. Messages are Graphviz's own, with its
/// `Error: ` prefixes removed and fragments joined.
public enum GraphvizError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `gvContext()` returned no context.
    case contextUnavailable
    /// The context for formats drawn with the machine's fonts (PNG, PDF) loaded no
    /// layout plugins: Graphviz's plugin list (`config6`) is missing.
    case noLayoutEngines
    /// A plugin library of the font-independent context (SVG, DOT, JSON) could not be
    /// loaded from Graphviz's plugin folder.
    case pluginUnavailable(library: String, message: String)
    /// The DOT text does not parse.
    case syntax(message: String)
    /// Layout failed: an unknown engine, or an attribute Graphviz rejects (a malformed HTML label, …).
    case layout(engine: String, message: String)
    /// Rendering failed: an unknown format, or a render plugin's error.
    case render(format: String, message: String)

    /// Graphviz's own message, when there is one.
    public var graphvizMessage: String? {
        switch self {
        case .contextUnavailable, .noLayoutEngines: nil
        case .syntax(let message), .layout(_, let message), .render(_, let message), .pluginUnavailable(_, let message): message
        }
    }

    public var description: String {
        switch self {
        case .contextUnavailable:
            "graphviz could not create a context (gvContext returned nothing)"
        case .noLayoutEngines:
            "graphviz has no layout engines for PNG or PDF because its plugin list is missing; run `dot -c` as root (or `make setup`) to write it"
        case .pluginUnavailable(let library, let message):
            "graphviz plugin library 'libgvplugin_\(library)' cannot be loaded: \(message); install Graphviz's plugins (libgvc6, or run `make setup`)"
        case .syntax(let message):
            "graphviz cannot parse the DOT text: \(message)"
        case .layout(let engine, let message):
            "graphviz layout with engine '\(engine)' failed: \(message)"
        case .render(let format, let message):
            "graphviz cannot render format '\(format)': \(message)"
        }
    }
}
