import DeviceMotionKit
import MotionSamples
import Synchronization

/// A ``MotionSource`` the test feeds by hand: batches go in through ``send(_:)``, ``fail()`` or ``finish()``, and
/// ``terminated`` finishes once the consumer has let go of the readings.
final class ControlledSource: MotionSource {
    /// Why a ``ControlledSource`` failed.
    struct Failure: Error {}

    let name = "controlled"
    let hasGyroscope = true
    let nominalRate: Double? = 100
    /// The single readings stream handed to the consumer.
    private let stream: AsyncThrowingStream<[SensorSample], any Error>
    /// Its producing end.
    private let continuation: AsyncThrowingStream<[SensorSample], any Error>.Continuation
    /// Finishes when the readings stream terminates (consumer gone, or finished).
    let terminated: AsyncStream<Void>

    init() {
        (stream, continuation) = AsyncThrowingStream.makeStream(of: [SensorSample].self, throwing: (any Error).self)
        let (terminated, signal) = AsyncStream.makeStream(of: Void.self)
        self.terminated = terminated
        continuation.onTermination = { _ in signal.finish() }
    }

    func readings() -> AsyncThrowingStream<[SensorSample], any Error> { stream }

    /// Queues `samples` as one batch; `false` once the consumer has gone.
    @discardableResult
    func send(_ samples: [IMUSample]) -> Bool {
        let batch = samples.flatMap { sample in
            [
                SensorSample(sensor: .accelerometer, timestamp: sample.timestamp, value: sample.acceleration),
                SensorSample(sensor: .gyroscope, timestamp: sample.timestamp, value: sample.rotationRate ?? .zero),
            ]
        }
        if case .terminated = continuation.yield(batch) { return false }
        return true
    }

    /// Ends the readings with a failure.
    func fail() { continuation.finish(throwing: Failure()) }

    /// Waits until the consumer has let go of the readings.
    func waitUntilTerminated() async {
        for await _ in terminated {}
    }
}
