/// Characters that look like YAML's structure but are not part of it: a space that is not U+0020 (a no-break space
/// pasted from a document or typed with Option-Space), a colon, dash or quote from another script or a word
/// processor's typography. YAML reads each as text, so `kind: show` written with a no-break space is one key,
/// `kind: show`, and the error that follows names a key the user cannot tell from the one they meant.
///
/// Used only once something failed: in a title or summary such characters are text and are kept.
enum LookAlikes {
    /// A look-alike in a text: the character, its offset in Unicode scalars, and what it is taken for.
    struct Found: Equatable {
        let scalar: Unicode.Scalar
        let offset: Int
        let name: String
        let looksLike: String

        /// "U+00A0 (NO-BREAK SPACE), which YAML does not read as a space".
        var description: String {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return "\(code) (\(name)), which YAML does not read as \(looksLike)"
        }
    }

    private static let spaces: [UInt32: String] = [
        0x00A0: "NO-BREAK SPACE", 0x1680: "OGHAM SPACE MARK", 0x2000: "EN QUAD", 0x2001: "EM QUAD", 0x2002: "EN SPACE",
        0x2003: "EM SPACE", 0x2004: "THREE-PER-EM SPACE", 0x2005: "FOUR-PER-EM SPACE", 0x2006: "SIX-PER-EM SPACE",
        0x2007: "FIGURE SPACE", 0x2008: "PUNCTUATION SPACE", 0x2009: "THIN SPACE", 0x200A: "HAIR SPACE",
        0x200B: "ZERO WIDTH SPACE", 0x202F: "NARROW NO-BREAK SPACE", 0x205F: "MEDIUM MATHEMATICAL SPACE",
        0x2060: "WORD JOINER", 0x3000: "IDEOGRAPHIC SPACE", 0xFEFF: "ZERO WIDTH NO-BREAK SPACE",
    ]
    private static let others: [UInt32: (name: String, looksLike: String)] = [
        0xFF1A: ("FULLWIDTH COLON", "':'"), 0xFE55: ("SMALL COLON", "':'"), 0xFE13: ("PRESENTATION FORM FOR VERTICAL COLON", "':'"),
        0x2236: ("RATIO", "':'"), 0xA789: ("MODIFIER LETTER COLON", "':'"), 0x0589: ("ARMENIAN FULL STOP", "':'"),
        0x2010: ("HYPHEN", "'-'"), 0x2011: ("NON-BREAKING HYPHEN", "'-'"), 0x2012: ("FIGURE DASH", "'-'"),
        0x2013: ("EN DASH", "'-'"), 0x2014: ("EM DASH", "'-'"), 0x2212: ("MINUS SIGN", "'-'"), 0xFF0D: ("FULLWIDTH HYPHEN-MINUS", "'-'"),
        0x201C: ("LEFT DOUBLE QUOTATION MARK", "'\"'"), 0x201D: ("RIGHT DOUBLE QUOTATION MARK", "'\"'"),
        0xFF02: ("FULLWIDTH QUOTATION MARK", "'\"'"), 0x2018: ("LEFT SINGLE QUOTATION MARK", "\"'\""),
        0x2019: ("RIGHT SINGLE QUOTATION MARK", "\"'\""), 0xFF07: ("FULLWIDTH APOSTROPHE", "\"'\""),
        0xFF0C: ("FULLWIDTH COMMA", "','"), 0xFF3B: ("FULLWIDTH LEFT SQUARE BRACKET", "'['"),
        0xFF3D: ("FULLWIDTH RIGHT SQUARE BRACKET", "']'"), 0xFF5B: ("FULLWIDTH LEFT CURLY BRACKET", "'{'"),
        0xFF5D: ("FULLWIDTH RIGHT CURLY BRACKET", "'}'"), 0xFF03: ("FULLWIDTH NUMBER SIGN", "'#'"),
    ]

    /// What `scalar` is taken for, if it is a look-alike.
    static func lookAlike(_ scalar: Unicode.Scalar) -> (name: String, looksLike: String)? {
        if let name = spaces[scalar.value] { return (name, "a space") }
        return others[scalar.value]
    }

    /// The first look-alike in `text`.
    static func first(in text: String) -> Found? {
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if let (name, looksLike) = lookAlike(scalar) {
                return Found(scalar: scalar, offset: offset, name: name, looksLike: looksLike)
            }
        }
        return nil
    }

    /// The first look-alike among `scalars` (a line, or a value's text; the offset is a 0-based column) that stands
    /// where YAML's structure would be, outside quotes and comments: a space in the indentation, beside a `:`, `-`,
    /// `,` or bracket, or ending the text; a dash that starts an item (followed by a space); a quote where a value
    /// starts; a colon, comma or `#` followed by a space or ending the text; a bracket where a value starts or ends.
    /// A no-break space inside a title's words, an en dash between them or a full-width comma in Chinese text is
    /// text and is not taken for a fault.
    static func firstStructural(in scalars: some Collection<Unicode.Scalar>) -> Found? {
        let scalars = Array(scalars)
        var quote: Unicode.Scalar?
        var atLineStart = true
        for (offset, scalar) in scalars.enumerated() {
            let previous: Unicode.Scalar = offset > 0 ? scalars[offset - 1] : " "
            let next: Unicode.Scalar? = offset + 1 < scalars.count ? scalars[offset + 1] : nil
            let isSpace = scalar == " " || scalar == "\t" || spaces[scalar.value] != nil
            defer { if !isSpace { atLineStart = false } }
            if let open = quote {
                if scalar == open { quote = nil }
                continue
            }
            if scalar == "#", previous == " " || previous == "\t" || offset == 0 { return nil }
            let startsValue = atLineStart || " \t:[{,".unicodeScalars.contains(previous)
            if scalar == "\"" || scalar == "'" {
                if startsValue { quote = scalar }
                continue
            }
            guard let (name, looksLike) = lookAlike(scalar) else { continue }
            let followedBySpace = next.map { $0 == " " || $0 == "\t" || spaces[$0.value] != nil } ?? true
            let structural: Bool
            switch looksLike {
            case "a space": structural = atLineStart || ":-,[]{}".unicodeScalars.contains(previous) || next == ":" || next == nil
            case "'-'": structural = atLineStart && followedBySpace
            case "'\"'", "\"'\"": structural = startsValue
            case "'['", "'{'": structural = startsValue
            case "']'", "'}'": structural = next == nil || next == "," || followedBySpace
            default: structural = followedBySpace
            }
            if structural { return Found(scalar: scalar, offset: offset, name: name, looksLike: looksLike) }
        }
        return nil
    }
}
