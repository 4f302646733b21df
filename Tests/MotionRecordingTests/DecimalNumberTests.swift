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
