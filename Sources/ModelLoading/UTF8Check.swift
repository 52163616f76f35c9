import Foundation

/// Finds where bytes stop being UTF-8, so that a bad byte is reported where it is (and never reaches a
/// parser that traps on it: FoundationXML stops the process on invalid UTF-8 in a name or a comment).
enum UTF8Check {
    /// The first byte that does not belong to a valid UTF-8 sequence.
    struct InvalidByte: Equatable {
        var byte: UInt8
        /// 1-based line and column (in Unicode scalars) of the byte.
        var line: Int
        var column: Int
    }

    /// The first invalid byte of `data`, or nil when all of it is UTF-8.
    static func firstInvalidByte(in data: Data) -> InvalidByte? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0, line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                if encoded.count == 1 && encoded.first == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return nil
            case .error:
                return InvalidByte(byte: data[data.startIndex + offset], line: line, column: column)
            }
        }
    }
}

extension UTF8Check.InvalidByte {
    /// `0xFF`
    var hex: String { "0x" + String(byte, radix: 16, uppercase: true) }
}
