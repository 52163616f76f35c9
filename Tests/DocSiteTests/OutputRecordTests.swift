@testable import DocSite
import Foundation
import Testing

/// The record of what a run wrote, read back by the next run to decide what is unchanged.
@Suite("Output record")
struct OutputRecordTests {
    @Test("a record reads back as written: odd paths, large and negative numbers")
    func roundTrip() throws {
        var record = OutputRecord()
        record.fingerprint = "abc123"
        record.flowsPassed = true
        record.diagramCount = 42
        record.inputs = #"{"scenes":3,"notes":["a\tb"]}"#
        var stamp = FileStamp()
        stamp.size = 12_345
        stamp.modified = -2
        stamp.modifiedNanoseconds = 999_999_999
        stamp.inode = UInt64.max
        stamp.device = 1 << 40
        for path in ["index.md", "scenes/a b.md", "scenes/100%.md", "flows/tab\there.md", "scenes/ünïcode.svg", "site/x%2F.html"] {
            record[path] = OutputRecord.Entry(key: "key-\(path.count)", stamp: stamp)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)/record")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        record.save(to: url)
        let loaded = try #require(OutputRecord.load(from: url))
        #expect(loaded.fingerprint == "abc123")
        #expect(loaded.flowsPassed)
        #expect(loaded.diagramCount == 42)
        #expect(loaded.inputs == record.inputs)
        #expect(loaded.entries == record.entries)

        // Inputs that would break the record's lines are not kept.
        record.inputs = "two\nlines"
        record.save(to: url)
        let second = try #require(OutputRecord.load(from: url))
        #expect(second.inputs == "")
        #expect(second.entries == record.entries)
    }

    @Test("a damaged record is no record: the run then writes everything", arguments: [
        "not a record\n",
        "scenograph-output-record 2\nfingerprint x\nflows passed\ndiagrams 1\ninputs {}\nkey\t1\t2\t3\t4\t5\n",
        "scenograph-output-record 2\nfingerprint x\nflows passed\ndiagrams 1\ninputs {}\nkey\t1\tx\t3\t4\t5\tpath\n",
        "scenograph-output-record 2\nfingerprint x\nflows passed\ndiagrams 1\ninputs {}\nkey\t1\t2\t3\t99999999999999999999999\t5\tpath\n",
    ])
    func damaged(_ text: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(text.utf8).write(to: url)
        #expect(OutputRecord.load(from: url) == nil)
    }

    @Test("a path is written as it is exactly when Foundation's encoding would leave it so, byte by byte")
    func plainBytesMatchFoundation() {
        for byte in UInt8(0)...UInt8(127) {
            let text = String(decoding: [byte], as: UTF8.self)
            let unchanged = text.addingPercentEncoding(withAllowedCharacters: OutputRecord.pathCharacters) == text
            #expect(OutputRecord.isPlain(byte) == unchanged, "byte \(byte)")
        }
        for byte in UInt8(128)...UInt8(255) { #expect(!OutputRecord.isPlain(byte), "byte \(byte)") }
    }
}
