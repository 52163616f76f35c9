import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a file a user gave (a model, a storyboard, a template): why it could not be read, in words, and where
/// its bytes stop being UTF-8, so that a bad byte is reported where it is (and never reaches a parser that traps
/// on it: FoundationXML stops the process on invalid UTF-8 in a name or a comment).
public enum InputFile {
    /// The first byte that does not belong to a valid UTF-8 sequence.
    public struct InvalidByte: Equatable, Sendable {
        public var byte: UInt8
        /// 1-based line and column (in Unicode scalars) of the byte.
        public var line: Int
        public var column: Int

        public init(byte: UInt8, line: Int, column: Int) {
            self.byte = byte
            self.line = line
            self.column = column
        }

        /// The encoding the file is in when its first bytes are another encoding's byte order mark (`UTF-16`).
        public var otherEncoding: (name: String, mark: String)?

        /// `0xFF`
        public var hex: String { "0x" + String(byte, radix: 16, uppercase: true) }

        /// What is wrong, after "not valid UTF-8": "byte 0xFF is not part of a UTF-8 character", or, for a file
        /// saved in UTF-16, that it is.
        public var detail: String {
            if let other = otherEncoding {
                return "it is \(other.name) (its first bytes, \(other.mark), are \(other.name)'s byte order mark); save it as UTF-8"
            }
            return "byte \(hex) is not part of a UTF-8 character"
        }

        public static func == (a: InvalidByte, b: InvalidByte) -> Bool {
            a.byte == b.byte && a.line == b.line && a.column == b.column && a.otherEncoding?.name == b.otherEncoding?.name
        }
    }

    /// Another encoding's byte order mark at the start of `data` (UTF-32's before UTF-16's, which it starts with).
    static func byteOrderMark(of data: Data) -> (name: String, mark: String)? {
        let head = Array(data.prefix(4))
        if head == [0xFF, 0xFE, 0x00, 0x00] { return ("UTF-32", "FF FE 00 00") }
        if head == [0x00, 0x00, 0xFE, 0xFF] { return ("UTF-32", "00 00 FE FF") }
        if head.starts(with: [0xFF, 0xFE]) { return ("UTF-16", "FF FE") }
        if head.starts(with: [0xFE, 0xFF]) { return ("UTF-16", "FE FF") }
        return nil
    }

    /// The first invalid byte of `data`, or nil when all of it is UTF-8.
    public static func firstInvalidByte(in data: Data) -> InvalidByte? {
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
                var invalid = InvalidByte(byte: data[data.startIndex + offset], line: line, column: column)
                // A byte order mark of another encoding at the start says why (UTF-32's big-endian one starts
                // with two bytes UTF-8 takes, so the first bad byte is not the first).
                invalid.otherEncoding = byteOrderMark(of: data)
                return invalid
            }
        }
    }

    /// Said of a path that was not found when it holds U+FFFD: a file name listed from a folder whose bytes are not
    /// UTF-8 comes back with replacement characters, and no file has that name.
    public static func notUTF8(_ path: String, what: String = "file") -> String? {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return nil }
        return "the \(what) '\(path)' cannot be opened: its name, or the name of a folder on its path, is not valid UTF-8; rename it"
    }

    /// Why the file at `path` could not be read, in words: missing, a folder, a special file, or the system's reason.
    public static func unreadable(_ path: String, what: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = errno
            if reason == ENOENT { return notUTF8(path, what: what) ?? "no such \(what) '\(path)'" }
            return "cannot read the \(what) '\(path)': \(String(cString: strerror(reason)))"
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return "the \(what) '\(path)' is a folder"
        case S_IFREG:
            let reason = access(path, R_OK) == 0 ? "it could not be read" : String(cString: strerror(errno))
            return "cannot read the \(what) '\(path)': \(reason)"
        default: return "the \(what) '\(path)' is not a regular file (a device, FIFO or socket)"
        }
    }

    /// A file's bytes, reading no more than one byte past `limit`: a file over the limit is said so without being
    /// read whole into memory (a 6 GB model took 6 GB before its 20 MB limit was checked). `size` is the file's size
    /// when it is over the limit (at least `limit + 1`); nil when it cannot be read or is not a regular file (a FIFO
    /// would block the read, a device never end it: `unreadable` says which).
    public static func read(_ path: String, limit: Int) -> (data: Data, size: Int?)? {
        guard isRegularFile(path), let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var data = Data()
        // In pieces: a read may return less than asked (a pipe), and only the end of the file returns nothing.
        while data.count <= limit {
            // At the end, a read gives no data (`nil` here, empty elsewhere); a failed read throws.
            do {
                guard let piece = try handle.read(upToCount: min(1 << 20, limit + 1 - data.count)), !piece.isEmpty else { break }
                data.append(piece)
            } catch {
                return nil
            }
        }
        guard data.count > limit else { return (data, nil) }
        var status = stat()
        let size = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? max(Int(status.st_size), data.count) : data.count
        return (data, size)
    }

    /// Whether `path` is a regular file (following links): what may be read whole without blocking on a FIFO or
    /// reading a device without end.
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
