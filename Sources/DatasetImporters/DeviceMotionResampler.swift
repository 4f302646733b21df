import DeviceMotionKit
import MotionRecording
import MotionSamples
import Resampling

/// Resamples a device-motion stream onto a fixed-rate grid with `Resampling.FixedRateResampler`.
///
/// All 13 channels go through the same band-limited kernel; quaternion signs are kept continuous
/// before filtering, and the attitude quaternion and gravity are renormalised to unit length after.
public struct DeviceMotionResampler: Sendable {
    private var resampler: FixedRateResampler
    private var previousQuaternion: Quaternion?
    private var input = [Double](repeating: 0, count: Self.channelCount)
    private static let channelCount = 13

    /// Creates a resampler to `outputRate` Hz for input at `inputRate` Hz (estimated when `nil`).
    public init(outputRate: Double, inputRate: Double?) throws(ResamplingError) {
        resampler = try FixedRateResampler(
            outputRate: outputRate, channelCount: Self.channelCount,
            configuration: ResamplerConfiguration(inputRate: inputRate)
        )
    }

    /// Resamples a whole stream; returns the fixed-rate estimates and the gaps the resampler did not bridge.
    public static func resample(
        _ motion: [DeviceMotion], to outputRate: Double, inputRate: Double?
    ) throws(ResamplingError) -> (motion: [DeviceMotion], gaps: [RecordingEvent]) {
        var resampler = try DeviceMotionResampler(outputRate: outputRate, inputRate: inputRate)
        var output: [DeviceMotion] = []
        output.reserveCapacity(Int(Double(motion.count) * outputRate / (inputRate ?? outputRate)) + 1)
        for estimate in motion { resampler.append(estimate, into: &output) }
        resampler.finish(into: &output)
        return (output, resampler.drainGaps())
    }

    /// Adds one estimate and appends every fixed-rate estimate that became ready to `output`.
    public mutating func append(_ motion: DeviceMotion, into output: inout [DeviceMotion]) {
        var q = motion.attitude.quaternion
        if let previous = previousQuaternion, previous.w * q.w + previous.x * q.x + previous.y * q.y + previous.z * q.z < 0 {
            q = Quaternion(w: -q.w, x: -q.x, y: -q.y, z: -q.z)
        }
        previousQuaternion = q
        input[0] = q.w
        input[1] = q.x
        input[2] = q.y
        input[3] = q.z
        Self.store(motion.gravity, at: 4, in: &input)
        Self.store(motion.userAcceleration, at: 7, in: &input)
        Self.store(motion.rotationRate, at: 10, in: &input)
        try? resampler.append(timestamp: motion.timestamp, values: input) { timestamp, values in
            output.append(Self.motion(at: timestamp, from: values))
        }
    }

    /// Emits the estimates still held at the end of the stream.
    public mutating func finish(into output: inout [DeviceMotion]) {
        resampler.finish { timestamp, values in output.append(Self.motion(at: timestamp, from: values)) }
    }

    /// The gaps found since the last call, as recording events.
    public mutating func drainGaps() -> [RecordingEvent] {
        resampler.drainEvents().compactMap { event in
            guard case .gap(let start, let end, _) = event else { return nil }
            return RecordingEvent(timestamp: start, kind: .gap, duration: end - start, detail: event.description)
        }
    }

    private static func store(_ vector: Vector3, at index: Int, in values: inout [Double]) {
        values[index] = vector.x
        values[index + 1] = vector.y
        values[index + 2] = vector.z
    }

    private static func motion(at timestamp: Double, from values: UnsafeBufferPointer<Double>) -> DeviceMotion {
        var q = Quaternion(w: values[0], x: values[1], y: values[2], z: values[3])
        let quaternionNorm = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        if quaternionNorm > 0 {
            q = Quaternion(w: q.w / quaternionNorm, x: q.x / quaternionNorm, y: q.y / quaternionNorm, z: q.z / quaternionNorm)
        }
        var gravity = Vector3(x: values[4], y: values[5], z: values[6])
        if gravity.norm > 0 { gravity = gravity / gravity.norm }
        return DeviceMotion(
            timestamp: timestamp,
            attitude: Attitude(quaternion: q),
            rotationRate: Vector3(x: values[10], y: values[11], z: values[12]),
            gravity: gravity,
            userAcceleration: Vector3(x: values[7], y: values[8], z: values[9])
        )
    }
}
