import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

/// Readings stamped as they were handed over rather than as they were taken come in bursts a few microseconds apart
/// (a test feeder catching up on a loaded machine, a HID hub without timestamps that batches its reports): the sensor
/// rate is measured between the bursts, not from the median step inside them.
@Suite struct BurstTimestampTests {
    /// Face up, turning at 1 rad/s about z for 3 s at 100 Hz.
    static let turning = MotionTraces.turning(
        from: .identity, rotationRate: Vector3(x: 0, y: 0, z: 1), rate: 100, duration: 3
    ).samples

    /// `turning` with its first `count` readings handed over together, `spacing` apart, when the last of them was taken.
    static func caughtUp(_ count: Int, spacing: Double) -> [IMUSample] {
        var samples = turning
        for index in 0..<count { samples[index].timestamp = turning[count - 1].timestamp - Double(count - 1 - index) * spacing }
        return samples
    }

    @Test(arguments: [(12, 2e-6), (12, 250e-6), (40, 2e-6)])
    func aCatchUpBurstAtTheStartLeavesTheRateTheSensors(count: Int, spacing: Double) throws {
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: Self.caughtUp(count, spacing: spacing), into: &motions)
        pipeline.finish(into: &motions)
        #expect(pipeline.rateFailure == nil)
        #expect(abs(try #require(pipeline.inputRate) - 100) < 1e-6)
        // Every grid time from the burst to the last reading has its estimate, and the turn after the burst is
        // integrated at its rate (a burst of 250 µs steps is no burst to the filter: its turn is lost with its
        // timestamps; one of microseconds is integrated ahead of them and caught up before 1 s).
        let times = motions.map { Int(($0.timestamp * 25).rounded()) }
        #expect(times == Array(Int((Self.turning[count - 1].timestamp * 25).rounded(.up))...75))
        let second = try #require(motions.first { abs($0.timestamp - 1) < 1e-9 })
        let last = try #require(motions.last)
        let turned = remainder(last.attitude.yaw - second.attitude.yaw, 2 * .pi)
        #expect(abs(turned - remainder(last.timestamp - 1, 2 * .pi)) < 0.01, "turned \(turned) rad in 2 s at 1 rad/s")
    }

    /// A catch-up burst long enough to fill the first 16 readings at a steady spacing looks like a 4 kHz sensor; where
    /// the source names its nominal rate, the rate is measured again over the first 128 readings, and is the sensor's.
    @Test func aLongCatchUpBurstIsToldFromAFasterSensorByTheNominalRate() throws {
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true, inputRate: 100)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: Self.caughtUp(40, spacing: 250e-6), into: &motions)
        pipeline.finish(into: &motions)
        #expect(pipeline.rateFailure == nil)
        #expect(abs(try #require(pipeline.inputRate) - 100) < 1e-6)
        let second = try #require(motions.first { abs($0.timestamp - 1) < 1e-9 })
        let last = try #require(motions.last)
        let turned = remainder(last.attitude.yaw - second.attitude.yaw, 2 * .pi)
        #expect(abs(turned - remainder(last.timestamp - 1, 2 * .pi)) < 0.01, "turned \(turned) rad in 2 s at 1 rad/s")
    }

    /// A sensor that really runs faster than its nominal rate (a split IMU's faster half) keeps its measured rate, and
    /// its outputs are those of a pipeline given no nominal rate (to the last bits of the median step, taken over 128
    /// readings instead of 16).
    @Test func aSensorFasterThanItsNominalRateKeepsItsRate() throws {
        var outputs: [[DeviceMotion]] = []
        for nominal: Double? in [25, nil] {
            var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true, inputRate: nominal)
            var motions: [DeviceMotion] = []
            pipeline.append(samples: Self.turning, into: &motions)
            pipeline.finish(into: &motions)
            #expect(abs(try #require(pipeline.inputRate) - 100) < 1e-9)
            outputs.append(motions)
        }
        #expect(outputs[0].map(\.timestamp) == outputs[1].map(\.timestamp))
        let apart = zip(outputs[0], outputs[1]).map { 1 - abs($0.attitude.quaternion.dot($1.attitude.quaternion)) }.max() ?? 1
        #expect(!outputs[0].isEmpty && apart < 1e-12)
        let fieldsApart =
            zip(outputs[0], outputs[1]).map {
                max(
                    ($0.gravity - $1.gravity).norm, ($0.userAcceleration - $1.userAcceleration).norm,
                    ($0.rotationRate - $1.rotationRate).norm)
            }.max() ?? 1
        #expect(fieldsApart < 1e-9)
    }

    /// Bursts of `size` readings every `size` periods (a HID hub that batches a refill's reports without timestamps) at
    /// `rate` Hz: the rate is the sensor's, and the turn of every reading is integrated once.
    @Test(arguments: [(4, 100.0), (16, 400.0)])
    func burstsOfAHub(size: Int, rate: Double) throws {
        let turning = MotionTraces.turning(from: .identity, rotationRate: Vector3(x: 0, y: 0, z: 1), rate: rate, duration: 3).samples
        // Each reading stamped when its burst was handed over (its last reading's time), 1 µs apart.
        let samples = turning.indices.dropLast(turning.count % size).map { index in
            var stamped = turning[index]
            stamped.timestamp = turning[index / size * size + size - 1].timestamp + Double(index % size - size + 1) * 1e-6
            return stamped
        }
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: samples, into: &motions)
        pipeline.finish(into: &motions)
        #expect(pipeline.rateFailure == nil)
        #expect(abs(try #require(pipeline.inputRate) - rate) < 1e-6)
        // From 1 s to the end at 1 rad/s, within the turn of one burst (the attitude of a burst's readings is
        // integrated ahead of their common timestamp).
        let second = try #require(motions.first { abs($0.timestamp - 1) < 1e-9 })
        let last = try #require(motions.last)
        let turned = remainder(last.attitude.yaw - second.attitude.yaw, 2 * .pi)
        #expect(abs(turned - (last.timestamp - 1)) < Double(size) / rate, "turned \(turned) rad in \(last.timestamp - 1) s at 1 rad/s")
    }
}
