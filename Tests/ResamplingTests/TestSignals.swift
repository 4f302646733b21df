import Resampling

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small deterministic random number generator (SplitMix64), so that jittered inputs are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    /// The generator's state.
    var state: UInt64

    /// Returns the next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Output of a resampler run: grid times and one row of values per time.
struct ResampledStream {
    /// Output timestamps, in seconds.
    var timestamps: [Double] = []
    /// Output values, one array of channel values per timestamp.
    var rows: [[Double]] = []

    /// Appends one output.
    mutating func record(_ timestamp: Double, _ values: UnsafeBufferPointer<Double>) {
        timestamps.append(timestamp)
        rows.append(Array(values))
    }

    /// The largest absolute difference between channel `channel` and `expected` over outputs whose time lies
    /// in `range`.
    func maximumError(channel: Int = 0, in range: ClosedRange<Double>, expected: (Double) -> Double) -> Double {
        zip(timestamps, rows)
            .filter { range.contains($0.0) }
            .map { abs($0.1[channel] - expected($0.0)) }
            .max() ?? .infinity
    }

    /// The largest absolute value of channel `channel` over outputs whose time lies in `range`.
    func peak(channel: Int = 0, in range: ClosedRange<Double>) -> Double {
        maximumError(channel: channel, in: range) { _ in 0 }
    }
}

/// Evenly spaced timestamps at `rate` Hz from `start` for `duration` seconds, optionally jittered by up to
/// `jitter` periods either way.
func timestamps(rate: Double, start: Double = 0, duration: Double, jitter: Double = 0, seed: UInt64 = 1) -> [Double] {
    var generator = SeededGenerator(state: seed)
    let count = Int(duration * rate)
    return (0..<count).map { index in
        let offset = jitter > 0 ? Double.random(in: -jitter...jitter, using: &generator) : 0
        return start + (Double(index) + offset) / rate
    }
}

/// A sine of `frequency` Hz and `amplitude`, with `phase` radians at t = 0.
func sine(frequency: Double, amplitude: Double = 1, phase: Double = 0) -> (Double) -> Double {
    { time in amplitude * sin(2 * Double.pi * frequency * time + phase) }
}

/// Feeds `times` through `resampler`, with channel `c` of each reading computed by `signals[c]`, then finishes.
func run(
    _ resampler: inout FixedRateResampler, times: [Double], signals: [(Double) -> Double], finish: Bool = true
) throws -> ResampledStream {
    var output = ResampledStream()
    for time in times {
        try resampler.append(timestamp: time, values: signals.map { $0(time) }) { output.record($0, $1) }
    }
    if finish { resampler.finish { output.record($0, $1) } }
    return output
}
