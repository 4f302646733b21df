/// Numbers of CSV fields read in one pass over their bytes: the plain decimal form recordings, BROAD and the
/// datasets write (`-0.32278400`) is converted exactly without the C library, anything else by `Double(_:)`.
///
/// A decimal of at most 19 significant digits whose integer `m` (the digits without the point) is at most 2^53, with
/// at most 22 digits after the point, is `m / 10^k` with both operands exact doubles; IEEE 754 division rounds
/// correctly, so the result is the correctly rounded value, the one `strtod` returns (W. D. Clinger, "How to read
/// floating point numbers accurately", PLDI 1990, the fast path). glibc's `strtod` takes its multi-precision path for
/// most such fields and was 11 % of a replay (`perf`, 2026-11-27).
package enum DecimalNumber {
    /// 10^0 ... 10^22, every one exact in a `Double`.
    private static let powersOfTen: [Double] = {
        var powers = [1.0]
        for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// The number `text` spells (`nan`, `inf` and exponents included), or `nil` when it spells none, as
    /// `Double(_:)` reads it.
    package static func parse<Text: StringProtocol>(_ text: Text) -> Double? {
        if let value = text.utf8.withContiguousStorageIfAvailable(plainDecimal), let value { return value }
        return Double(text)
    }

    /// The number the UTF-8 text `bytes` spells, as ``parse(_:)`` reads it.
    package static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        plainDecimal(bytes) ?? Double(String(decoding: bytes, as: UTF8.self))
    }

    /// The value of `bytes` if they are `-?[0-9]+(\.[0-9]+)?` within the exact range above; `nil` otherwise.
    private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        var integerDigits = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "."), !seenPoint, integerDigits > 0 {
                seenPoint = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
            if mantissa == 0 && digit == 0 { continue }
            significantDigits += 1
            guard significantDigits <= 19 else { return nil }
            mantissa = mantissa * 10 + UInt64(digit)
        }
        guard integerDigits > 0, !seenPoint || fractionDigits > 0, fractionDigits <= 22, mantissa <= 1 << 53 else {
            return nil
        }
        let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }
}
