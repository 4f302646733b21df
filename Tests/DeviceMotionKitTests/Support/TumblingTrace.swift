import DeviceMotionKit
import Foundation
import MotionSamples

/// A device at rest in place but tumbling through all orientations (turning about the vertical at ``yawRate``, about
/// its own x axis at ``rollRate`` and its own y axis at ``pitchRate``, in CoreMotion units and signs) in the Earth's field of ``MagneticTrace``,
/// its magnetometer reading that field plus a hard-iron ``offset``: what online calibration has to undo.
struct TumblingTrace {
    /// Turn rate about the vertical, rad/s.
    static let yawRate = 40 * Double.pi / 180
    /// Turn rate about the device's x axis, rad/s.
    static let rollRate = 17 * Double.pi / 180
    /// Turn rate about the device's y axis, rad/s.
    static let pitchRate = 11 * Double.pi / 180

    /// Accelerometer and gyroscope readings.
    var samples: [IMUSample] = []
    /// Magnetometer readings, one per sample at its instant.
    var magnetometer: [MagnetometerSample] = []
    /// The true attitude (device to north-west-up) after each sample.
    var attitudes: [Quaternion] = []
    /// The sample rate, Hz.
    let rate: Double

    /// `duration` seconds at `rate` Hz with a hard iron of `offset` µT (device frame).
    init(duration: Double, offset: Vector3, rate: Double = 100) {
        self.rate = rate
        for index in 1...Int((duration * rate).rounded()) {
            let time = Double(index) / rate
            let pitch = Quaternion(axis: Vector3(x: 0, y: 1, z: 0), angle: Self.pitchRate * time)
            let roll = Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: Self.rollRate * time)
            let attitude = Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: Self.yawRate * time) * roll * pitch
            // The world rate (0, 0, yaw), the roll about the turned x axis and the pitch about y, in the device frame.
            let rotationRate =
                (roll * pitch).inverseRotate(Vector3(x: 0, y: 0, z: Self.yawRate))
                + pitch.inverseRotate(Vector3(x: Self.rollRate, y: 0, z: 0)) + Vector3(x: 0, y: Self.pitchRate, z: 0)
            samples.append(
                IMUSample(
                    timestamp: time, acceleration: attitude.inverseRotate(Vector3(x: 0, y: 0, z: -1)),
                    rotationRate: rotationRate))
            magnetometer.append(
                MagnetometerSample(timestamp: time, field: attitude.inverseRotate(MagneticTrace.earthField) + offset))
            attitudes.append(attitude)
        }
    }

    /// The true attitude at `time` (the last sample's at or before it).
    func attitude(at time: Double) -> Quaternion {
        attitudes[max(0, min(attitudes.count - 1, Int((time * rate).rounded()) - 1))]
    }
}
