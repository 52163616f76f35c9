import CGraphvizNumbers
import Foundation
import Testing
@testable import Graphviz

/// The SVG renderer's numbers written without `snprintf` (`cgraphviz_numbers.c`): the same characters for every
/// value, and the same SVG bytes as the library's own `gvprintdouble`.
@Suite("Graphviz number writer")
struct NumberWriterTests {
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `snprintf(…, "%.02f", value)`, the reference.
    private static func reference(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, 64, "%.02f", $0) }
        return text(buffer)
    }

    /// The fast path's text, or nil when it leaves the value to `snprintf`.
    private static func fast(_ value: Double) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = cgraphviz_format_hundredths(value, &buffer)
        return length == 0 ? nil : text(buffer)
    }

    /// A fixed sequence of 64-bit values (SplitMix64), so that a failure can be reproduced.
    private struct Values: IteratorProtocol {
        var state: UInt64 = 0x5CE7_06A9
        mutating func next() -> UInt64? {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("hundredths are written as snprintf writes them: thousandths, exact ties, random values, the edges")
    func hundredthsMatchSnprintf() {
        var values: [Double] = []
        // Every thousandth up to ±200: the x.xx5 values that are not exact ties round by their binary value.
        for n in -200_000...200_000 { values.append(Double(n) / 1000) }
        // Exact ties (eighths) round to even.
        for whole in -64...64 { for eighth in 0..<8 { values.append(Double(whole) + Double(eighth) / 8) } }
        // Random values of every magnitude below 1e15, and random bit patterns (most of them left to snprintf).
        var random = Values()
        for _ in 0..<200_000 {
            let bits = random.next() ?? 0
            let magnitude = Double(bits >> 11) / Double(1 << 53)
            let exponent = Int((bits >> 3) % 60) - 40
            values.append((bits & 1 == 0 ? 1 : -1) * magnitude * pow(2, Double(exponent)))
            values.append(Double(bitPattern: random.next() ?? 0))
        }
        values += [0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 2.2250738585072014e-308, 1e-8, -1e-8, 0.004, -0.004, 0.005, -0.005,
                   0.015, 1.005, 2.675, 12.345, 999_999_999_999_999.9, 1e15.nextDown, 1e15, -1e15, 1e300,
                   .nan, .infinity, -.infinity, .greatestFiniteMagnitude]
        var written = 0
        var mismatches: [String] = []
        for value in values {
            guard let fast = Self.fast(value) else {
                if value.isFinite && abs(value) < 1e15 { mismatches.append("\(value): left to snprintf") }
                continue
            }
            written += 1
            let expected = Self.reference(value)
            if fast != expected { mismatches.append("\(value) (bits \(String(value.bitPattern, radix: 16))): \(fast), snprintf \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
        #expect(written > 600_000)
    }

    @Test("the 2.42 rules: within 1e-8 of zero is 0, zeros after the point go, and the point with them")
    func rulesOf242() {
        func print(_ value: Double) -> String {
            var buffer = [CChar](repeating: 0, count: 64)
            cgraphviz_numbers_print_242(value, &buffer)
            return Self.text(buffer)
        }
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1e-9, "0"), (-1e-9, "0"), (0.004, "0"), (-0.004, "-0"), (12.5, "12.5"),
            (-12.5, "-12.5"), (10, "10"), (100.001, "100"), (0.125, "0.12"), (0.375, "0.38"), (-36.05, "-36.05"),
            (1e15, "1000000000000000"), (.infinity, "inf"),
        ]
        for (value, expected) in cases { #expect(print(value) == expected, "\(value)") }
    }

    @Test("SVG bytes are the same with the library's own number writer and the project's")
    func sameSVGAsTheLibrary() throws {
        guard let version = GraphvizRenderer.version, version.hasPrefix("2.42.") || version.hasPrefix("2.43.") else {
            print("skipped: the project's number writer is used with Graphviz 2.42/2.43 only (this is \(GraphvizRenderer.version ?? "unknown"))")
            return
        }
        #if os(Linux)
        // Without the library's function, both renders below would use the project's writer and prove nothing.
        #expect(cgraphviz_numbers_library_available() == 1)
        #endif
        let graphs: [(String, GraphvizRenderer.Engine)] = [
            (#"""
            digraph { rankdir=LR; node [shape=box, style="rounded,filled"];
              subgraph cluster_a { label="tabs"; a; b [shape=ellipse]; c [shape=point] }
              a -> b [label="show"]; b -> c; c -> a [style=dashed, penwidth=1.6]; a -> d [dir=both, arrowsize=0.7] }
            """#, .dot),
            (#"""
            digraph { node [shape=box, fixedsize=true, width=0.3, height=0.2, style=rounded];
              a [pos="-0.004,0.004!"]; b [pos="0.125,-0.375!"]; c [pos="12.345,1e-9!"]; d [pos="-36.05,2.675!"];
              a -> b [pos="-0.004,0.004 0.05,-0.1 0.1,-0.2 0.125,-0.375"]; c -> d }
            """#, .nop2),
        ]
        defer { GraphvizSession.chooseNumberWriter(version: version) }
        for (dot, engine) in graphs {
            GraphvizSession.setNumberWriter(own: false)
            let library = try GraphvizRenderer().render(dot: dot, engine: engine)
            GraphvizSession.setNumberWriter(own: true)
            let own = try GraphvizRenderer().render(dot: dot, engine: engine)
            #expect(String(decoding: own, as: UTF8.self).contains("<path"))
            #expect(own == library, "\(String(decoding: own, as: UTF8.self))\n---\n\(String(decoding: library, as: UTF8.self))")
        }
    }
}
