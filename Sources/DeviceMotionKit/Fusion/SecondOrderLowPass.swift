#if canImport(Glibc)
import Glibc
#endif

/// A second-order Butterworth low-pass for one channel, with time constant `tau`, stepped at a fixed period.
///
/// Until `tau` seconds of input have been seen it outputs the running mean, then starts from that mean as a
/// steady state, so the first reading alone never dominates (as described for VQF, Laidig & Seel 2023).
struct SecondOrderLowPass: Sendable {
    /// Feed-forward coefficients.
    private let b0: Double, b1: Double, b2: Double
    /// Feedback coefficients (a0 is 1).
    private let a1: Double, a2: Double
    /// Samples needed before the filter switches from averaging to filtering.
    private let warmUpCount: Int
    /// Direct-form-II-transposed state.
    private var s0 = 0.0, s1 = 0.0
    /// Samples averaged so far during warm-up.
    private var count = 0
    /// Running sum during warm-up.
    private var sum = 0.0
    /// The last output.
    private(set) var value = 0.0

    /// A filter with time constant `tau` seconds (corner `sqrt(2) / (2 pi tau)` Hz) stepped every `period` s.
    init(tau: Double, period: Double) {
        let corner = 2.squareRoot() / (2 * Double.pi * tau)
        let c = tan(Double.pi * corner * period)
        let d = c * c + 2.squareRoot() * c + 1
        b0 = c * c / d
        b1 = 2 * b0
        b2 = b0
        a1 = 2 * (c * c - 1) / d
        a2 = (1 - 2.squareRoot() * c + c * c) / d
        warmUpCount = max(1, Int((tau / period).rounded(.up)))
    }

    /// Puts the filter in the steady state of a constant input `x`, past its warm-up.
    mutating func reset(steadyAt x: Double) {
        count = warmUpCount
        value = x
        s0 = x * (1 - b0)
        s1 = x * (b2 - a2)
    }

    /// Feeds one input and returns the new output.
    @inline(__always)
    mutating func step(_ x: Double) -> Double {
        if count < warmUpCount {
            count += 1
            sum += x
            value = sum / Double(count)
            if count == warmUpCount { reset(steadyAt: value) }
            return value
        }
        let y = b0 * x + s0
        s0 = b1 * x - a1 * y + s1
        s1 = b2 * x - a2 * y
        value = y
        return y
    }
}
