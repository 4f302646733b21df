import CommandLineSupport
import Foundation
import Testing

/// Fixed-point text without Foundation: the same characters as `String(format:)` for every value and column.
@Suite("Fixed-point text")
struct FixedPointTextTests {
    private func text(_ value: Double, decimals: Int, width: Int = 0) -> String {
        var line: [UInt8] = []
        FixedPointText.append(value, decimals: decimals, width: width, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    @Test("the same text as String(format:) for random values, halfway cases, extremes and non-finite values")
    func matchesPrintf() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 1e-7, -4e-8, 0.00000005, 123456.78901234, -9.80665, 1e22, -1e300,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .nan, .infinity, -.infinity,
        ]
        for _ in 0..<2000 {
            values.append(Double(bitPattern: generator.next() & ~(0x7FF << 52) | (UInt64.random(in: 0x3C0...0x43F) << 52)))
        }
        for value in values {
            for (width, decimals) in [(0, 6), (0, 7), (14, 6), (8, 4), (8, 2), (0, 0), (3, 17)] {
                #expect(text(value, decimals: decimals, width: width) == String(format: "%\(width).\(decimals)f", value))
            }
        }
    }

    @Test("text is appended to what the line holds")
    func appends() {
        var line = Array("t=".utf8)
        FixedPointText.append(1.25, decimals: 3, width: 7, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == "t=  1.250")
    }
}
