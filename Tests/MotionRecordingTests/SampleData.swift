import DeviceMotionKit
import MotionRecording
import MotionSamples

/// Deterministic recording contents for the tests.
enum SampleData {
    static func metadata(tag: String = "walking") -> RecordingMetadata {
        RecordingMetadata(
            tag: tag, subject: "sub_7", source: "MotionRecordingTests",
            device: RecordingDevice(name: "mpu6050", driver: "inv-mpu6050-i2c", mountMatrix: [0, 1, 0, -1, 0, 0, 0, 0, 1]),
            hasGyroscope: true, rawRate: 100, motionRate: 25,
            wallClockStart: RecordingClockAnchor(monotonic: 1234.5, date: .init(timeIntervalSince1970: 1_790_000_000.25)),
            sessionID: "0f8fad5b-d9cb-469f-a165-70867728950e"
        )
    }

    static func raw(count: Int, start: Double = 1234.5) -> [SensorSample] {
        (0..<count).flatMap { index -> [SensorSample] in
            let timestamp = start + Double(index) * 0.01
            let angle = Double(index) * 0.1
            return [
                SensorSample(
                    sensor: .accelerometer, timestamp: timestamp, value: Vector3(x: 0.01 * angle, y: -0.123456789, z: -1 - 1e-9 * angle)),
                SensorSample(sensor: .gyroscope, timestamp: timestamp, value: Vector3(x: angle, y: -angle / 3, z: 1e-12)),
            ]
        }
    }

    static func motion(count: Int, start: Double = 1234.5) -> [DeviceMotion] {
        (0..<count).map { index in
            let half = Double(index) * 0.01
            return DeviceMotion(
                timestamp: start + Double(index) * 0.04,
                attitude: Attitude(quaternion: Quaternion(w: (1 - half * half).squareRoot(), x: half, y: 0, z: 0)),
                rotationRate: Vector3(x: 0.5, y: -0.25, z: Double(index)),
                gravity: Vector3(x: 0, y: -half, z: -(1 - half * half).squareRoot()),
                userAcceleration: Vector3(x: 0.001 * Double(index), y: 0, z: -0.3333333333)
            )
        }
    }

    static let events = [
        RecordingEvent(timestamp: 1235.0, kind: .gap, duration: 0.25, detail: "no samples for 0.25 s"),
        RecordingEvent(timestamp: 1236.0, kind: .sensorRemoved, detail: "iio:device0, \"mpu6050\" unplugged"),
        RecordingEvent(timestamp: 1237.5, kind: .sensorReattached),
    ]
}

/// Whether two values agree to the precision the format prints (`decimals` digits after the point).
func agrees(_ a: Double, _ b: Double, decimals: Int) -> Bool {
    (a - b).magnitude <= 0.5 * pow10(-decimals) + 1e-12 * max(a.magnitude, 1)
}

/// Whether two vectors agree to `decimals` digits.
func agrees(_ a: Vector3, _ b: Vector3, decimals: Int = 8) -> Bool {
    agrees(a.x, b.x, decimals: decimals) && agrees(a.y, b.y, decimals: decimals) && agrees(a.z, b.z, decimals: decimals)
}

private func pow10(_ exponent: Int) -> Double {
    exponent < 0 ? (0..<(-exponent)).reduce(1.0) { value, _ in value / 10 } : (0..<exponent).reduce(1.0) { value, _ in value * 10 }
}
