/// Plain fixed-point decimal text for CSV cells: no exponent, no locale, fast and exact to the digits printed.
package enum DecimalText {
    /// Digits after the decimal point for timestamps (microseconds).
    static let timestampDecimals = 6
    /// Digits after the decimal point for sensor values, gravity, user acceleration and quaternions.
    static let valueDecimals = 8

    private static let powersOfTen: [Double] = (0...18).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    /// Appends `value` with `decimals` digits after the point; non-finite values as `nan`, `inf`, `-inf`.
    package static func append(_ value: Double, decimals: Int, to text: inout [UInt8]) {
        guard value.isFinite else {
            text.append(contentsOf: (value.isNaN ? "nan" : value < 0 ? "-inf" : "inf").utf8)
            return
        }
        let scale = powersOfTen[decimals]
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 9.0e18 else {
            text.append(contentsOf: "\(value)".utf8)
            return
        }
        let units = UInt64(scaled)
        if value < 0, units != 0 { text.append(UInt8(ascii: "-")) }
        let divisor = UInt64(scale)
        appendDigits(units / divisor, minimumCount: 1, to: &text)
        if decimals > 0 {
            text.append(UInt8(ascii: "."))
            appendDigits(units % divisor, minimumCount: decimals, to: &text)
        }
    }

    /// `value` with `decimals` digits after the point, right-aligned in `width` characters (like printf's `%W.Df`).
    package static func string(_ value: Double, decimals: Int, width: Int = 0) -> String {
        var text: [UInt8] = []
        append(value, decimals: decimals, to: &text)
        if text.count < width { text.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: width - text.count), at: 0) }
        return String(decoding: text, as: UTF8.self)
    }

    private static func appendDigits(_ number: UInt64, minimumCount: Int, to text: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = number
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if digits.count < minimumCount {
            digits.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: minimumCount - digits.count))
        }
        text.append(contentsOf: digits.reversed())
    }
}
