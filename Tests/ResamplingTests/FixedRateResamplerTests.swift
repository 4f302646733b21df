import Resampling
import Testing

@Suite("FixedRateResampler: band-limited resampling onto a fixed grid")
struct FixedRateResamplerTests {
    @Test(
        "A sine below the output Nyquist keeps its amplitude and phase",
        arguments: [
            (inputRate: 285.714, outputRate: 25.0, frequency: 2.0),
            (inputRate: 833.0, outputRate: 100.0, frequency: 5.0),
            (inputRate: 50.0, outputRate: 25.0, frequency: 1.0),
            (inputRate: 104.0, outputRate: 10.0, frequency: 0.5),
            (inputRate: 25.0, outputRate: 100.0, frequency: 2.0),
        ])
    func sineKeepsAmplitudeAndPhase(inputRate: Double, outputRate: Double, frequency: Double) throws {
        var resampler = try FixedRateResampler(outputRate: outputRate, channelCount: 1)
        let signal = sine(frequency: frequency, amplitude: 2, phase: 0.3)
        let output = try run(&resampler, times: timestamps(rate: inputRate, duration: 6), signals: [signal])
        let latency = try #require(resampler.latency)
        let error = output.maximumError(in: latency...(6 - latency - 0.1), expected: signal)
        #expect(error <= 0.01 * 2, "error \(error) exceeds 1 % of the amplitude")
        #expect(abs(try #require(resampler.inputRate) - inputRate) < 0.01 * inputRate)
    }

    @Test("A 40 Hz vibration does not alias into a 25 Hz output", arguments: [285.714, 833.0])
    func vibrationIsRemoved(inputRate: Double) throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let output = try run(
            &resampler, times: timestamps(rate: inputRate, duration: 5), signals: [sine(frequency: 40)])
        let latency = try #require(resampler.latency)
        let peak = output.peak(in: latency...(5 - latency - 0.1))
        #expect(peak < 1e-5, "40 Hz leaks with amplitude \(peak), less than 100 dB attenuation")
        #expect(output.timestamps.count > 80)
    }

    @Test(
        "Content between the 25 Hz output's Nyquist (12.5 Hz) and 40 Hz is attenuated by more than 60 dB",
        arguments: [12.5, 13.0, 15.0, 20.0, 25.0, 30.0, 35.0, 40.0])
    func stopBandIsAttenuated(frequency: Double) throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let output = try run(
            &resampler, times: timestamps(rate: 285.714, duration: 5), signals: [sine(frequency: frequency, phase: 0.4)])
        let latency = try #require(resampler.latency)
        let peak = output.peak(in: latency...(5 - latency - 0.1))
        #expect(peak < 1e-3, "\(frequency) Hz leaks with amplitude \(peak)")
    }

    @Test("With 20 % timestamp jitter a 40 Hz vibration is still attenuated by 40 dB", arguments: [285.714, 833.0])
    func vibrationIsRemovedDespiteJitter(inputRate: Double) throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let times = timestamps(rate: inputRate, duration: 5, jitter: 0.2, seed: 11)
        let output = try run(&resampler, times: times, signals: [sine(frequency: 40)])
        let latency = try #require(resampler.latency)
        let peak = output.peak(in: latency...(5 - latency - 0.1))
        #expect(peak < 0.01, "40 Hz leaks with amplitude \(peak), less than 40 dB attenuation")
    }

    @Test("Jittered input timestamps still give the true sine at the grid times")
    func jitteredInput() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let signal = sine(frequency: 1.5, phase: 1)
        let times = timestamps(rate: 200, duration: 6, jitter: 0.3, seed: 7)
        let output = try run(&resampler, times: times, signals: [signal])
        let latency = try #require(resampler.latency)
        #expect(output.maximumError(in: latency...(6 - latency - 0.1), expected: signal) < 0.01)
    }

    @Test("Output times are multiples of 1/rate, so two streams at the same rate line up")
    func gridAlignment() throws {
        var first = try FixedRateResampler(outputRate: 50, channelCount: 1)
        var second = try FixedRateResampler(outputRate: 50, channelCount: 1)
        let a = try run(&first, times: timestamps(rate: 104, start: 10.0031, duration: 2), signals: [{ _ in 1 }])
        let b = try run(&second, times: timestamps(rate: 833, start: 10.0172, duration: 2), signals: [{ _ in 1 }])
        for time in a.timestamps + b.timestamps {
            let index = (time * 50).rounded()
            #expect(time == index / 50)
        }
        #expect(a.timestamps.first == 10.02)
        #expect(b.timestamps.first == 10.02)
        #expect(Set(a.timestamps).intersection(b.timestamps).count > 90)
    }

    @Test("Many channels are resampled independently")
    func multichannel() throws {
        let signals = (0..<13).map { sine(frequency: 0.5 + Double($0) * 0.4, amplitude: Double($0 + 1)) }
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 13)
        let output = try run(&resampler, times: timestamps(rate: 285.714, duration: 4), signals: signals)
        let latency = try #require(resampler.latency)
        for (channel, signal) in signals.enumerated() {
            let error = output.maximumError(channel: channel, in: latency...(4 - latency - 0.1), expected: signal)
            #expect(error < 0.01 * Double(channel + 1), "channel \(channel)")
        }
    }

    @Test("Each channel comes out exactly as it would alone, whatever the channel count", arguments: 1...13)
    func channelsAreIndependent(channelCount: Int) throws {
        // Jittered 833 Hz input with a 0.5 s pause in the middle (two segments, so both edges of each are
        // flushed): channels are summed in blocks of six, three and one, and every block must give each channel
        // the very sums a one-channel resampler takes, in the same order, so the values are equal, not close.
        let signals = (0..<channelCount).map { sine(frequency: 0.3 + Double($0) * 0.7, amplitude: Double($0 + 1)) }
        let times =
            timestamps(rate: 833, duration: 3, jitter: 0.2, seed: 5)
            + timestamps(rate: 833, start: 3.5, duration: 3, jitter: 0.2, seed: 6)
        var together = try FixedRateResampler(outputRate: 25, channelCount: channelCount)
        let joint = try run(&together, times: times, signals: signals)
        #expect(joint.timestamps.count > 140)
        for (channel, signal) in signals.enumerated() {
            var alone = try FixedRateResampler(outputRate: 25, channelCount: 1)
            let single = try run(&alone, times: times, signals: [signal])
            #expect(single.timestamps == joint.timestamps)
            #expect(single.rows.map { $0[0] } == joint.rows.map { $0[channel] }, "channel \(channel) of \(channelCount)")
        }
    }

    @Test("finish() flushes the tail up to the last reading with a shortened kernel")
    func finishFlushes() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 2)
        let times = timestamps(rate: 100, duration: 2)
        let output = try run(&resampler, times: times, signals: [{ _ in 3 }, { 0.5 * $0 }], finish: false)
        let before = output.timestamps.count
        var flushed = ResampledStream()
        resampler.finish { flushed.record($0, $1) }
        #expect(before + flushed.timestamps.count == 50)
        #expect(flushed.timestamps.last == 1.96)
        for row in flushed.rows { #expect(abs(row[0] - 3) < 1e-12) }
        #expect(resampler.statistics.outputCount == 50)
        #expect(resampler.statistics.inputCount == 200)
    }

    @Test(
        "Every grid time up to a segment's last reading has its output, even with readings sparser than the rate said",
        arguments: [0.0045, 0.0049])
    func everyGridTimeOfASegmentIsEmitted(lastReadingAfterGridTime: Double) throws {
        // A rate measured from a burst of readings (4 kHz) where they come every 10 ms: the kernel may shrink to 4 ms
        // at a segment's edge, and the segment's last reading lies 4.5-4.9 ms after a grid time, the one before it
        // 5.1-5.5 ms before: neither within the shrunk kernel's reach.
        var resampler = try FixedRateResampler(
            outputRate: 25, channelCount: 1, configuration: ResamplerConfiguration(inputRate: 4000))
        let last = 1 + lastReadingAfterGridTime
        let times = (0..<100).map { last - Double(99 - $0) * 0.01 } + [1.5, 1.51, 1.52]
        let output = try run(&resampler, times: times, signals: [{ _ in 3 }])
        #expect(Array(output.timestamps.prefix(25)) == (1...25).map { Double($0) / 25 })
        for row in output.rows { #expect(abs(row[0] - 3) < 1e-12) }
    }

    @Test("A linear ramp is reproduced exactly away from the edges, and output spans the whole stream")
    func constantAndRampAreExact() throws {
        var resampler = try FixedRateResampler(outputRate: 10, channelCount: 1)
        let output = try run(&resampler, times: timestamps(rate: 100, duration: 6), signals: [{ 2 * $0 + 1 }])
        let latency = try #require(resampler.latency)
        #expect(output.maximumError(in: latency...(6 - latency), expected: { 2 * $0 + 1 }) < 1e-6)
        #expect(output.timestamps.first == 0)
        #expect(output.timestamps.last == 5.9)
    }

    @Test("A short stream of fewer readings than the rate estimate needs is still resampled on finish()")
    func shortStream() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let output = try run(&resampler, times: [0, 0.01, 0.02, 0.03, 0.04], signals: [{ _ in 7 }])
        #expect(output.timestamps == [0, 0.04])
        #expect(output.rows.allSatisfy { abs($0[0] - 7) < 1e-12 })
        #expect(resampler.inputRate == 100)
    }

    @Test("The values can come as an unsafe buffer, without any array per reading")
    func bufferPointerInput() throws {
        var resampler = try FixedRateResampler(
            outputRate: 25, channelCount: 3, configuration: .init(inputRate: 100))
        var output = ResampledStream()
        var reading = [0.0, 0.0, 0.0]
        for time in timestamps(rate: 100, duration: 2) {
            reading[0] = 1
            reading[1] = -1
            reading[2] = time
            try reading.withUnsafeBufferPointer { values in
                try resampler.append(timestamp: time, values: values) { output.record($0, $1) }
            }
        }
        resampler.finish { output.record($0, $1) }
        #expect(output.timestamps.count == 50)
        #expect(output.rows.allSatisfy { abs($0[0] - 1) < 1e-12 && abs($0[1] + 1) < 1e-12 })
    }

    @Test("By default the kernel shrinks at the edges, so a slow sine stays accurate up to the first and last output")
    func shrinkingEdges() throws {
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 1)
        let signal = sine(frequency: 2, phase: 0.4)
        let output = try run(&resampler, times: timestamps(rate: 285.714, duration: 3), signals: [signal])
        #expect(output.timestamps.first == 0)
        #expect(output.timestamps.last == 2.96)
        #expect(output.maximumError(in: 0...3, expected: signal) < 0.01)
    }

    @Test("With truncated edges a 40 Hz vibration stays attenuated even at the first and last output")
    func truncatedEdges() throws {
        var resampler = try FixedRateResampler(
            outputRate: 25, channelCount: 1, configuration: .init(edgeHandling: .truncateKernel))
        let output = try run(&resampler, times: timestamps(rate: 285.714, duration: 3), signals: [sine(frequency: 40)])
        #expect(output.timestamps.count == 75)
        #expect(output.peak(in: 0...3) < 0.2)
    }

    @Test("Invalid configurations and readings are rejected with errors that say what to do")
    func invalidInput() throws {
        #expect(throws: ResamplingError.invalidOutputRate(0)) {
            try FixedRateResampler(outputRate: 0, channelCount: 1)
        }
        #expect(throws: ResamplingError.invalidChannelCount(0)) {
            try FixedRateResampler(outputRate: 25, channelCount: 0)
        }
        #expect(throws: ResamplingError.self) {
            try FixedRateResampler(outputRate: 25, channelCount: 1, configuration: .init(cutoffFraction: 1.5))
        }
        var resampler = try FixedRateResampler(outputRate: 25, channelCount: 3)
        let error = #expect(throws: ResamplingError.self) {
            try resampler.append(timestamp: 0, values: [1.0, 2.0]) { _, _ in }
        }
        #expect(error == .channelCountMismatch(expected: 3, received: 2))
        #expect(error?.description.contains("pass exactly 3 values per reading") == true)
    }
}
