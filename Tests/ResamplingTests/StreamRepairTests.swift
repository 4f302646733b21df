import Resampling
import Testing

@Suite("FixedRateResampler: gaps, duplicates, backward timestamps and clock jumps")
struct StreamRepairTests {
    @Test("A gap is not filled, is reported, and output resumes on the grid after it")
    func gapIsReported() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let times = timestamps(rate: 100, duration: 3) + timestamps(rate: 100, start: 3.42, duration: 2)
        let output = try run(&resampler, times: times, signals: [{ _ in 1 }])
        #expect(resampler.statistics.gaps == 1)
        let events = resampler.drainEvents()
        #expect(events == [.gap(start: 2.99, end: 3.42, skippedOutputs: 11)])
        #expect(events.first?.description == "gap of 0.430 s at t=2.990 (11 outputs skipped)")
        #expect(resampler.drainEvents().isEmpty)
        #expect(!output.timestamps.contains { $0 > 2.99 && $0 < 3.42 })
        #expect(output.timestamps.contains(2.96))
        #expect(output.timestamps.contains(3.44))
        #expect(output.timestamps.count == 75 + 50)
        #expect(output.rows.allSatisfy { abs($0[0] - 1) < 1e-12 })
    }

    @Test("A missing reading or two is bridged, not treated as a gap")
    func shortDropoutIsBridged() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let signal = sine(frequency: 1)
        let times = timestamps(rate: 200, duration: 4).enumerated().filter { $0.offset % 97 != 0 }.map(\.element)
        let output = try run(&resampler, times: times, signals: [signal])
        #expect(resampler.statistics.gaps == 0)
        #expect(output.maximumError(in: 0.7...3.2, expected: signal) < 0.001)
    }

    @Test("Duplicate and slightly backward timestamps are dropped and counted")
    func duplicatesAndBackwards() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        var times = timestamps(rate: 100, duration: 2)
        times.insert(times[50], at: 51)
        times.insert(times[60], at: 61)
        times.insert(times[70] - 0.5, at: 71)
        let output = try run(&resampler, times: times, signals: [{ 3 * $0 }])
        #expect(resampler.statistics.duplicates == 2)
        #expect(resampler.statistics.backwards == 1)
        #expect(resampler.statistics.inputCount == 203)
        #expect(output.timestamps.count == 50)
        #expect(output.maximumError(in: 0.7...1.3, expected: { 3 * $0 }) < 1e-6)
    }

    @Test("A backward clock jump restarts the stream and is reported; nothing crashes")
    func backwardClockJump() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let times = timestamps(rate: 100, start: 100, duration: 2) + timestamps(rate: 100, start: 5, duration: 2)
        let output = try run(&resampler, times: times, signals: [{ _ in 2 }])
        #expect(resampler.statistics.clockJumps == 1)
        #expect(resampler.statistics.backwards == 0)
        #expect(resampler.drainEvents() == [.clockJump(from: 101.99, to: 5)])
        #expect(output.timestamps.count == 100)
        #expect(output.timestamps.filter { $0 < 10 }.count == 50)
    }

    @Test("A large forward clock jump is reported as a jump, not as a gap")
    func forwardClockJump() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let times = timestamps(rate: 100, duration: 2) + timestamps(rate: 100, start: 3600, duration: 2)
        _ = try run(&resampler, times: times, signals: [{ _ in 2 }])
        #expect(resampler.statistics.clockJumps == 1)
        #expect(resampler.statistics.gaps == 0)
        #expect(resampler.drainEvents().first?.description.hasPrefix("clock jump of 3598.010 s at t=1.990") == true)
    }

    @Test("Readings with NaN or infinite timestamps or values are dropped and counted")
    func nonFiniteReadings() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 2)
        var output = ResampledStream()
        for time in timestamps(rate: 100, duration: 2) {
            try resampler.append(timestamp: time, values: [1, 2]) { output.record($0, $1) }
            if time == 1 {
                try resampler.append(timestamp: .nan, values: [1, 2]) { output.record($0, $1) }
                try resampler.append(timestamp: 1.001, values: [.infinity, 2]) { output.record($0, $1) }
                try resampler.append(timestamp: 1e300, values: [1, 2]) { output.record($0, $1) }
            }
        }
        resampler.finish { output.record($0, $1) }
        #expect(resampler.statistics.invalid == 3)
        #expect(output.timestamps.count == 50)
        #expect(output.rows.allSatisfy { $0 == [1, 2] || (abs($0[0] - 1) < 1e-12 && abs($0[1] - 2) < 1e-12) })
    }

    @Test("Appending after finish() starts a new segment on the same grid")
    func appendAfterFinish() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let first = try run(&resampler, times: timestamps(rate: 100, duration: 1), signals: [{ _ in 1 }])
        let second = try run(
            &resampler, times: timestamps(rate: 100, start: 1.5, duration: 1), signals: [{ _ in 1 }])
        #expect(first.timestamps.last == 0.96)
        #expect(second.timestamps.first == 1.52)
        #expect(resampler.statistics.outputCount == 50)
    }
}
