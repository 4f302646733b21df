import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

/// CoreMotion's units and signs, end to end through ``DeviceMotionPipeline``: at rest in six orientations, and in
/// free fall.
@Suite struct DeviceMotionSignTests {
    /// A resting pose: the raw acceleration (g, CoreMotion signs) and the Euler angles it implies.
    struct Pose: Sendable, CustomTestStringConvertible {
        let name: String
        let acceleration: Vector3
        let roll: Double?
        let pitch: Double

        var testDescription: String { name }
    }

    static let poses = [
        Pose(name: "face up", acceleration: Vector3(x: 0, y: 0, z: -1), roll: 0, pitch: 0),
        Pose(name: "face down", acceleration: Vector3(x: 0, y: 0, z: 1), roll: .pi, pitch: 0),
        Pose(name: "portrait upright", acceleration: Vector3(x: 0, y: -1, z: 0), roll: nil, pitch: .pi / 2),
        Pose(name: "portrait upside down", acceleration: Vector3(x: 0, y: 1, z: 0), roll: nil, pitch: -.pi / 2),
        Pose(name: "right edge down", acceleration: Vector3(x: 1, y: 0, z: 0), roll: .pi / 2, pitch: 0),
        Pose(name: "left edge down", acceleration: Vector3(x: -1, y: 0, z: 0), roll: -.pi / 2, pitch: 0),
    ]

    /// Runs `samples` through a pipeline with 25 Hz output.
    static func fuse(_ samples: [IMUSample], hasGyroscope: Bool = true) throws -> [DeviceMotion] {
        var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: hasGyroscope, inputRate: 100)
        var motions: [DeviceMotion] = []
        pipeline.append(samples: samples, into: &motions)
        pipeline.finish(into: &motions)
        return motions
    }

    @Test(arguments: poses)
    func atRest(_ pose: Pose) throws {
        let motions = try Self.fuse(MotionTraces.still(acceleration: pose.acceleration, duration: 4))
        let motion = try #require(motions.last { $0.timestamp < 3.5 })
        #expect((motion.gravity - pose.acceleration).norm < 1e-3)
        #expect(motion.userAcceleration.norm < 1e-3)
        #expect((motion.gravity + motion.userAcceleration - pose.acceleration).norm < 1e-9)
        #expect(motion.rotationRate.norm < 1e-4)
        #expect(abs(motion.attitude.pitch - pose.pitch) < 1e-3)
        if let roll = pose.roll {
            // ±pi are the same roll.
            #expect(abs(remainder(motion.attitude.roll - roll, 2 * .pi)) < 1e-3)
        }
        // The attitude's third matrix column agrees with gravity.
        let matrix = motion.attitude.rotationMatrix
        #expect((Vector3(x: matrix.m13, y: matrix.m23, z: matrix.m33) + motion.gravity).norm < 1e-3)
    }

    @Test(arguments: poses)
    func atRestWithoutGyroscope(_ pose: Pose) throws {
        let motions = try Self.fuse(
            MotionTraces.still(acceleration: pose.acceleration, rotationRate: nil, duration: 4), hasGyroscope: false)
        let motion = try #require(motions.last { $0.timestamp < 3.5 })
        #expect((motion.gravity - pose.acceleration).norm < 1e-3)
        #expect(motion.userAcceleration.norm < 1e-3)
        #expect(motion.rotationRate == .zero)
        #expect(abs(motion.attitude.pitch - pose.pitch) < 1e-3)
        if let roll = pose.roll {
            // Yaw is zero by construction (it is undefined upright, at pitch ±90°, where roll is nil).
            #expect(abs(motion.attitude.yaw) < 1e-9)
            #expect(abs(remainder(motion.attitude.roll - roll, 2 * .pi)) < 1e-3)
        }
    }

    @Test func freeFall() throws {
        // Face up at rest for 3 s, then dropped: the accelerometer reads 0 for 0.6 s. (The output resampler's
        // anti-aliasing filter rings for a while after the step, hence 0.005 g.)
        let rest = MotionTraces.still(acceleration: Vector3(x: 0, y: 0, z: -1), duration: 3)
        let fall = MotionTraces.still(acceleration: .zero, duration: 0.6, start: 3)
        let motions = try Self.fuse(rest + fall)
        let falling = motions.filter { $0.timestamp > 3.2 && $0.timestamp < 3.4 }
        try #require(!falling.isEmpty)
        for motion in falling {
            #expect((motion.gravity - Vector3(x: 0, y: 0, z: -1)).norm < 1e-3)
            #expect((motion.userAcceleration - Vector3(x: 0, y: 0, z: 1)).norm < 0.005)
            #expect((motion.gravity + motion.userAcceleration).norm < 0.005)
        }
    }

    @Test(arguments: [true, false])
    func freeFallWithSensorNoise(hasGyroscope: Bool) throws {
        // Tilted 30° about x at rest for 3 s, then falling for 3 s: the accelerometer reads only noise, ±0.02 g
        // per axis (the gyroscope ±0.01 rad/s). Gravity must hold its direction, not follow the noise.
        let tilted = Vector3(x: 0, y: -0.5, z: -0.75.squareRoot())
        var noise = SeededNoise(seed: 7)
        func noisy(_ sample: IMUSample) -> IMUSample {
            IMUSample(
                timestamp: sample.timestamp, acceleration: sample.acceleration + noise.vector(amplitude: 0.02),
                rotationRate: hasGyroscope ? noise.vector(amplitude: 0.01) : nil)
        }
        let rest = MotionTraces.still(acceleration: tilted, duration: 3).map(noisy)
        let fall = MotionTraces.still(acceleration: .zero, duration: 3, start: 3).map(noisy)
        let motions = try Self.fuse(rest + fall, hasGyroscope: hasGyroscope)
        let falling = motions.filter { $0.timestamp > 3.7 && $0.timestamp < 5.3 }
        try #require(falling.count >= 39)
        for motion in falling {
            #expect(MotionTraces.degrees(between: motion.gravity, tilted) < 2, "gravity \(motion.gravity) at \(motion.timestamp) s")
            #expect((motion.gravity + motion.userAcceleration).norm < 0.03)
        }
    }
}
