import DeviceMotionKit
import MotionSamples

/// A device lying flat and turning about the vertical in a known magnetic field, in CoreMotion units and signs,
/// with the true yaw of every reading.
struct MagneticTrace {
    /// The Earth's field in the north-west-up frame, µT: 20 north, 40 down (mid northern latitudes).
    static let earthField = Vector3(x: 20, y: 0, z: -40)

    /// Accelerometer and gyroscope readings.
    var samples: [IMUSample] = []
    /// Magnetometer readings, one per sample at its instant.
    var magnetometer: [MagnetometerSample] = []
    /// True yaw (counter-clockwise from magnetic north, radians) after each sample.
    var yaw: [Double] = []

    /// Segments of `(seconds, yaw rate in degrees per second)` at `rate` Hz from `initialYaw` degrees; `disturbance`
    /// adds a field (device frame, µT) at a given time, as a magnet on or near the board would; `scale` multiplies the
    /// Earth's field at a given time (another place with a homogeneous field of another strength).
    init(
        initialYaw: Double, segments: [(duration: Double, yawRate: Double)], rate: Double = 100,
        disturbance: (Double) -> Vector3 = { _ in .zero }, scale: (Double) -> Double = { _ in 1 }
    ) {
        var heading = initialYaw * .pi / 180
        var time = 0.0
        for segment in segments {
            let rateRadians = segment.yawRate * .pi / 180
            for _ in 0..<Int((segment.duration * rate).rounded()) {
                time += 1 / rate
                heading += rateRadians / rate
                let orientation = Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: heading)
                samples.append(
                    IMUSample(
                        timestamp: time, acceleration: Vector3(x: 0, y: 0, z: -1),
                        rotationRate: Vector3(x: 0, y: 0, z: rateRadians)))
                let field = orientation.inverseRotate(Self.earthField * scale(time)) + disturbance(time)
                magnetometer.append(MagnetometerSample(timestamp: time, field: field))
                yaw.append(heading)
            }
        }
    }

    /// The true yaw at `time`, radians (the last reading's at or before it).
    func yaw(at time: Double) -> Double {
        let index = samples.lastIndex { $0.timestamp <= time + 1e-9 } ?? 0
        return yaw[index]
    }

    /// The smallest difference between two angles in degrees, -180...180.
    static func degrees(_ a: Double, minus b: Double) -> Double {
        var difference = (a - b).truncatingRemainder(dividingBy: 360)
        if difference > 180 { difference -= 360 }
        if difference < -180 { difference += 360 }
        return difference
    }
}
