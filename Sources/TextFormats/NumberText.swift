/// Counts as messages write them.
public enum NumberText {
    /// `6,012`: the digits in groups of three, as every count a person reads is written.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var grouped = ""
        for (offset, character) in digits.reversed().enumerated() {
            if offset > 0, offset % 3 == 0, character != "-" { grouped.append(",") }
            grouped.append(character)
        }
        return String(grouped.reversed())
    }
}
