import CSHA256

/// SHA-256 (FIPS 180-4), used to address rendered diagrams and pages by content. Foundation on Linux has no
/// digest API.
///
/// Streaming: `update` takes the input in pieces of any size (a page's context value by value, a diagram's DOT),
/// so nothing is concatenated or copied to be hashed.
public struct SHA256: Sendable {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    /// The bytes of an unfinished block: the first `pendingCount` of these 64.
    private var pending = [UInt8](repeating: 0, count: 64)
    private var pendingCount = 0
    private var length: UInt64 = 0

    /// Whether to use the processor's SHA instructions where it has them (tests turn this off to check the
    /// portable rounds against them).
    private let hardware: Bool

    public init() { hardware = Self.hardwareAvailable }

    init(portable: Bool) { hardware = portable ? false : Self.hardwareAvailable }

    private static let hardwareAvailable = csha256_hardware_available() != 0

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.hexDigest()
    }

    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: UnsafeRawBufferPointer($0)) }
        if handled == nil { Array(bytes).withUnsafeBytes { update(buffer: $0) } }
    }

    public mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(buffer: UnsafeRawBufferPointer($0)) }
    }

    /// One byte: the tags and separators of a structured input, without making an array of one.
    public mutating func update(byte: UInt8) {
        length &+= 1
        pending[pendingCount] = byte
        pendingCount += 1
        if pendingCount == 64 { flushPending() }
    }

    /// `value` in decimal ASCII digits, as `update(String(value))` would hash it, without making the string.
    public mutating func update(decimal value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { start -= 1; buffer[start] = UInt8(ascii: "-") }
            update(buffer: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    private mutating func flushPending() {
        pending.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
        pendingCount = 0
    }

    private mutating func update(buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        length &+= UInt64(buffer.count)
        var offset = 0
        if pendingCount > 0 {
            let take = min(64 - pendingCount, buffer.count)
            let start = pendingCount
            pending.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: start).copyMemory(from: base, byteCount: take) }
            pendingCount += take
            offset = take
            if pendingCount == 64 { flushPending() } else { return }
        }
        let blocks = (buffer.count - offset) / 64
        if blocks > 0 {
            compress(base + offset, blocks: blocks)
            offset += blocks * 64
        }
        let rest = buffer.count - offset
        if rest > 0 {
            pending.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: base + offset, byteCount: rest) }
            pendingCount = rest
        }
    }

    /// The digest of everything given so far, as 64 lowercase hex digits.
    public mutating func hexDigest() -> String {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        while (pendingCount + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let savedLength = length
        tail.withUnsafeBytes { update(buffer: $0) }
        length = savedLength
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for word in [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7] {
            for shift in stride(from: 28, through: 0, by: -4) { out.append(digits[Int((word >> UInt32(shift)) & 0xf)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
        if hardware {
            withUnsafeMutableBytes(of: &h) { words in
                csha256_hardware_compress(words.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                          start.assumingMemoryBound(to: UInt8.self), blocks)
            }
            return
        }
        var state = h
        let k = UnsafeBufferPointer(start: csha256_round_constants(), count: 64)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for block in 0..<blocks {
                let base = start + block * 64
                for i in 0..<16 { w[i] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
                for i in 16..<64 {
                    let s0 = Self.rotr(w[i - 15], 7) ^ Self.rotr(w[i - 15], 18) ^ (w[i - 15] &>> 3)
                    let s1 = Self.rotr(w[i - 2], 17) ^ Self.rotr(w[i - 2], 19) ^ (w[i - 2] &>> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                var a = state.0, b = state.1, c = state.2, d = state.3, e = state.4, f = state.5, g = state.6, hh = state.7
                for i in 0..<64 {
                    let s1 = Self.rotr(e, 6) ^ Self.rotr(e, 11) ^ Self.rotr(e, 25)
                    let choice = g ^ (e & (f ^ g))
                    let t1 = hh &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = Self.rotr(a, 2) ^ Self.rotr(a, 13) ^ Self.rotr(a, 22)
                    let majority = (a & b) | (c & (a | b))
                    let t2 = s0 &+ majority
                    hh = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
                }
                state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ hh)
            }
        }
        h = state
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }
}
