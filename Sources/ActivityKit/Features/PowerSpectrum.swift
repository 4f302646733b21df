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
    /// For windows of at most ``tabulatedLengths`` samples, the twiddles by sample, then by bin in blocks of eight:
    /// entry `sample * paddedBinCount + bin` is `cosines[bin * sample mod length]` (`0` for the padding bins).
    private let cosineRows: [Double]
    private let sineRows: [Double]
    private let paddedBinCount: Int

    /// The window lengths whose twiddles are laid out by sample (at most 128 x 72 x 2 doubles, 147 KB): the default
    /// window (100) and the UCI one (128).
    public static let tabulatedLengths = 4...128

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
        guard Self.tabulatedLengths.contains(length) else {
            (cosineRows, sineRows, paddedBinCount) = ([], [], 0)
            return
        }
        let binCount = length / 2 + 1
        let padded = (binCount + 7) / 8 * 8
        var cosineRows = [Double](repeating: 0, count: length * padded)
        var sineRows = [Double](repeating: 0, count: length * padded)
        for sample in 0..<length {
            for bin in 0..<binCount {
                cosineRows[sample * padded + bin] = cosines[bin * sample % length]
                sineRows[sample * padded + bin] = sines[bin * sample % length]
            }
        }
        (self.cosineRows, self.sineRows, paddedBinCount) = (cosineRows, sineRows, padded)
    }

    /// Frequency of bin `bin`, in Hz.
    public func frequency(ofBin bin: Int) -> Double { Double(bin) * sampleRate / Double(length) }

    /// The power in each bin of `signal` (its mean removed first); `signal.count` must equal ``length``.
    ///
    /// Each bin is the plain DFT sum, taken over the samples in order. Within ``tabulatedLengths`` eight bins are
    /// summed at once in vector lanes from the twiddles laid out by sample; beyond, four side by side with their
    /// twiddle indices advanced per sample. Either way each bin's terms and their order are the same, so are the values.
    public func power(of signal: [Double]) -> [Double] {
        precondition(signal.count == length, "PowerSpectrum: signal length must match the prepared length")
        let mean = signal.reduce(0, +) / Double(length)
        let tapered = (0..<length).map { (signal[$0] - mean) * taper[$0] }
        return paddedBinCount > 0 ? tabulatedPower(of: tapered) : indexedPower(of: tapered)
    }

    /// The power of the tapered window, eight bins per vector, with the twiddles of ``cosineRows`` and ``sineRows``.
    private func tabulatedPower(of tapered: [Double]) -> [Double] {
        var power = [Double](repeating: 0, count: paddedBinCount)
        tapered.withUnsafeBufferPointer { tapered in
            cosineRows.withUnsafeBufferPointer { cosines in
                sineRows.withUnsafeBufferPointer { sines in
                    for block in stride(from: 0, to: paddedBinCount, by: 8) {
                        var real = SIMD8<Double>()
                        var imaginary = SIMD8<Double>()
                        for sample in 0..<length {
                            let value = SIMD8(repeating: tapered[sample])
                            let row = sample * paddedBinCount + block
                            real += value * SIMD8(cosines[row..<row + 8])
                            imaginary -= value * SIMD8(sines[row..<row + 8])
                        }
                        let bins = (real * real + imaginary * imaginary) / Double(length)
                        for lane in 0..<8 { power[block + lane] = bins[lane] }
                    }
                }
            }
        }
        power.removeLast(paddedBinCount - binCount)
        return power
    }

    /// The power of the tapered window, four bins side by side (eight independent sums for the processor to overlap),
    /// each sample's twiddle index advanced by the bin.
    private func indexedPower(of tapered: [Double]) -> [Double] {
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
