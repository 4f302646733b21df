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
    ///
    /// Each bin is the plain DFT sum, taken over the samples in order; four bins are summed side by side, which
    /// gives the processor eight independent sums to overlap instead of two, and the same values.
    public func power(of signal: [Double]) -> [Double] {
        precondition(signal.count == length, "PowerSpectrum: signal length must match the prepared length")
        let mean = signal.reduce(0, +) / Double(length)
        let tapered = (0..<length).map { (signal[$0] - mean) * taper[$0] }
        var power = [Double](repeating: 0, count: binCount)
        tapered.withUnsafeBufferPointer { tapered in
            cosines.withUnsafeBufferPointer { cosines in
                sines.withUnsafeBufferPointer { sines in
                    var bin = 0
                    while bin + 4 <= binCount {
                        var (r0, r1, r2, r3) = (0.0, 0.0, 0.0, 0.0)
                        var (i0, i1, i2, i3) = (0.0, 0.0, 0.0, 0.0)
                        var (p0, p1, p2, p3) = (0, 0, 0, 0)
                        for sample in 0..<length {
                            let value = tapered[sample]
                            r0 += value * cosines[p0]
                            i0 -= value * sines[p0]
                            r1 += value * cosines[p1]
                            i1 -= value * sines[p1]
                            r2 += value * cosines[p2]
                            i2 -= value * sines[p2]
                            r3 += value * cosines[p3]
                            i3 -= value * sines[p3]
                            p0 = advance(p0, by: bin)
                            p1 = advance(p1, by: bin + 1)
                            p2 = advance(p2, by: bin + 2)
                            p3 = advance(p3, by: bin + 3)
                        }
                        power[bin] = (r0 * r0 + i0 * i0) / Double(length)
                        power[bin + 1] = (r1 * r1 + i1 * i1) / Double(length)
                        power[bin + 2] = (r2 * r2 + i2 * i2) / Double(length)
                        power[bin + 3] = (r3 * r3 + i3 * i3) / Double(length)
                        bin += 4
                    }
                    while bin < binCount {
                        var (real, imaginary, phase) = (0.0, 0.0, 0)
                        for sample in 0..<length {
                            real += tapered[sample] * cosines[phase]
                            imaginary -= tapered[sample] * sines[phase]
                            phase = advance(phase, by: bin)
                        }
                        power[bin] = (real * real + imaginary * imaginary) / Double(length)
                        bin += 1
                    }
                }
            }
        }
        return power
    }

    /// The twiddle index `phase` moved on by `bin` (both below ``length``), modulo ``length``.
    @inline(__always)
    private func advance(_ phase: Int, by bin: Int) -> Int {
        let next = phase + bin
        return next >= length ? next - length : next
    }
}
