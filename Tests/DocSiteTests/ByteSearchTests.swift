import XCTest
import TextFormats

final class ByteSearchTests: XCTestCase {
    /// Every position of a marker in slices that start anywhere, compared with a plain scan; near misses
    /// (the first byte without the rest) and a marker running past the end are not matches.
    func testFindsWhatAPlainScanFinds() {
        let text = Array("<svg id=\"a\"> <s <sv id= <svg".utf8)
        for marker in ["<svg", " id=\"", "<", "\"a\">", "<svgx", "zz"].map({ Array($0.utf8) }) {
            for start in 0...text.count {
                let slice = text[start...]
                let expected = slice.indices.first { index in
                    index + marker.count <= slice.endIndex && slice[index..<index + marker.count].elementsEqual(marker)
                }
                XCTAssertEqual(ByteSearch.firstIndex(of: marker, in: slice), expected, "\(String(decoding: marker, as: UTF8.self)) from \(start)")
            }
        }
        XCTAssertNil(ByteSearch.firstIndex(of: Array("a".utf8), in: [][...]))
    }

    func testFindsALineEnd() {
        let text = Array("one\ntwo\n\nlast".utf8)[2...]
        XCTAssertEqual(ByteSearch.firstIndex(of: 0x0A, in: text, from: 2), 3)
        XCTAssertEqual(ByteSearch.firstIndex(of: 0x0A, in: text, from: 4), 7)
        XCTAssertEqual(ByteSearch.firstIndex(of: 0x0A, in: text, from: 8), 8)
        XCTAssertEqual(ByteSearch.firstIndex(of: 0x0A, in: text, from: 9), text.endIndex, "no line feed after the last line")
        XCTAssertEqual(ByteSearch.firstIndex(of: 0x0A, in: text, from: text.endIndex), text.endIndex)
    }

    /// The start of the first line (after a line feed in the slice) that begins with a marker, from every start,
    /// compared with a plain scan; a marker cut by the end or found mid-line is not a match.
    func testFindsALineStartingWithAMarker() {
        let text = Array("<t>x\na <t>\n<t\n\n<t>y\n<t".utf8)
        let marker = Array("<t>".utf8)
        for start in 0...text.count {
            let slice = text[start...]
            let expected = slice.indices.first { index in
                index > slice.startIndex && slice[index - 1] == 0x0A && index + marker.count <= slice.endIndex
                    && slice[index..<index + marker.count].elementsEqual(marker)
            }
            XCTAssertEqual(ByteSearch.firstLine(startingWith: marker, in: slice), expected, "from \(start)")
        }
    }
}
