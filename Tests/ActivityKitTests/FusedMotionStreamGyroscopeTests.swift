import ActivityKit
import DeviceMotionKit
import MotionSamples
import Synchronization
import Testing

/// A live split IMU whose gyroscope leaves alone (unplugged or unbound) keeps giving device motion from its
/// accelerometer, as imu-classify --live reads it, instead of waiting for rotation rates that never come.
@Suite struct FusedMotionStreamGyroscopeTests {
    /// 100 Hz readings lying face up, in batches of 10: both sensors for the first `gyroscopeBatches` batches, then
    /// the accelerometer alone.
    struct GyroscopeLeavesSource: MotionSource {
        let name = "split"
        let hasGyroscope = true
        let nominalRate: Double? = 100
        let gyroscopeBatches: Int
        let batches: Int

        func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
            let (gyroscopeBatches, batches) = (gyroscopeBatches, batches)
            return AsyncThrowingStream { continuation in
                for batch in 0..<batches {
                    continuation.yield(
                        (0..<10).flatMap { index in
                            let timestamp = Double(batch * 10 + index) / 100
                            let acceleration = SensorSample(sensor: .accelerometer, timestamp: timestamp, value: Vector3(x: 0, y: 0, z: -1))
                            guard batch < gyroscopeBatches else { return [acceleration] }
                            return [acceleration, SensorSample(sensor: .gyroscope, timestamp: timestamp, value: .zero)]
                        })
                }
                continuation.finish()
            }
        }
    }

    /// What the live source reports: the gyroscope present for the first `gyroscopeBatches` times it is asked (once
    /// per batch, in order), then gone.
    final class Presence: Sendable {
        let asked = Mutex(0)
        let gyroscopeBatches: Int

        init(gyroscopeBatches: Int) { self.gyroscopeBatches = gyroscopeBatches }

        func isPresent() -> Bool {
            asked.withLock { count in
                count += 1
                return count <= gyroscopeBatches
            }
        }
    }

    private func motions(presence: Presence?) async throws -> [DeviceMotion] {
        let source = GyroscopeLeavesSource(gyroscopeBatches: 40, batches: 80)
        var presenceReport: (@Sendable () -> Bool)? = nil
        if let presence { presenceReport = { presence.isPresent() } }
        let stream = FusedMotionStream(source: source, rate: 25, hasGyroscope: true, gyroscopePresence: presenceReport)
        var motions: [DeviceMotion] = []
        for try await motion in stream.motions() { motions.append(motion) }
        return motions
    }

    @Test func theAccelerometerGoesOnWhenTheGyroscopeLeaves() async throws {
        let motions = try await motions(presence: Presence(gyroscopeBatches: 40))
        let afterwards = motions.filter { $0.timestamp > 4.5 }
        // 3.5 s more at 25 Hz, less the end of the new pipeline's start-up and the resampler's latency.
        #expect(afterwards.count >= 70, "\(afterwards.count) device motions after the gyroscope left")
        #expect((motions.last?.timestamp ?? 0) > 7.5)
        for motion in afterwards {
            #expect(motion.rotationRate == .zero)
            #expect(abs(motion.gravity.z + 1) < 1e-6, "gravity \(motion.gravity) at \(motion.timestamp)")
        }
        #expect(zip(motions, motions.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }

    @Test func withoutPresenceReportsTheStreamWaitsForTheGyroscope() async throws {
        let motions = try await motions(presence: nil)
        #expect((motions.last?.timestamp ?? 0) < 4.5, "the pipeline fused past the gyroscope's last reading")
    }
}
