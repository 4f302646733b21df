#if canImport(Glibc)
import Glibc
#endif

/// A second-order Butterworth low-pass (bilinear transform, direct form II transposed) for the pedometer's vertical
/// acceleration: it keeps the step fundamental (0.5-3.5 Hz) and removes heel-strike ringing and sensor noise.
struct GaitLowPass: Sendable {
    private let b0: Double, b1: Double, b2: Double
    private let a1: Double, a2: Double
    private var s0 = 0.0, s1 = 0.0

    /// A filter with corner `corner` Hz stepped at `sampleRate` Hz (`corner` below the Nyquist frequency).
    init(corner: Double, sampleRate: Double) {
        let c = tan(Double.pi * min(corner, 0.45 * sampleRate) / sampleRate)
        let d = c * c + 2.squareRoot() * c + 1
        b0 = c * c / d
        b1 = 2 * b0
        b2 = b0
        a1 = 2 * (c * c - 1) / d
        a2 = (1 - 2.squareRoot() * c + c * c) / d
    }

    /// Feeds one input and returns the new output.
    @inline(__always)
    mutating func step(_ x: Double) -> Double {
        let y = b0 * x + s0
        s0 = b1 * x - a1 * y + s1
        s1 = b2 * x - a2 * y
        return y
    }
}
