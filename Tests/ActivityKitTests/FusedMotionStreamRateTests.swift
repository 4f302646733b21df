import ActivityKit
import DeviceMotionKit
import MotionSamples
import Testing

/// A live stream whose readings never give a sensor rate ends with the pipeline's reason, instead of staying silent.
@Suite struct FusedMotionStreamRateTests {
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

    @Test func unmeasurableRateEndsTheStreamWithTheReason() async throws {
        var count = 0
        await #expect(throws: MotionError.sensorRateUnmeasurable(allowed: DeviceMotionPipeline.sensorRateRange)) {
            for try await _ in FusedMotionStream(source: MicrosecondSource(), rate: 25, hasGyroscope: true).motions() {
                count += 1
            }
        }
        #expect(count == 0)
    }
}
