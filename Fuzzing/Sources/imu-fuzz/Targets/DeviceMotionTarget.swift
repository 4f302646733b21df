import DeviceMotionKit
import MotionSamples

/// The fusion pipeline fed readings whose timestamps and values come from outside (a sensor, a recording, a remote
/// `iiod`): bursts, gaps, clock jumps, split sensors at any rate, non-finite values.
///
/// Input: a configuration byte (bit 0 a gyroscope, bit 1 offline, bit 2 a nominal rate, bit 3 magnetic north, bits 4-5
/// the output rate: 25, 50, 100 or 1 Hz), the nominal rate in tenths of a hertz (UInt16, little-endian), then readings
/// of 11 bytes: a kind byte (bits 0-1 accelerometer, gyroscope, magnetometer, accelerometer again; bit 2 a timestamp
/// that is not a number; bit 3 a value that is not finite; bit 4 the batch ends after it), the step from the previous
/// reading's timestamp in microseconds (Int32, little-endian, so steps back and clock jumps), and three Int16 values in
/// thousandths (m/s², rad/s or µT).
enum DeviceMotionTarget {
    /// Output rates the configuration byte chooses from, in Hz.
    private static let outputRates: [Double] = [25, 50, 100, 1]

    /// The target.
    static let target = FuzzTarget(name: "device-motion", summary: "DeviceMotionPipeline fed readings of any timing") { bytes in
        guard bytes.count >= 3 else { return }
        let flags = bytes[0]
        let hasGyroscope = flags & 1 != 0
        let outputRate = outputRates[Int(flags >> 4) & 3]
        let nominal = flags & 4 != 0 ? Double(UInt16(bytes[1]) | UInt16(bytes[2]) << 8) / 10 : nil
        guard
            var pipeline = try? DeviceMotionPipeline(
                outputRate: outputRate, hasGyroscope: hasGyroscope, inputRate: nominal,
                mode: flags & 2 != 0 ? .offline : .live,
                referenceFrame: flags & 8 != 0 ? .xMagneticNorthZVertical : .xArbitraryZVertical)
        else { return }
        var motions: [DeviceMotion] = []
        var batch: [SensorSample] = []
        var timestamp = 0.0
        var timestamps: ClosedRange<Double>?
        for offset in stride(from: 3, to: bytes.count - 10, by: 11) {
            let kind = bytes[offset]
            timestamp += Double(Int32(bitPattern: littleEndian(bytes, at: offset + 1, count: 4))) / 1e6
            let values = (0..<3).map { Double(Int16(truncatingIfNeeded: littleEndian(bytes, at: offset + 5 + 2 * $0, count: 2))) / 1000 }
            let sensor: SensorKind = [.accelerometer, .gyroscope, .magnetometer, .accelerometer][Int(kind & 3)]
            let value = kind & 8 != 0 ? Vector3(x: .infinity, y: values[1], z: .nan) : Vector3(x: values[0], y: values[1], z: values[2])
            let stamped = kind & 4 != 0 ? Double.nan : timestamp
            if stamped.isFinite {
                timestamps = timestamps.map { min($0.lowerBound, stamped)...max($0.upperBound, stamped) } ?? stamped...stamped
            }
            batch.append(SensorSample(sensor: sensor, timestamp: stamped, value: value))
            if kind & 16 != 0 {
                pipeline.append(batch, into: &motions)
                batch.removeAll()
            }
        }
        pipeline.append(batch, into: &motions)
        pipeline.finish(into: &motions)
        guard let timestamps else {
            precondition(motions.isEmpty, "\(motions.count) outputs from no finite timestamp")
            return
        }
        // No output before the first reading or after the last (beyond half an output period, the grid's rounding).
        let within = (timestamps.lowerBound - 0.5 / outputRate)...(timestamps.upperBound + 0.5 / outputRate)
        let restarted = pipeline.inputStatistics.clockJumps > 0
        var previous = -Double.infinity
        for motion in motions {
            precondition(within.contains(motion.timestamp), "an output at \(motion.timestamp) outside the readings' \(timestamps)")
            precondition(restarted || motion.timestamp > previous, "an output at \(motion.timestamp) after one at \(previous)")
            previous = motion.timestamp
            let norm = motion.attitude.quaternion.norm
            precondition(abs(norm - 1) < 1e-6, "an attitude of norm \(norm)")
            precondition(abs(motion.gravity.norm - 1) < 1e-6, "gravity of norm \(motion.gravity.norm) g")
            for vector in [motion.userAcceleration, motion.rotationRate, motion.magneticField?.field ?? .zero] {
                precondition(vector.x.isFinite && vector.y.isFinite && vector.z.isFinite, "a field that is not finite: \(vector)")
            }
            if let heading = motion.heading { precondition((0..<360).contains(heading), "a heading of \(heading)°") }
        }
    }

    /// The unsigned little-endian integer of `count` bytes at `offset`.
    private static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt32 {
        (0..<count).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
