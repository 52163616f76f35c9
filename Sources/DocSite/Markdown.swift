import Mustache
import TextFormats

/// Escaping for text placed into GitHub-flavoured Markdown (paragraphs and table cells).
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { Markdown.escape(text) }
}

/// The engine's HTML escaping, the same bytes, checked on bytes before going character by character: templates
/// that start with `{{% CONTENT_TYPE: HTML}}` use it (the engine's own looks every character up in a dictionary).
struct SiteHTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { Markdown.mustacheHTMLEscape(text) }
}

extension Markdown {
    static let contentTypeName = "MARKDOWN"

    /// Registers the Markdown content type with the template engine once.
    static let registered: Bool = {
        MustacheContentTypes.register(MarkdownContentType(), named: contentTypeName)
        MustacheContentTypes.register(SiteHTMLContentType(), named: "HTML")
        return true
    }()
}
