import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG file parsed with `XMLParser`: its elements in document order, with their text.
public struct SVGDocument {
    public struct Element {
        public var name: String
        public var attributes: [String: String]
        public var text: String
    }

    public var elements: [Element] = []

    /// Parses `bytes`; returns nil (and the parser's error) when they are not well-formed XML.
    public static func parse(_ bytes: [UInt8]) -> Result<SVGDocument, Error> {
        let delegate = Collector()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            return .failure(parser.parserError ?? CocoaError(.propertyListReadCorrupt))
        }
        return .success(SVGDocument(elements: delegate.elements))
    }

    /// The text of every `<text>` element, in order.
    public var texts: [String] { elements.filter { $0.name == "text" }.map(\.text) }

    /// The `id` of every `<g>` element.
    public var groupIDs: [String] { elements.filter { $0.name == "g" }.compactMap { $0.attributes["id"] } }

    /// The width and height of the root `<svg>` element's `viewBox`; nil without one.
    public var viewBoxSize: (width: Double, height: Double)? {
        guard let box = elements.first(where: { $0.name == "svg" })?.attributes["viewBox"] else { return nil }
        let numbers = box.split(separator: " ").compactMap { Double($0) }
        return numbers.count == 4 ? (numbers[2], numbers[3]) : nil
    }

    public func group(id: String) -> Element? { elements.first { $0.name == "g" && $0.attributes["id"] == id } }

    private final class Collector: NSObject, XMLParserDelegate {
        public var elements: [Element] = []
        private var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append(Element(name: name, attributes: attributes, text: ""))
            open.append(elements.count - 1)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
        }
    }
}
