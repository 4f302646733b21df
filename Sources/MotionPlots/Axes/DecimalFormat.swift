/// Decimal text of a number with a fixed count of fraction digits, without Foundation's formatters.
enum DecimalFormat {
    /// `value` rounded to `fractionDigits` (0...6) decimals, with no trailing zeros after the point, "-0" as "0".
    static func string(_ value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let digits = min(6, max(0, fractionDigits))
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return value < 0 ? "-\(abs(value))" : "\(value)" }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        var fraction = String(units % Int64(scale))
        fraction = String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let sign = value < 0 && units != 0 ? "-" : ""
        return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
