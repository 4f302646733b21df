import DeviceMotionKit
import Foundation
import MotionSamples

/// Synthetic IMU traces with a known truth, in CoreMotion units and signs.
enum MotionTraces {
    /// Gravity in the device frame, in g, for a device whose attitude is `orientation` (device into reference frame).
    static func gravity(for orientation: Quaternion) -> Vector3 {
        -orientation.inverseRotate(Vector3(x: 0, y: 0, z: 1))
    }

    /// A device held still for `duration` seconds at `rate` Hz, reading `acceleration` and `rotationRate`.
    static func still(
        acceleration: Vector3, rotationRate: Vector3? = .zero, rate: Double = 100, duration: Double, start: Double = 0
    ) -> [IMUSample] {
        (0..<Int((duration * rate).rounded())).map { index in
            IMUSample(timestamp: start + Double(index) / rate, acceleration: acceleration, rotationRate: rotationRate)
        }
    }

    /// A device turning at a constant `rotationRate` (rad/s, device frame) from `initial`, with an accelerometer
    /// that sees only gravity; returns the samples and the true final orientation.
    static func turning(
        from initial: Quaternion, rotationRate: Vector3, rate: Double, duration: Double
    ) -> (samples: [IMUSample], final: Quaternion) {
        let count = Int((duration * rate).rounded())
        let samples = (0..<count).map { index in
            let time = Double(index + 1) / rate
            let orientation = initial * Quaternion(rotationVector: rotationRate * time)
            return IMUSample(timestamp: time, acceleration: gravity(for: orientation), rotationRate: rotationRate)
        }
        return (samples, initial * Quaternion(rotationVector: rotationRate * (Double(count) / rate)))
    }

    /// The angle between two vectors, in degrees.
    static func degrees(between a: Vector3, _ b: Vector3) -> Double {
        acos(min(1, max(-1, a.dot(b) / (a.norm * b.norm)))) * 180 / .pi
    }
}

/// Reproducible uniform noise for synthetic sensor readings (a 64-bit linear congruential generator).
struct SeededNoise {
    /// The generator state.
    private var state: UInt64

    /// A generator that always yields the same sequence for `seed`.
    init(seed: UInt64) { state = seed }

    /// A value uniformly distributed in [-amplitude, amplitude].
    mutating func value(amplitude: Double) -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return amplitude * (2 * Double(state >> 11) / Double(1 << 53) - 1)
    }

    /// A vector with each component uniform in [-amplitude, amplitude].
    mutating func vector(amplitude: Double) -> Vector3 {
        Vector3(x: value(amplitude: amplitude), y: value(amplitude: amplitude), z: value(amplitude: amplitude))
    }
}
