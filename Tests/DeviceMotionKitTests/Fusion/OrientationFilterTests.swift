import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

/// Invariants of the fusion filter on synthetic traces with a known truth.
@Suite struct OrientationFilterTests {
    @Test func staticGravityConvergesFromAWrongStart() {
        var filter = OrientationFilter(samplePeriod: 0.01)
        // Settled face up, then the accelerometer alone says the device is tilted by 30° about x and 20° about y
        // (the gyroscope saw nothing): the inclination must follow within the accelerometer time constant (3 s).
        for sample in MotionTraces.still(acceleration: Vector3(x: 0, y: 0, z: -1), duration: 2) {
            filter.update(rotationRate: sample.rotationRate ?? .zero, acceleration: sample.acceleration)
        }
        let tilted =
            Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: 30 * .pi / 180)
            * Quaternion(axis: Vector3(x: 0, y: 1, z: 0), angle: 20 * .pi / 180)
        let truth = MotionTraces.gravity(for: tilted)
        var errorAfter = [Double]()
        for (index, sample) in MotionTraces.still(acceleration: truth, duration: 20).enumerated() {
            filter.update(rotationRate: sample.rotationRate ?? .zero, acceleration: sample.acceleration)
            if (index + 1) % 500 == 0 { errorAfter.append(MotionTraces.degrees(between: filter.gravity, truth)) }
        }
        // Error after 5, 10, 15, 20 s: shrinking, and below 0.1° at the end.
        #expect(zip(errorAfter, errorAfter.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(errorAfter[1] < 5)
        #expect(errorAfter[3] < 0.1)
        #expect(abs(filter.gravity.norm - 1) < 1e-9)
    }

    @Test func rotationAboutTheVerticalIntegratesToTheRightQuaternion() {
        var filter = OrientationFilter(samplePeriod: 1 / 200.0)
        // Face up, turning counter-clockwise at 90°/s for 2 s: a 180° turn about z, gravity unchanged.
        let (samples, truth) = MotionTraces.turning(
            from: .identity, rotationRate: Vector3(x: 0, y: 0, z: .pi / 2), rate: 200, duration: 2)
        for sample in samples {
            filter.update(rotationRate: sample.rotationRate ?? .zero, acceleration: sample.acceleration)
        }
        #expect(filter.orientation.angle(to: truth) < 1e-6)
        #expect(filter.orientation.angle(to: Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: .pi)) < 1e-6)
        #expect(MotionTraces.degrees(between: filter.gravity, Vector3(x: 0, y: 0, z: -1)) < 1e-4)
    }

    @Test func tiltingRotationIntegratesToTheRightQuaternion() {
        var filter = OrientationFilter(samplePeriod: 1 / 200.0)
        // Raising the top edge: 1 rad/s about x for 1.5 s, then 0.8 rad/s about y for 1 s, accelerometer consistent.
        let first = MotionTraces.turning(from: .identity, rotationRate: Vector3(x: 1, y: 0, z: 0), rate: 200, duration: 1.5)
        let second = MotionTraces.turning(from: first.final, rotationRate: Vector3(x: 0, y: 0.8, z: 0), rate: 200, duration: 1)
        for sample in first.samples + second.samples {
            filter.update(rotationRate: sample.rotationRate ?? .zero, acceleration: sample.acceleration)
        }
        #expect(filter.orientation.angle(to: second.final) * 180 / .pi < 0.05)
        #expect(MotionTraces.degrees(between: filter.gravity, MotionTraces.gravity(for: second.final)) < 0.05)
    }

    @Test func explicitIntervalsIntegrateIrregularSampling() {
        var filter = OrientationFilter(samplePeriod: 0.01)
        // Nominal 100 Hz, but readings actually 20 ms apart: the given interval must be used.
        let face = Vector3(x: 0, y: 0, z: -1)
        for _ in 0..<50 { filter.update(rotationRate: Vector3(x: 0, y: 0, z: 1), acceleration: face, interval: 0.02) }
        #expect(abs(Attitude(quaternion: filter.orientation).yaw - 1) < 1e-9)
    }

    @Test func gyroscopeBiasConvergesAtRest() {
        var filter = OrientationFilter(samplePeriod: 0.01)
        let bias = Vector3(x: 0.01, y: -0.02, z: 0.015)  // about 0.6, -1.1, 0.9 °/s
        for (index, sample) in MotionTraces.still(acceleration: Vector3(x: 0, y: 0, z: -1), rotationRate: bias, duration: 30).enumerated() {
            // Deterministic, zero-mean wobble of ±0.002 rad/s, as sensor noise.
            let wobble = 0.002 * sin(Double(index) * 1.7)
            filter.update(
                rotationRate: sample.rotationRate.map { $0 + Vector3(x: wobble, y: -wobble, z: wobble) } ?? .zero,
                acceleration: sample.acceleration)
        }
        #expect(filter.isResting)
        #expect((filter.gyroscopeBias - bias).norm < 0.0005)
        #expect(filter.rotationRate.norm < 0.003)
        // The yaw drift stops once the bias is known: the inclination stayed exact all along.
        #expect(MotionTraces.degrees(between: filter.gravity, Vector3(x: 0, y: 0, z: -1)) < 0.01)
    }

    @Test func gyroscopeBiasConvergesInMotion() {
        var filter = OrientationFilter(samplePeriod: 0.01)
        let bias = Vector3(x: 0.01, y: -0.01, z: 0)
        // Tilted back and forth about x by ±30° (never still), with a bias on x and y the accelerometer can observe.
        var angle = 0.0
        var orientation = Quaternion.identity
        for index in 0..<(100 * 120) {
            let rate = 0.5 * cos(Double(index) * 0.01)
            angle += rate * 0.01
            orientation = Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: angle)
            filter.update(rotationRate: Vector3(x: rate, y: 0, z: 0) + bias, acceleration: MotionTraces.gravity(for: orientation))
        }
        #expect(!filter.isResting)
        #expect(abs(filter.gyroscopeBias.x - bias.x) < 0.002)
        #expect(abs(filter.gyroscopeBias.y - bias.y) < 0.002)
        #expect(MotionTraces.degrees(between: filter.gravity, MotionTraces.gravity(for: orientation)) < 0.5)
    }
}
