import Testing

@testable import MotionRecording

/// `DecimalNumber.parse` against the standard library's `Double(_:)` (glibc's `strtod`), bit for bit: on the numbers
/// the recorder writes, on random digit strings inside and outside the exact fast path's range (new ones every run; a
/// failure names its text), and on the forms the fast path leaves to `Double(_:)`.
@Suite("Decimal numbers of CSV fields")
struct DecimalNumberTests {
    private func expectSameAsStrtod(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(DecimalNumber.parse(text)?.bitPattern == Double(text)?.bitPattern, "\(text)", sourceLocation: sourceLocation)
    }

    @Test("the recorder's own fields: every value and timestamp written reads back as strtod reads it")
    func writtenNumbers() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double.random(in: -2000...2000, using: &generator) * pow10(Int.random(in: -6...3, using: &generator))
            for decimals in [DecimalText.timestampDecimals, DecimalText.valueDecimals] {
                expectSameAsStrtod(DecimalText.string(value, decimals: decimals))
            }
        }
    }

    @Test("random digit strings: up to 24 digits before and after the point, with and without a sign")
    func randomDigits() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50_000 {
            let digits = { (count: Int) in
                String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            }
            let sign = Bool.random(using: &generator) ? "-" : ""
            let integer = digits(Int.random(in: 1...24, using: &generator))
            let fractionCount = Int.random(in: 0...24, using: &generator)
            expectSameAsStrtod(sign + integer + (fractionCount == 0 ? "" : "." + digits(fractionCount)))
        }
    }

    @Test("16 to 19 digits beyond 2^53: random digit strings, and integers halfway between two doubles and beside them")
    func wideMantissas() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50_000 {
            let count = Int.random(in: 16...19, using: &generator)
            var digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            let point = Int.random(in: 0..<count, using: &generator)
            if point > 0 { digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point)) }
            expectSameAsStrtod((Bool.random(using: &generator) ? "-" : "") + digits)
        }
        for _ in 0..<20_000 {
            // An integer double of 16 to 19 digits, and the integers halfway to the next double and beside that.
            let value = Double.random(in: 0x1p53..<1e19, using: &generator).rounded()
            let halfway = UInt64(value) + UInt64(value.ulp / 2)
            for integer in [halfway - 1, halfway, halfway + 1] { expectSameAsStrtod(String(integer)) }
        }
        expectSameAsStrtod("0.18387732255614103")
        expectSameAsStrtod("-0.005310875126655207")
        expectSameAsStrtod("9999999999999999999")
        expectSameAsStrtod("0.000000000000000001")
        expectSameAsStrtod("18446744073709551615")
    }

    @Test("the edges of the exact range and every form left to Double(_:)")
    func edgesAndOtherForms() {
        let texts = [
            "0", "-0", "0.0", "-0.0", "00012.5000", "9007199254740992", "9007199254740993", "-9007199254740993",
            "1234567890123456789", "12345678901234567890", "0.0000000000000000000001", "0.00000000000000000000001",
            "4.9406564584124654", "1.7976931348623157", "0.1", "0.3", "1.", ".5", "-.5", "+1", "1e5", "1E-5", "nan", "-nan",
            "inf", "-inf", "infinity", "0x1p3", "-", "", ".", "1.2.3", "12a", " 1", "1 ", "--1", "1-", "١٢",
            // Eight bytes read at once: digits, then a byte just outside the digits in each place.
            "0.12345678", "-0.30696300", "1.1234567890123456", "0.1234567:", "0.123456/8", "0.:2345678",
            "0.1234567812345/78", "0.12345678.", "0.12345678-", "0.1234\u{7F}678", "0.12345678 ",
        ]
        for text in texts { expectSameAsStrtod(text) }
    }

    /// 10 to the power `exponent`, from the standard library's parser (no Foundation).
    private func pow10(_ exponent: Int) -> Double { Double("1e\(exponent)")! }
}
