import PropertyBased
import Resampling
import Testing

/// Properties of `FixedRateResampler` over generated streams: any input rate, output rate, length, start time, jitter
/// and gaps. Every output lies on the output grid, in increasing order, inside a stretch of input, and each stretch
/// between gaps yields exactly its grid points.
@Suite("FixedRateResampler properties")
struct FixedRateResamplerProperties {
    /// One generated stream: readings at `inputRate` with jitter, split by gaps.
    struct Stream: Sendable, CustomStringConvertible {
        var inputRate: Double
        var outputRate: Double
        var start: Double
        /// Reading counts of the stretches between gaps.
        var stretches: [Int]
        /// Gap lengths in seconds, one after each stretch but the last.
        var gaps: [Double]
        /// Jitter of each reading as a fraction of the input period (at most ±0.2).
        var jitter: [Double]

        /// The readings' timestamps and each stretch's first and last timestamp.
        var timestamps: (all: [Double], stretches: [ClosedRange<Double>]) {
            var all: [Double] = []
            var ranges: [ClosedRange<Double>] = []
            var time = start
            for (index, count) in stretches.enumerated() {
                let first = time
                for _ in 0..<count {
                    all.append(time + jitter[all.count % jitter.count] / inputRate)
                    time += 1 / inputRate
                }
                ranges.append(all[all.count - count]...all[all.count - 1])
                _ = first
                if index < gaps.count { time += gaps[index] }
            }
            return (all, ranges)
        }

        var description: String {
            "input \(inputRate) Hz, output \(outputRate) Hz, start \(start) s, stretches \(stretches), gaps \(gaps) s"
        }
    }

    static let streams = zip(
        Gen.double(in: 10...2000), Gen.double(in: 1...200), Gen.double(in: 0...10_000),
        Gen.int(in: 1...300).array(of: 1...4), Gen.double(in: 0.5...5).array(of: 3), Gen.double(in: -0.2...0.2).array(of: 1...16)
    ).map { inputRate, outputRate, start, stretches, gaps, jitter in
        Stream(
            inputRate: inputRate, outputRate: outputRate, start: start, stretches: stretches, gaps: Array(gaps.prefix(stretches.count - 1)),
            jitter: jitter)
    }

    @Test("Outputs lie on the grid, increase, stay inside the input's stretches, and fill each stretch's grid points")
    func outputCountAndTimestamps() async throws {
        await propertyCheck(count: 200, input: Self.streams) { stream in
            let (timestamps, stretches) = stream.timestamps
            var resampler = try FixedRateResampler(
                outputRate: stream.outputRate, channelCount: 2, configuration: ResamplerConfiguration(inputRate: stream.inputRate))
            var outputs: [(time: Double, values: [Double])] = []
            for (index, time) in timestamps.enumerated() {
                try resampler.append(timestamp: time, values: [1.5, Double(index % 2)]) { outputs.append(($0, Array($1))) }
            }
            resampler.finish { outputs.append(($0, Array($1))) }

            let rate = stream.outputRate
            // The first grid point of a stretch is at or after its first reading, a point within float noise before
            // it (1e-9 of the grid position, as the resampler rounds) included; the last at or before its last one.
            func firstIndex(atOrAfter time: Double) -> Int {
                let position = time * rate
                let nearest = position.rounded()
                return Int(abs(position - nearest) <= 1e-9 * max(1, abs(position)) ? nearest : position.rounded(.up))
            }
            let expected = stretches.reduce(0) { count, stretch in
                count + max(0, Int((stretch.upperBound * rate).rounded(.down)) - firstIndex(atOrAfter: stretch.lowerBound) + 1)
            }
            #expect(outputs.count == expected, "\(stream)")
            #expect(resampler.statistics.outputCount == outputs.count)
            #expect(resampler.statistics.gaps == stretches.count - 1)
            #expect(zip(outputs, outputs.dropFirst()).allSatisfy { $0.time < $1.time })
            for output in outputs {
                #expect(output.time == (output.time * rate).rounded() / rate, "\(output.time) s is not on the \(rate) Hz grid")
                #expect(
                    stretches.contains {
                        firstIndex(atOrAfter: $0.lowerBound) <= Int((output.time * rate).rounded()) && output.time <= $0.upperBound
                    })
                // A constant channel stays constant through the normalised kernel; an alternating one stays within its range.
                #expect(abs(output.values[0] - 1.5) < 1e-9)
                #expect(output.values[1] > -0.25 && output.values[1] < 1.25)
            }
        }
    }
}
