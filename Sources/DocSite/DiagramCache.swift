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

    func lookup(_ key: String, format: String) -> [UInt8]? {
        guard let path = paths(for: key, format: format)?.file, let data = FileManager.default.contents(atPath: path) else { return nil }
        return Array(data)
    }

    /// Stores a render; a cache that cannot be written is skipped silently (it only costs time).
    func store(_ bytes: [UInt8], key: String, format: String) {
        guard let (folder, path) = paths(for: key, format: format) else { return }
        // The folder is created only when the first write into it fails: most stores find it there.
        if (try? AtomicFile.write(bytes, to: path)) != nil { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? AtomicFile.write(bytes, to: path)
    }
}
