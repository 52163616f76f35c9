import Foundation

/// What a run wrote into an output folder: for each file, the key of its inputs (a page's template and context, a
/// diagram's DOT, renderer and title) and the stamp it had when written. The next run reuses a file whose key has
/// not changed by hard-linking it into the new folder, if its stamp shows nobody changed it since; and when the
/// run's whole input (`fingerprint`) is the same, it writes nothing at all.
///
/// Kept in the cache folder, one file per output folder, never inside the output folder (its stamps are of this
/// machine, and the folder is often committed).
public struct OutputRecord: Sendable, Equatable {
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var stamp: FileStamp

        public init(key: String, stamp: FileStamp) {
            self.key = key
            self.stamp = stamp
        }
    }

    /// A digest of everything the run read (see `generate`), or empty when unknown.
    public var fingerprint = ""
    /// Whether every flow passed: a run that skips simulating has no failure to report.
    public var flowsPassed = false
    /// How many diagrams the docs have, for the report of a run that wrote nothing.
    public var diagramCount = 0
    /// What the run's inputs loaded to, as one line of text the command reads back (no line breaks), or empty: a run
    /// whose inputs carry the same stamps need not load them again.
    public var inputs = ""
    public var entries: [String: Entry] = [:]

    public init() {}

    public subscript(path: String) -> Entry? {
        get { entries[path] }
        set { entries[path] = newValue }
    }

    /// The stamps of every file, for `OutputStaging.currentFolderMatches`.
    public var stamps: [String: FileStamp] { entries.mapValues(\.stamp) }

    // MARK: - Storage

    private static let header = "scenograph-output-record 2"

    /// The record at `url`; nil when there is none or it cannot be read (the run then writes everything).
    public static func load(from url: URL) -> OutputRecord? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        // Read on bytes: a record has a line per file, thousands of them, and a warm run reads nothing else as big.
        return Array(data).withUnsafeBufferPointer { parse($0) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> OutputRecord? {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String { String(decoding: bytes, as: UTF8.self) }
        guard lines.count >= 5, text(lines[0]) == header else { return nil }
        var record = OutputRecord()
        record.fingerprint = String(text(lines[1]).dropFirst("fingerprint ".count))
        record.flowsPassed = text(lines[2]) == "flows passed"
        record.diagramCount = Int(text(lines[3]).dropFirst("diagrams ".count)) ?? 0
        record.inputs = String(text(lines[4]).dropFirst("inputs ".count))
        record.entries.reserveCapacity(lines.count - 5)
        for line in lines.dropFirst(5) where !line.isEmpty {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count == 7, let size = integer(fields[1]), let modified = integer(fields[2]), let nanoseconds = integer(fields[3]),
                  let inode = integer(fields[4]).map(UInt64.init(bitPattern:)), let device = integer(fields[5]).map(UInt64.init(bitPattern:)),
                  // Most paths have nothing escaped; Foundation's decoding is slow enough to matter in a warm run.
                  let path = fields[6].contains(UInt8(ascii: "%")) ? text(fields[6]).removingPercentEncoding : text(fields[6])
            else { return nil }
            var stamp = FileStamp()
            stamp.size = size
            stamp.modified = modified
            stamp.modifiedNanoseconds = nanoseconds
            stamp.inode = inode
            stamp.device = device
            record.entries[path] = Entry(key: text(fields[0]), stamp: stamp)
        }
        return record
    }

    /// A decimal integer, optionally negative, that fits in 64 bits (unsigned ones keep their bits); nil otherwise.
    private static func integer(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.count <= 20 else { return nil }
        var value: UInt64 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        if negative {
            guard value <= UInt64(Int64.max) + 1 else { return nil }
            return value == UInt64(Int64.max) + 1 ? Int64.min : -Int64(value)
        }
        return Int64(bitPattern: value)
    }

    /// Writes the record whole or not at all; a record that cannot be written only costs the next run time.
    public func save(to url: URL) {
        let inputs = inputs.contains(where: \.isNewline) ? "" : inputs
        var text = "\(Self.header)\nfingerprint \(fingerprint)\nflows \(flowsPassed ? "passed" : "failed")\ndiagrams \(diagramCount)\ninputs \(inputs)\n"
        for path in entries.keys.sorted() {
            guard let entry = entries[path] else { continue }
            let stamp = entry.stamp
            // Most paths need no escaping; Foundation's encoding is slow enough to matter for thousands of files.
            let escaped = path.utf8.allSatisfy(Self.isPlain) ? path : path.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? path
            text += "\(entry.key)\t\(stamp.size)\t\(stamp.modified)\t\(stamp.modifiedNanoseconds)\t\(stamp.inode)\t\(stamp.device)\t\(escaped)\n"
        }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(Array(text.utf8), to: url.path)
    }

    /// The ASCII bytes of `pathCharacters`: a path made only of them is written as it is.
    static func isPlain(_ byte: UInt8) -> Bool { plainBytes[Int(byte)] }

    private static let plainBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !$&'()*+,-./:=@_~".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// Path characters written as they are: everything printable but `%`, tab and line breaks.
    static let pathCharacters: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.insert(charactersIn: " ")
        set.remove(charactersIn: "%\t\n\r")
        return set
    }()
}
