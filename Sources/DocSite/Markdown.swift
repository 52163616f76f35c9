import Mustache
import TextFormats

/// Escaping for text placed into GitHub-flavoured Markdown (paragraphs and table cells).
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { Markdown.escape(text) }
}

extension Markdown {
    static let contentTypeName = "MARKDOWN"

    /// Registers the Markdown content type with the template engine once.
    static let registered: Bool = {
        MustacheContentTypes.register(MarkdownContentType(), named: contentTypeName)
        return true
    }()
}
