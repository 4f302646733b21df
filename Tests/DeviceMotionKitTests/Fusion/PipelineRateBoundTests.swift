import DeviceMotionKit
import MotionSamples
import Testing

/// A pipeline never buffers without end while its input gives no measurable rate, whoever feeds it.
@Suite struct PipelineRateBoundTests {
    /// `count` readings face up, 1 µs apart: a rate of 1 MHz, outside ``DeviceMotionPipeline/sensorRateRange``.
    static func microsecondSamples(_ count: Int) -> [IMUSample] {
        (0..<count).map { index in
            IMUSample(
                timestamp: Double(index) * 1e-6, acceleration: Vector3(x: 0, y: 0, z: -1), rotationRate: Vector3(x: 0, y: 0, z: 0))
        }
    }

    @Test func unmeasurableRateDropsWhatItHoldsAndSaysWhy() throws {
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        let samples = Self.microsecondSamples(3 * DeviceMotionPipeline.unmeasuredReadingLimit)
        for start in stride(from: 0, to: samples.count, by: 64) {
            pipeline.append(samples: samples[start..<min(start + 64, samples.count)], into: &motions)
            if start + 64 < DeviceMotionPipeline.unmeasuredReadingLimit { #expect(pipeline.rateFailure == nil) }
        }
        #expect(pipeline.rateFailure == .sensorRateUnmeasurable(allowed: DeviceMotionPipeline.sensorRateRange))
        // Everything held at each limit was dropped and counted: at most one limit's worth is still buffered.
        #expect(pipeline.inputStatistics.invalid >= 2 * DeviceMotionPipeline.unmeasuredReadingLimit)
        pipeline.finish(into: &motions)
        #expect(motions.isEmpty)
        #expect(
            "\(try #require(pipeline.rateFailure))".contains("do not give a sensor rate within 0.1...10000 Hz"))
    }

    @Test func nominalRateIsUsedOnceTheLimitIsReached() throws {
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true, inputRate: 100)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: Self.microsecondSamples(DeviceMotionPipeline.unmeasuredReadingLimit), into: &motions)
        #expect(pipeline.rateFailure == nil)
        #expect(pipeline.inputRate == 100)
        #expect(pipeline.inputStatistics.invalid == 0)
    }

    @Test func aStreamTooShortToMeasureIsAFailureAtTheEnd() throws {
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: Self.microsecondSamples(1), into: &motions)
        #expect(pipeline.rateFailure == nil)
        pipeline.finish(into: &motions)
        #expect(pipeline.rateFailure != nil)
    }
}
