import ActivityKit
import Foundation
import Testing

/// ``PowerSpectrum`` against the textbook DFT, for window lengths whose bin counts do and do not fill its blocks of
/// four bins.
@Suite struct PowerSpectrumTests {
    /// The one-sided power of `signal` by the definition: mean removed, Hann taper, |DFT|^2 / n, sines and cosines
    /// computed afresh for every term, from the angle of `bin * sample` or, `reducingAngles`, of `bin * sample mod n`
    /// (as ``PowerSpectrum`` tabulates them, so that its sums must give the same bits).
    func directPower(_ signal: [Double], reducingAngles: Bool = false) -> [Double] {
        let n = signal.count
        let mean = signal.reduce(0, +) / Double(n)
        let tapered = signal.indices.map { (signal[$0] - mean) * (0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n))) }
        return (0...(n / 2)).map { bin in
            var (real, imaginary) = (0.0, 0.0)
            for (index, value) in tapered.enumerated() {
                let turns = reducingAngles ? bin * index % n : bin * index
                let angle = 2 * Double.pi * Double(turns) / Double(n)
                real += value * cos(angle)
                imaginary -= value * sin(angle)
            }
            return (real * real + imaginary * imaginary) / Double(n)
        }
    }

    @Test("Every bin matches the definition", arguments: [4, 7, 10, 64, 100, 101, 128])
    func matchesTheDefinition(length: Int) {
        // Two tones and a slow drift, at 25 Hz; the bins run 3, 4, 6, 33, 51, 51 and 65: whole blocks and remainders.
        let signal = (0..<length).map { index -> Double in
            let time = Double(index) / 25
            return 0.8 * sin(2 * Double.pi * 2 * time) + 0.3 * cos(2 * Double.pi * 5.5 * time + 1) + 0.05 * time
        }
        let spectrum = PowerSpectrum(length: length, sampleRate: 25)
        let power = spectrum.power(of: signal)
        let expected = directPower(signal)
        #expect(power.count == spectrum.binCount)
        #expect(power.count == expected.count)
        let scale = expected.max() ?? 1
        for (bin, (value, truth)) in zip(power, expected).enumerated() {
            #expect(abs(value - truth) <= 1e-9 * scale, "bin \(bin) of \(length)")
        }
    }

    @Test(
        "Bit for bit the same sums, with twiddles by sample (up to 128) or by index (beyond)",
        arguments: [4, 5, 9, 16, 100, 127, 128, 129, 200])
    func sameBitsEitherLayout(length: Int) {
        #expect(PowerSpectrum.tabulatedLengths.contains(length) == (length <= 128))
        var state: UInt64 = 7
        let signal = (0..<length).map { _ -> Double in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 20 - 10
        }
        let power = PowerSpectrum(length: length, sampleRate: 25).power(of: signal)
        #expect(power.map(\.bitPattern) == directPower(signal, reducingAngles: true).map(\.bitPattern))
    }

    @Test("A tone on a bin puts its power there")
    func toneOnABin() throws {
        // 100 samples at 25 Hz: bins 0.25 Hz apart, so a 2 Hz tone is bin 8.
        let signal = (0..<100).map { sin(2 * Double.pi * 2 * Double($0) / 25) }
        let spectrum = PowerSpectrum(length: 100, sampleRate: 25)
        let power = spectrum.power(of: signal)
        let peak = try #require(power.indices.max { power[$0] < power[$1] })
        #expect(peak == 8)
        #expect(spectrum.frequency(ofBin: peak) == 2)
    }
}
