@testable import DocSite
import Foundation
import Testing

/// Writing one file whole or not at all (the diagram cache, the output record, `import -o`).
@Suite("Atomic file")
struct AtomicFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a write creates the file, a second one replaces it, and no temporary file is left beside it")
    func writeAndReplace() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let path = url.appendingPathComponent("entry.svg").path
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Array("second, longer".utf8), to: path)
        try AtomicFile.write([], to: url.appendingPathComponent("empty").path)
        #expect(FileManager.default.contents(atPath: path) == Data("second, longer".utf8))
        #expect(FileManager.default.contents(atPath: url.appendingPathComponent("empty").path) == Data())
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() == ["empty", "entry.svg"])
    }

    @Test("writes from several threads at once into one folder each land whole, under distinct temporary names")
    func concurrentWrites() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let bytes = Array(repeating: UInt8(ascii: "a") + UInt8(index % 26), count: 10_000 + index)
            try? AtomicFile.write(bytes, to: url.appendingPathComponent("shared").path)
            try? AtomicFile.write(bytes, to: url.appendingPathComponent("file-\(index)").path)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        #expect(names.count == 65)
        #expect(!names.contains { $0.hasSuffix(".tmp") })
        let shared = try #require(FileManager.default.contents(atPath: url.appendingPathComponent("shared").path))
        // Whichever write came last, it is one write's bytes, not a mixture.
        #expect(Set(shared).count == 1)
        #expect((shared.count - 10_000) % 26 == Int(shared[0] - UInt8(ascii: "a")))
    }

    @Test("a missing folder is a clear error naming it, and leaves nothing behind")
    func missingFolder() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let path = url.appendingPathComponent("absent/entry.svg").path
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1, 2, 3], to: path) }
        #expect(error?.description == "cannot write '\(path)': no such directory '\(url.appendingPathComponent("absent").path)'")
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty)
    }

    @Test("a file reads back whole, whatever its size; an empty file is empty and a missing one or a folder is nil")
    func readsBackWhatWasWritten() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        for size in [0, 1, 4_095, 4_096, 65_537, 1_000_003] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = url.appendingPathComponent("file-\(size)").path
            try AtomicFile.write(bytes, to: path)
            #expect(OutputWriter.read(path) == bytes, "size \(size)")
        }
        #expect(OutputWriter.read(url.appendingPathComponent("missing").path) == nil)
        #expect(OutputWriter.read(url.path) == nil, "a folder cannot be read as a file")
    }
}
