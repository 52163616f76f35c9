#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Searching rendered documents (SVG, HTML) for ASCII markers: `memchr` for the marker's first byte, then a
/// comparison, so that megabytes of SVG are scanned at memory speed rather than one checked index at a time.
public enum ByteSearch {
    /// The first index at or after `bytes.startIndex` where `marker` starts, or nil.
    public static func firstIndex(of marker: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard let first = marker.first, bytes.count >= marker.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            let last = buffer.count - marker.count
            while offset <= last {
                guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let matches = marker.withUnsafeBufferPointer { $0.baseAddress.map { memcmp(base + position, $0, marker.count) == 0 } ?? false }
                if matches { return bytes.startIndex + position }
                offset = position + 1
            }
            return nil
        }
    }

    /// The first index after a line feed at or after `bytes.startIndex` where a line starting with `marker`
    /// starts, or nil: `memchr` from line feed to line feed, one comparison per line.
    public static func firstLine(startingWith marker: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            return marker.withUnsafeBufferPointer { needle -> Int? in
                guard let needleBase = needle.baseAddress else { return nil }
                var offset = 0
                while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                    let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    if buffer.count - start >= needle.count, memcmp(base + start, needleBase, needle.count) == 0 {
                        return bytes.startIndex + start
                    }
                    offset = start
                }
                return nil
            }
        }
    }

    /// The index of the first `byte` at or after `start` in `bytes`, or `bytes.endIndex`.
    public static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        guard start < bytes.endIndex else { return bytes.endIndex }
        return bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return bytes.endIndex }
            let from = start - bytes.startIndex
            guard let found = memchr(base + from, Int32(byte), buffer.count - from) else { return bytes.endIndex }
            return bytes.startIndex + base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}
