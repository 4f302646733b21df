import DeviceMotionKit
import MotionSamples

/// Device motion at a fixed rate from any `MotionSource` (a live IMU, a replayed recording): every batch of raw
/// readings goes through one ``DeviceMotionPipeline`` as it arrives. The sensor rate is measured from the readings,
/// since a device runs at the nearest rate it offers rather than the one asked for.
public struct FusedMotionStream: Sendable {
    /// The raw readings.
    public let source: any MotionSource
    /// Rate of the device-motion stream, in Hz (the model's window rate).
    public let rate: Double
    /// Whether the readings include a gyroscope (an accelerometer-only IMU must not wait for one).
    public let hasGyroscope: Bool

    /// Creates a stream of `source` fused at `rate` Hz.
    public init(source: any MotionSource, rate: Double, hasGyroscope: Bool) {
        self.source = source
        self.rate = rate
        self.hasGyroscope = hasGyroscope
    }

    /// The estimates, in time order; the source's failure ends the stream with its error.
    public func motions() -> AsyncThrowingStream<DeviceMotion, any Error> {
        let (source, rate, hasGyroscope) = (source, rate, hasGyroscope)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var pipeline = try DeviceMotionPipeline(outputRate: rate, hasGyroscope: hasGyroscope)
                    var fused: [DeviceMotion] = []
                    for try await batch in source.readings() {
                        pipeline.append(batch, into: &fused)
                        for motion in fused { continuation.yield(motion) }
                        fused.removeAll(keepingCapacity: true)
                        if let failure = pipeline.rateFailure { throw failure }
                    }
                    pipeline.finish(into: &fused)
                    for motion in fused { continuation.yield(motion) }
                    if let failure = pipeline.rateFailure { throw failure }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
