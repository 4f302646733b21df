import DeviceMotionKit
import MotionSamples
import Testing

/// The one update loop on sources that change, fail or give no rate, as the tools read them through
/// `MotionManager.deviceMotionUpdates`.
@Suite struct MotionUpdateLoopSourceTests {
    /// A live source's report that the gyroscope left (or came back).
    struct GyroscopeStatus: MotionSourceStatus {
        let streamsGyroscope: Bool?
        var description: String { "gyroscope \(streamsGyroscope == true ? "back" : "gone")" }
    }

    /// 100 Hz readings lying face up, in batches of 10: both sensors for the first `gyroscopeBatches` batches, then
    /// the accelerometer alone; with `reportsChange`, the source says so between the two, as a live split IMU does
    /// when its gyroscope is unplugged or unbound on its own.
    struct GyroscopeLeavesSource: MotionSource {
        let name = "split"
        let hasGyroscope = true
        let nominalRate: Double? = 100
        let gyroscopeBatches = 40
        let batches = 80
        let reportsChange: Bool

        func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
            let inputs = inputs()
            return AsyncThrowingStream {
                var iterator = inputs.makeAsyncIterator()
                while let input = try await iterator.next() {
                    if case .readings(let batch) = input { return batch }
                }
                return nil
            }
        }

        func inputs() -> AsyncThrowingStream<MotionSourceInput, any Error> {
            let (gyroscopeBatches, batches, reportsChange) = (gyroscopeBatches, batches, reportsChange)
            return AsyncThrowingStream { continuation in
                for batch in 0..<batches {
                    if batch == gyroscopeBatches, reportsChange {
                        continuation.yield(.status(GyroscopeStatus(streamsGyroscope: false), at: Double(batch) / 10))
                    }
                    continuation.yield(
                        .readings(
                            (0..<10).flatMap { index in
                                let timestamp = Double(batch * 10 + index) / 100
                                let acceleration = SensorSample(
                                    sensor: .accelerometer, timestamp: timestamp, value: Vector3(x: 0, y: 0, z: -1))
                                guard batch < gyroscopeBatches else { return [acceleration] }
                                return [acceleration, SensorSample(sensor: .gyroscope, timestamp: timestamp, value: .zero)]
                            }))
                }
                continuation.finish()
            }
        }
    }

    /// Readings 1 µs apart (1 MHz, outside the designed rates), without a nominal rate to fall back on.
    struct MicrosecondSource: MotionSource {
        let name = "microsecond"
        let hasGyroscope = true
        let nominalRate: Double? = nil

        func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
            AsyncThrowingStream { continuation in
                for batch in 0..<200 {
                    continuation.yield(
                        (0..<32).flatMap { index in
                            let timestamp = Double(batch * 32 + index) * 1e-6
                            return [
                                SensorSample(sensor: .accelerometer, timestamp: timestamp, value: Vector3(x: 0, y: 0, z: -1)),
                                SensorSample(sensor: .gyroscope, timestamp: timestamp, value: .zero),
                            ]
                        })
                }
                continuation.finish()
            }
        }
    }

    /// A source that fails with its own error after one batch.
    struct FailingSource: MotionSource {
        struct Unplugged: Error, Equatable {}
        let name = "failing"
        let hasGyroscope = false
        let nominalRate: Double? = 100

        func readings() -> AsyncThrowingStream<[SensorSample], any Error> {
            AsyncThrowingStream { continuation in
                continuation.yield([SensorSample(sensor: .accelerometer, timestamp: 0, value: Vector3(x: 0, y: 0, z: -1))])
                continuation.finish(throwing: Unplugged())
            }
        }
    }

    private func motions(of source: some MotionSource) async throws -> [DeviceMotion] {
        let manager = MotionManager(source: source)
        var motions: [DeviceMotion] = []
        for try await motion in manager.deviceMotionUpdates(bufferingPolicy: .unbounded) { motions.append(motion) }
        return motions
    }

    @Test func theAccelerometerGoesOnWhenTheGyroscopeLeaves() async throws {
        let motions = try await motions(of: GyroscopeLeavesSource(reportsChange: true))
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

    @Test func withoutTheReportTheFusionWaitsForTheGyroscope() async throws {
        let motions = try await motions(of: GyroscopeLeavesSource(reportsChange: false))
        #expect((motions.last?.timestamp ?? 0) < 4.5, "the pipeline fused past the gyroscope's last reading")
    }

    @Test func unmeasurableRateEndsTheUpdatesWithTheReason() async throws {
        let manager = MotionManager(source: MicrosecondSource())
        var count = 0
        await #expect(throws: MotionError.sensorRateUnmeasurable(allowed: DeviceMotionPipeline.sensorRateRange)) {
            for try await _ in manager.deviceMotionUpdates(bufferingPolicy: .unbounded) { count += 1 }
        }
        #expect(count == 0)
        #expect(manager.lastError == .sensorRateUnmeasurable(allowed: DeviceMotionPipeline.sensorRateRange))
    }

    @Test func aSourceFailureReachesTheSequenceAsTheSourceThrewIt() async throws {
        let manager = MotionManager(source: FailingSource())
        await #expect(throws: FailingSource.Unplugged()) {
            for try await _ in manager.deviceMotionUpdates(bufferingPolicy: .unbounded) {}
        }
        #expect(manager.lastError == .sourceFailed("Unplugged()"))
    }
}
