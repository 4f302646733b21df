import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

/// Samples fed as a file gives them (``DeviceMotionPipeline/append(samples:into:)``) pass the same checks as live
/// readings: repeated, backward and non-finite rows are dropped and counted, never integrated twice.
@Suite struct SampleInputRepairTests {
    /// Face up, turning at 1 rad/s about z for 3 s at 100 Hz.
    static let turning = MotionTraces.turning(
        from: .identity, rotationRate: Vector3(x: 0, y: 0, z: 1), rate: 100, duration: 3
    ).samples

    /// The last output's yaw minus the true yaw at its timestamp (1 rad/s from 0).
    static func yawError(_ motions: [DeviceMotion]) throws -> Double {
        let last = try #require(motions.last)
        return remainder(last.attitude.yaw - last.timestamp, 2 * .pi)
    }

    @Test func duplicatedRowsAreDroppedNotIntegratedAgain() throws {
        // Every tenth row repeated, as a logger that writes a row twice does.
        let samples = Self.turning.enumerated().flatMap { index, sample in index % 10 == 5 ? [sample, sample] : [sample] }
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: samples, into: &motions)
        pipeline.finish(into: &motions)
        #expect(pipeline.inputStatistics.duplicates == 2 * 30)  // an accelerometer and a gyroscope reading per row
        #expect(abs(try #require(pipeline.inputRate) - 100) < 1e-6)
        #expect(abs(try Self.yawError(motions)) < 0.01)
        #expect(try #require(motions.last).timestamp > 2.95)
    }

    @Test func backwardAndNonFiniteRowsAreDroppedAndCounted() throws {
        var samples = Self.turning
        samples.insert(
            IMUSample(
                timestamp: samples[99].timestamp - 0.005, acceleration: samples[99].acceleration,
                rotationRate: samples[99].rotationRate), at: 100)
        samples[200].acceleration.x = .nan
        samples[250].rotationRate = Vector3(x: 0, y: .infinity, z: 1)
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: samples, into: &motions)
        pipeline.finish(into: &motions)
        let statistics = pipeline.inputStatistics
        #expect(statistics.backwards == 2)
        #expect(statistics.invalid == 2)
        #expect(motions.allSatisfy { $0.gravity.x.isFinite && $0.userAcceleration.norm < 0.01 })
        #expect(abs(try Self.yawError(motions)) < 0.01)
    }
}
