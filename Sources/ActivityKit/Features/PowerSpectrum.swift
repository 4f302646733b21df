#if canImport(Glibc)
import Glibc
#endif

/// The one-sided power spectrum of a real window of fixed length, computed with a Hann taper and precomputed twiddles.
public struct PowerSpectrum: Sendable {
    /// Number of samples in each analysed window.
    public let length: Int
    /// Sample rate of the analysed signals, in Hz.
    public let sampleRate: Double
    private let cosines: [Double]
    private let sines: [Double]
    private let taper: [Double]

    /// Number of frequency bins, from 0 Hz to the Nyquist frequency.
    public var binCount: Int { length / 2 + 1 }

    /// Prepares the tables for windows of `length` samples at `sampleRate` Hz.
    public init(length: Int, sampleRate: Double) {
        self.length = length
        self.sampleRate = sampleRate
        var cosines = [Double](repeating: 0, count: length)
        var sines = [Double](repeating: 0, count: length)
        for index in 0..<length {
            let angle = 2 * Double.pi * Double(index) / Double(length)
            cosines[index] = cos(angle)
            sines[index] = sin(angle)
        }
        self.cosines = cosines
        self.sines = sines
        taper = (0..<length).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(length)) }
    }

    /// Frequency of bin `bin`, in Hz.
    public func frequency(ofBin bin: Int) -> Double { Double(bin) * sampleRate / Double(length) }

    /// The power in each bin of `signal` (its mean removed first); `signal.count` must equal ``length``.
    public func power(of signal: [Double]) -> [Double] {
        precondition(signal.count == length, "PowerSpectrum: signal length must match the prepared length")
        let mean = signal.reduce(0, +) / Double(length)
        let tapered = (0..<length).map { (signal[$0] - mean) * taper[$0] }
        var power = [Double](repeating: 0, count: binCount)
        for bin in 0..<binCount {
            var real = 0.0
            var imaginary = 0.0
            var phase = 0
            for sample in 0..<length {
                real += tapered[sample] * cosines[phase]
                imaginary -= tapered[sample] * sines[phase]
                phase += bin
                if phase >= length { phase -= length }
            }
            power[bin] = (real * real + imaginary * imaginary) / Double(length)
        }
        return power
    }
}
