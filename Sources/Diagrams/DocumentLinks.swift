import SceneModel

/// Where diagram nodes and edges link to in the generated docs.
///
/// The HTML site uses `scenes/<scene-id>.html`; Markdown docs pass
/// `fileExtension: "md"`; pages in a subfolder pass `prefix: "../"`.
public struct DocumentLinks: Sendable, Hashable {
    /// Prepended to every link (`""`, `"../"`, `"https://example.com/docs/"`).
    public var prefix: String
    /// The page extension without the dot (`html`, `md`).
    public var fileExtension: String
    /// The extension of diagram images beside the pages (`svg`, `png`).
    public var imageExtension: String

    public init(prefix: String = "", fileExtension: String = "html", imageExtension: String = "svg") {
        self.prefix = prefix
        self.fileExtension = fileExtension
        self.imageExtension = imageExtension
    }

    /// A diagram's image, by its name in the catalogue: `segues/nav3.svg`.
    public func diagram(_ name: String) -> String {
        Self.encoded(prefix + name + "." + imageExtension)
    }

    /// `scenes/<scene-id>.<extension>`.
    public func scene(_ id: String) -> String {
        Self.encoded(prefix + "scenes/" + id + "." + fileExtension)
    }

    /// The source scene's page, at the segue's anchor `#segue-<segue-id>`.
    public func segue(_ segue: Segue) -> String {
        scene(segue.source) + "#" + Self.segueAnchor(segue.id)
    }

    /// `flows/<flow-id>.<extension>`.
    public func flow(_ id: String) -> String {
        Self.encoded(prefix + "flows/" + id + "." + fileExtension)
    }

    /// A link made by this value (`scene`, `segue`, `flow`, `diagram`) as `other`, with the same prefix, makes it:
    /// the page or image extension swapped. Scene, flow and diagram names cannot hold `#` (it marks an instance), so
    /// the first `#` starts the anchor.
    public func relink(_ link: String, to other: DocumentLinks) -> String {
        if let relinked = relinkASCII(link, to: other) { return relinked }
        let anchorStart = link.firstIndex(of: "#") ?? link.endIndex
        let path = link[..<anchorStart], anchor = link[anchorStart...]
        for (mine, theirs) in [(fileExtension, other.fileExtension), (imageExtension, other.imageExtension)]
        where path.hasSuffix("." + Self.encoded(mine)) {
            return path.dropLast(Self.encoded(mine).utf8.count) + Self.encoded(theirs) + anchor
        }
        return link
    }

    /// `relink` on the bytes of an ASCII link (every link this type makes, but for a segue's anchor that is not),
    /// where bytes and characters are the same thing: nil for any other link. Called for every link of every
    /// diagram drawn for both flavours of the docs.
    private func relinkASCII(_ link: String, to other: DocumentLinks) -> String? {
        var link = link
        return link.withUTF8 { bytes -> String? in
            var anchorStart = bytes.count
            for (index, byte) in bytes.enumerated() {
                guard byte < 0x80, byte != 0x0D else { return nil }
                if byte == UInt8(ascii: "#"), anchorStart == bytes.count { anchorStart = index }
            }
            for (mine, theirs) in [(fileExtension, other.fileExtension), (imageExtension, other.imageExtension)] {
                let suffix = Self.encoded(mine).utf8
                let dot = anchorStart - suffix.count - 1
                guard dot >= 0, bytes[dot] == UInt8(ascii: "."), bytes[(dot + 1)..<anchorStart].elementsEqual(suffix) else { continue }
                var result: [UInt8] = []
                result.reserveCapacity(bytes.count + 8)
                result.append(contentsOf: bytes[...dot])
                result.append(contentsOf: Self.encoded(theirs).utf8)
                result.append(contentsOf: bytes[anchorStart...])
                return String(decoding: result, as: UTF8.self)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The anchor a scene page gives a segue's section: `segue-<segue-id>`.
    public static func segueAnchor(_ segueID: String) -> String { Identifier.segueAnchor(segueID) }

    /// Percent-encodes what would break a URL in an SVG attribute: Graphviz 2.42
    /// writes `URL` into `xlink:href` without escaping `&`.
    static func encoded(_ link: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(link.utf8.count)
        for byte in link.utf8 {
            if byte < 0x80, allowed[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The ASCII bytes a link keeps as they are: letters, digits and `-._~/:#?=+@!$,;%()*'`.
    private static let allowed: [Bool] = (0..<128).map { byte in
        let scalar = Unicode.Scalar(UInt8(byte))
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-._~/:#?=+@!$,;%()*'".unicodeScalars.contains(scalar)
    }
}
