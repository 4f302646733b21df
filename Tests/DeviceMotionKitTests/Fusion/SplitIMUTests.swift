import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

/// A split IMU as the live path sees it: an 833 Hz gyroscope and a 104 Hz accelerometer on their own
/// timestamps, and a nominal rate that names the accelerometer's (as `IIOMotionSource` reports it).
@Suite struct SplitIMUTests {
    /// A device tilting back and forth about x (±30° at 0.4 Hz) and turning about z (0.5 rad/s), for `duration`
    /// seconds; the accelerometer sees only gravity.
    struct Trace: MotionSource {
        let name = "split IMU"
        let hasGyroscope = true
        /// The wrong nominal rate: the accelerometer's, not the gyroscope timeline the aligner runs on.
        let nominalRate: Double? = 104
        let duration: Double

        /// The true orientation at `time`.
        static func orientation(at time: Double) -> Quaternion {
            Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: 0.5 * time)
                * Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: tilt(at: time))
        }

        /// The tilt about x at `time`, in radians.
        static func tilt(at time: Double) -> Double { (30 * .pi / 180) * sin(2 * .pi * 0.4 * time) }

        /// The device-frame rotation rate at `time`: the tilt rate about x plus the turn about the vertical.
        static func rotationRate(at time: Double) -> Vector3 {
            let tiltRate = (30 * .pi / 180) * 2 * .pi * 0.4 * cos(2 * .pi * 0.4 * time)
            let vertical = Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: tilt(at: time))
                .inverseRotate(Vector3(x: 0, y: 0, z: 0.5))
            return Vector3(x: tiltRate, y: 0, z: 0) + vertical
        }

        /// Readings in batches of 0.1 s, both sensors starting slightly apart.
        var batches: [[SensorSample]] {
            let gyroscope = stride(from: 0.0003, to: duration, by: 1 / 833.0).map {
                SensorSample(sensor: .gyroscope, timestamp: $0, value: Self.rotationRate(at: $0))
            }
            let accelerometer = stride(from: 0.0, to: duration, by: 1 / 104.0).map {
                SensorSample(sensor: .accelerometer, timestamp: $0, value: MotionTraces.gravity(for: Self.orientation(at: $0)))
            }
            let all = (gyroscope + accelerometer).sorted { $0.timestamp < $1.timestamp }
            return stride(from: 0.0, to: duration, by: 0.1).map { start in
                all.filter { $0.timestamp >= start && $0.timestamp < start + 0.1 }
            }
        }

        func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
            let batches = batches
            return AsyncThrowingStream { continuation in
                for batch in batches { continuation.yield(batch) }
                continuation.finish()
            }
        }
    }

    /// Checks that every output after the first second carries the true gravity of its own timestamp, and a
    /// user acceleration consistent with it (the accelerometer saw gravity only).
    static func expectConsistent(_ motions: [DeviceMotion], duration: Double) {
        #expect(motions.count >= Int(duration * 25) - 2)
        var worstGravity = 0.0
        var worstUser = 0.0
        for motion in motions where motion.timestamp >= 1 && motion.timestamp <= duration - 1 {
            let truth = MotionTraces.gravity(for: Trace.orientation(at: motion.timestamp))
            worstGravity = max(worstGravity, MotionTraces.degrees(between: motion.gravity, truth))
            worstUser = max(worstUser, motion.userAcceleration.norm)
        }
        // The gyroscope integrates the truth exactly up to the 104 Hz accelerometer's interpolation error.
        #expect(worstGravity < 0.5, "gravity off by \(worstGravity)°")
        #expect(worstUser < 0.01, "user acceleration \(worstUser) g where there is none")
    }

    @Test func pipelineMeasuresTheGyroscopeTimelineRate() throws {
        let trace = Trace(duration: 8)
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true, inputRate: trace.nominalRate)
        var motions: [DeviceMotion] = []
        for batch in trace.batches { pipeline.append(batch, into: &motions) }
        pipeline.finish(into: &motions)
        #expect(abs(try #require(pipeline.inputRate) - 833) < 1)
        Self.expectConsistent(motions, duration: trace.duration)
    }

    @Test func motionManagerOnASplitIMUWithAWrongNominalRate() async throws {
        let trace = Trace(duration: 8)
        let manager = MotionManager(source: trace)
        var motions: [DeviceMotion] = []
        for try await motion in manager.deviceMotionUpdates(bufferingPolicy: .unbounded) { motions.append(motion) }
        Self.expectConsistent(motions, duration: trace.duration)
    }
}
