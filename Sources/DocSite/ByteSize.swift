import Foundation

/// Sizes in bytes as people write and read them.
public enum ByteSize {
    /// A size as a person writes it: bytes, or a number with K, M, G or T (binary multiples, optionally followed by
    /// `iB` or `B`, in either case), such as 500M or 2G; nil when `text` is no such size.
    public static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        var unit = trimmed.dropFirst(digits.count)
        if unit.hasSuffix("IB") { unit = unit.dropLast(2) } else if unit.hasSuffix("B") { unit = unit.dropLast() }
        let shifts: [Substring: Int] = ["": 0, "K": 10, "M": 20, "G": 30, "T": 40]
        guard !digits.isEmpty, digits.count <= 15, let number = Int64(digits), let shift = shifts[unit],
              number <= Int64.max >> shift else {
            return nil
        }
        return number << shift
    }

    /// "2 GiB", "1.5 MiB", "300 bytes".
    public static func text(_ bytes: Int64) -> String {
        let units: [(name: String, shift: Int64)] = [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)]
        for (index, unit) in units.enumerated() where bytes >= Int64(1) << unit.shift {
            let value = Double(bytes) / Double(Int64(1) << unit.shift)
            let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
            // Just under the next unit rounds up to it: 1 MiB, not 1024 KiB.
            if rounded >= 1024, index > 0 { return "1 \(units[index - 1].name)" }
            return rounded == rounded.rounded() ? "\(Int64(rounded)) \(unit.name)" : "\(rounded) \(unit.name)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
