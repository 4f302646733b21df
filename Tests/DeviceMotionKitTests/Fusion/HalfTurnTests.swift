import DeviceMotionKit
import MotionSamples
import Testing

/// ``DeviceMotion/turnedHalfAboutZ`` is what the pipeline itself makes of the device turned half a turn about its z
/// axis: fusing a real trial's readings turned gives the trial's motion turned.
@Suite struct HalfTurnTests {
    /// The reading the turned device makes: x and y of both vectors change sign.
    static func turned(_ sample: IMUSample) -> IMUSample {
        func turn(_ vector: Vector3) -> Vector3 { Vector3(x: -vector.x, y: -vector.y, z: vector.z) }
        return IMUSample(timestamp: sample.timestamp, acceleration: turn(sample.acceleration), rotationRate: sample.rotationRate.map(turn))
    }

    @Test func fusingTurnedReadingsGivesTheMotionTurned() throws {
        let excerpt = try BROADExcerpt(trial: "07_undisturbed_fast_rotation_B")
        let motions = try BarePipeline.fuse(excerpt.samples).map(\.turnedHalfAboutZ)
        let fused = try BarePipeline.fuse(excerpt.samples.map(Self.turned))
        #expect(motions.count == fused.count)
        #expect(motions.count > 250)
        let (start, fusedStart) = (try #require(motions.first), try #require(fused.first))
        for (motion, expected) in zip(motions, fused) {
            #expect(motion.timestamp == expected.timestamp)
            #expect((motion.gravity - expected.gravity).norm < 1e-9)
            #expect((motion.userAcceleration - expected.userAcceleration).norm < 1e-9)
            #expect((motion.rotationRate - expected.rotationRate).norm < 1e-9)
            // The reference frame's x is wherever updates started, so attitudes are compared as turns since then.
            let turn = motion.attitude.relative(to: start.attitude).quaternion
            let expectedTurn = expected.attitude.relative(to: fusedStart.attitude).quaternion
            let alignment = turn.w * expectedTurn.w + turn.x * expectedTurn.x + turn.y * expectedTurn.y + turn.z * expectedTurn.z
            #expect(abs(abs(alignment) - 1) < 1e-9)
            // Gravity is the attitude's up axis seen from the device, turned or not.
            let matrix = motion.attitude.rotationMatrix
            #expect((Vector3(x: matrix.m13, y: matrix.m23, z: matrix.m33) + motion.gravity).norm < 1e-6)
        }
    }

    @Test func headingAndFieldTurnWithTheDevice() {
        let field = CalibratedMagneticField(field: Vector3(x: 20, y: -5, z: -40), accuracy: .high)
        let motion = DeviceMotion(
            timestamp: 1, attitude: Attitude(quaternion: Quaternion(w: 1, x: 0, y: 0, z: 0)),
            rotationRate: Vector3(x: 0.1, y: 0.2, z: 0.3), gravity: Vector3(x: 0, y: 0, z: -1),
            userAcceleration: Vector3(x: 0.5, y: -0.5, z: 0), heading: 350, magneticField: field)
        let turned = motion.turnedHalfAboutZ
        #expect(turned.heading == 170)
        #expect(turned.magneticField == CalibratedMagneticField(field: Vector3(x: -20, y: 5, z: -40), accuracy: .high))
        #expect(abs(abs(turned.attitude.yaw) - .pi) < 1e-12)
        // Twice is a whole turn: the same motion, its quaternion negated (the same rotation).
        var twice = turned.turnedHalfAboutZ
        let q = twice.attitude.quaternion
        twice.attitude = Attitude(quaternion: Quaternion(w: -q.w, x: -q.x, y: -q.y, z: -q.z))
        #expect(twice == motion)
    }
}
