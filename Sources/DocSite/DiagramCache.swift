import Foundation

/// Rendered diagrams addressed by the hash of renderer, engine, format and the DOT text's digest.
public struct DiagramCache: Sendable {
    public let directory: URL?

    /// A cache in `directory`; `nil` disables caching.
    public init(directory: URL?) { self.directory = directory }

    static func key(renderer: String, engine: String, format: String, dot: String) -> String {
        key(renderer: renderer, engine: engine, format: format, dotDigest: SHA256.hex(Array(dot.utf8)))
    }

    /// The key from the DOT's own digest, which also keys the DOT file: the text is hashed once.
    static func key(renderer: String, engine: String, format: String, dotDigest: String) -> String {
        SHA256.hex(Array("\(renderer)\n\(engine)\n\(format)\n\(dotDigest)".utf8))
    }

    /// The entry's folder (named by the key's first two digits) and file, as paths joined as text.
    private func paths(for key: String, format: String) -> (folder: String, file: String)? {
        guard let directory else { return nil }
        let folder = OutputWriter.joined(directory, String(key.prefix(2)))
        return (folder, folder + "/\(key).\(format)")
    }

    /// Whether a render is cached, without reading it.
    func contains(_ key: String, format: String) -> Bool {
        guard let path = paths(for: key, format: format)?.file else { return false }
        return FileManager.default.fileExists(atPath: path)
    }

    /// The cached render, marked as used (`prune` removes the least recently used first); nil when it is missing or
    /// damaged (cut short, emptied, overwritten by something else: see `looksWhole`), so that it is rendered again.
    func lookup(_ key: String, format: String) -> [UInt8]? {
        guard let path = paths(for: key, format: format)?.file, let bytes = OutputWriter.read(path),
              Self.looksWhole(bytes, format: format) else { return nil }
        utimensat(AT_FDCWD, path, nil, 0)
        return bytes
    }

    /// Whether `bytes` start and end as a whole file of `format` does: SVG from Graphviz (an XML declaration or
    /// `<svg`, and `</svg>` at the end), PNG (its signature and the IEND chunk), PDF (`%PDF-` and `%%EOF`). Other
    /// formats are taken as they are.
    static func looksWhole(_ bytes: [UInt8], format: String) -> Bool {
        func starts(_ prefix: String) -> Bool { bytes.starts(with: Array(prefix.utf8)) }
        func ends(_ suffix: [UInt8]) -> Bool {
            var end = bytes.endIndex
            while end > bytes.startIndex, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
            return bytes[..<end].reversed().starts(with: suffix.reversed())
        }
        switch format {
        case "svg": return (starts("<?xml") || starts("<svg")) && ends(Array("</svg>".utf8))
        case "png": return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && bytes.suffix(12).starts(with: [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44])
        case "pdf": return starts("%PDF-") && ends(Array("%%EOF".utf8))
        default: return true
        }
    }

    /// Marks a render as used without reading it: an image the output folder already has, taken from there.
    func touch(_ key: String, format: String) {
        guard let path = paths(for: key, format: format)?.file else { return }
        utimensat(AT_FDCWD, path, nil, 0)
    }

    /// Stores a render; a cache that cannot be written is skipped silently (it only costs time).
    func store(_ bytes: [UInt8], key: String, format: String) {
        guard let (folder, path) = paths(for: key, format: format) else { return }
        // The folder is created only when the first write into it fails: most stores find it there.
        if (try? AtomicFile.write(bytes, to: path)) != nil { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? AtomicFile.write(bytes, to: path)
    }

    /// What `prune` removed.
    public struct Pruned: Equatable, Sendable {
        public var files = 0
        public var bytes: Int64 = 0
        /// What the cache holds afterwards.
        public var remaining: Int64 = 0
    }

    /// Keeps the cache within `limit` bytes of disk: when it holds more, removes its least recently used files (renders,
    /// by when they were last written or used, and the records of output folders, by when they were last written) until
    /// it holds at most four fifths of `limit`, so that the next runs do not prune again at once. Files used in the
    /// last `recent` seconds are the running command's and are kept, even past the limit; "now" is the file
    /// system's own clock (a file made and stamped by it), which a cache on another machine may not share with
    /// this one. Only files named as the cache names them count and can go: `XY/XY…(64 hex digits).svg|png|pdf`
    /// and `outputs/(64 hex digits).record`; a render being written (a dot name) and anything else are left alone.
    public func prune(limit: Int64, keepingUsedWithin recent: Duration) -> Pruned {
        guard let directory, let now = fileSystemNow(in: directory) else { return Pruned() }
        let since = now - (recent.components.seconds * 1_000_000_000 + recent.components.attoseconds / 1_000_000_000)
        var files: [(path: String, bytes: Int64, used: Int64)] = []
        var total: Int64 = 0
        func isHex<S: StringProtocol>(_ text: S, digits: Int) -> Bool {
            text.utf8.count == digits && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0 == "outputs" || isHex($0, digits: 2) }
        for folder in folders.sorted() {
            let folderPath = OutputWriter.joined(directory, folder)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []).sorted() {
                guard let dot = name.lastIndex(of: "."), isHex(name[..<dot], digits: 64) else { continue }
                let kind = name[name.index(after: dot)...]
                guard folder == "outputs" ? kind == "record" : (name.hasPrefix(folder) && ["svg", "png", "pdf"].contains(kind)) else { continue }
                let path = folderPath + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
                let stamp = FileStamp(status)
                let bytes = Int64(status.st_blocks) * 512
                total += bytes
                files.append((path, bytes, stamp.modified * 1_000_000_000 + stamp.modifiedNanoseconds))
            }
        }
        var pruned = Pruned(remaining: total)
        guard total > limit else { return pruned }
        let target = limit / 5 * 4
        files.sort { $0.used != $1.used ? $0.used < $1.used : $0.path < $1.path }
        for file in files {
            guard total > target, file.used < since else { break }
            guard unlink(file.path) == 0 else { continue }
            total -= file.bytes
            pruned.files += 1
            pruned.bytes += file.bytes
        }
        pruned.remaining = total
        return pruned
    }

    /// The time of the file system holding `directory`, in nanoseconds since 1970: the modification time of a file
    /// made there for it.
    private func fileSystemNow(in directory: URL) -> Int64? {
        let path = OutputWriter.joined(directory, ".now.\(getpid())")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        defer {
            close(fd)
            unlink(path)
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        let stamp = FileStamp(status)
        return stamp.modified * 1_000_000_000 + stamp.modifiedNanoseconds
    }
}
