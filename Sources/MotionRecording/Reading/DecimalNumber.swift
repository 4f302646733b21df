/// Numbers of CSV fields read in one pass over their bytes: the plain decimal form recordings, BROAD and the
/// datasets write (`-0.32278400`) is converted exactly without the C library, anything else by `Double(_:)`.
///
/// A decimal of at most 19 digits whose integer `m` (the digits without the point) is at most 2^53 is `m / 10^k` with
/// both operands exact doubles; IEEE 754 division rounds correctly, so the result is the correctly rounded value, the
/// one `strtod` returns (W. D. Clinger, "How to read floating point numbers accurately", PLDI 1990, the fast path).
/// glibc's `strtod` takes its multi-precision path for most such fields and was 11 % of a replay (`perf`,
/// 2026-11-27). Runs of eight digits are read eight bytes at a time (``eightDigits(_:)``): the fractions recordings
/// write are eight digits long.
///
/// A larger integer `m` of at most 19 digits (the shortest text of most doubles has 17: a model file's thresholds) is
/// divided by 5^k in 128-bit integers instead (``wideDecimal(_:fractionDigits:)``): glibc's `strtod` took about a
/// thousand instructions for each (`callgrind`, 2026-11-28).
package enum DecimalNumber {
    /// 10^0 ... 10^18, every one exact in a `Double`.
    private static let powersOfTen: [Double] = {
        var powers = [1.0]
        for _ in 1...18 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// 5^0 ... 5^18, every one exact in a `UInt64`.
    private static let powersOfFive: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...18 { powers.append(powers[powers.count - 1] * 5) }
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

    /// The value of `bytes` if they are `-?[0-9]+(\.[0-9]+)?` within the exact range above; `nil` otherwise (then
    /// `Double(_:)` reads them, to the same value where both apply).
    private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        var index = 0
        let negative = index < end && base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        // Wrapping arithmetic: a mantissa of more than 19 digits may wrap, and is then refused by its digit count.
        var mantissa: UInt64 = 0
        let integerStart = index
        while index < end, case let digit = base[index] &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits > 0 else { return nil }
        var fractionDigits = 0
        if index < end {
            guard base[index] == UInt8(ascii: "."), index + 1 < end else { return nil }
            index += 1
            let fractionStart = index
            while end - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard let value = eightDigits(UInt64(littleEndian: word)) else { break }
                mantissa = mantissa &* 100_000_000 &+ value
                index += 8
            }
            while index < end, case let digit = base[index] &- UInt8(ascii: "0"), digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            guard index == end else { return nil }
            fractionDigits = index - fractionStart
        }
        guard integerDigits + fractionDigits <= 19 else { return nil }
        let magnitude =
            mantissa <= 1 << 53
            ? Double(mantissa) / powersOfTen[fractionDigits] : wideDecimal(mantissa, fractionDigits: fractionDigits)
        return negative ? -magnitude : magnitude
    }

    /// `mantissa / 10^fractionDigits` correctly rounded, for a mantissa of at most 19 digits: the quotient by
    /// 5^fractionDigits to 64 significant bits, its last bit set when the division is inexact (rounding to odd, which
    /// a rounding to nearest of 53 bits then leaves correct: S. Boldo and G. Melquiond, "When double rounding is odd",
    /// 2005), converted and scaled by a power of two.
    private static func wideDecimal(_ mantissa: UInt64, fractionDigits: Int) -> Double {
        let (quotient, remainder) = (UInt128(mantissa) << 64).quotientAndRemainder(
            dividingBy: UInt128(powersOfFive[fractionDigits]))
        let shift = quotient.leadingZeroBitCount
        let normalized = quotient << shift
        let inexact = remainder != 0 || UInt64(truncatingIfNeeded: normalized) != 0
        let significand = UInt64(truncatingIfNeeded: normalized >> 64) | (inexact ? 1 : 0)
        return Double(sign: .plus, exponent: -shift - fractionDigits, significand: Double(significand))
    }

    /// The value of eight ASCII digits loaded as one little-endian word (the first digit in the lowest byte), or
    /// `nil` when a byte is not a digit: the bytes are checked and combined in pairs, fours and eights by three
    /// multiplications instead of eight steps (the method of simdjson's `parse_eight_digits_unrolled`, D. Lemire).
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64? {
        // Every byte is 0x30...0x39: its high nibble is 3, and adding 6 leaves it 3.
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        guard (word & highNibbles) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) >> 4) == 0x3333_3333_3333_3333
        else { return nil }
        var value = word & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* (10 << 8 + 1)) >> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
        return ((value & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) >> 32
    }
}
