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
    public var entries: [String: Entry] = [:]

    public init() {}

    public subscript(path: String) -> Entry? {
        get { entries[path] }
        set { entries[path] = newValue }
    }

    /// The stamps of every file, for `OutputStaging.currentFolderMatches`.
    public var stamps: [String: FileStamp] { entries.mapValues(\.stamp) }

    // MARK: - Storage

    private static let header = "scenograph-output-record 1"

    /// The record at `url`; nil when there is none or it cannot be read (the run then writes everything).
    public static func load(from url: URL) -> OutputRecord? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0] == header else { return nil }
        var record = OutputRecord()
        record.fingerprint = String(lines[1].dropFirst("fingerprint ".count))
        record.flowsPassed = lines[2] == "flows passed"
        record.diagramCount = Int(lines[3].dropFirst("diagrams ".count)) ?? 0
        for line in lines.dropFirst(4) where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 7, let size = Int64(fields[1]), let modified = Int64(fields[2]), let nanoseconds = Int64(fields[3]),
                  let inode = UInt64(fields[4]), let device = UInt64(fields[5]), let path = String(fields[6]).removingPercentEncoding
            else { return nil }
            var stamp = FileStamp()
            stamp.size = size
            stamp.modified = modified
            stamp.modifiedNanoseconds = nanoseconds
            stamp.inode = inode
            stamp.device = device
            record.entries[path] = Entry(key: String(fields[0]), stamp: stamp)
        }
        return record
    }

    /// Writes the record whole or not at all; a record that cannot be written only costs the next run time.
    public func save(to url: URL) {
        var text = "\(Self.header)\nfingerprint \(fingerprint)\nflows \(flowsPassed ? "passed" : "failed")\ndiagrams \(diagramCount)\n"
        for path in entries.keys.sorted() {
            guard let entry = entries[path] else { continue }
            let stamp = entry.stamp
            let escaped = path.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? path
            text += "\(entry.key)\t\(stamp.size)\t\(stamp.modified)\t\(stamp.modifiedNanoseconds)\t\(stamp.inode)\t\(stamp.device)\t\(escaped)\n"
        }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(Array(text.utf8), to: url.path)
    }

    /// Path characters written as they are: everything printable but `%`, tab and line breaks.
    private static let pathCharacters: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.insert(charactersIn: " ")
        set.remove(charactersIn: "%\t\n\r")
        return set
    }()
}
