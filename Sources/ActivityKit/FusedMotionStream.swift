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
    /// Asked before each batch whether the readings now include a gyroscope, for a live IMU whose gyroscope can
    /// leave or come back on its own (a split IMU's gyroscope unplugged or unbound); `nil` when that cannot change.
    public let gyroscopePresence: (@Sendable () -> Bool)?

    /// Creates a stream of `source` fused at `rate` Hz; when `gyroscopePresence` changes, the pipeline so far is
    /// finished and a new one fuses what streams now, so that device motion does not wait for a gyroscope that left.
    public init(
        source: any MotionSource, rate: Double, hasGyroscope: Bool, gyroscopePresence: (@Sendable () -> Bool)? = nil
    ) {
        self.source = source
        self.rate = rate
        self.hasGyroscope = hasGyroscope
        self.gyroscopePresence = gyroscopePresence
    }

    /// The estimates, in time order; the source's failure ends the stream with its error.
    public func motions() -> AsyncThrowingStream<DeviceMotion, any Error> {
        let (source, rate, hasGyroscope, gyroscopePresence) = (source, rate, hasGyroscope, gyroscopePresence)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var pipeline = try DeviceMotionPipeline(outputRate: rate, hasGyroscope: hasGyroscope)
                    var fused: [DeviceMotion] = []
                    for try await batch in source.readings() {
                        if let present = gyroscopePresence?(), present != pipeline.availableFields.contains(.rotationRate) {
                            pipeline.finish(into: &fused)
                            pipeline = try DeviceMotionPipeline(outputRate: rate, hasGyroscope: present)
                        }
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
