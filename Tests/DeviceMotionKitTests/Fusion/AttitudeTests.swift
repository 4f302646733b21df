import DeviceMotionKit
import Foundation
import MotionSamples
import Testing

/// `Attitude` math in CoreMotion's conventions: attitude = Rz(yaw) · Rx(pitch) · Ry(roll), device to reference.
@Suite struct AttitudeTests {
    /// The attitude with the given Euler angles, built the CoreMotion way.
    static func attitude(roll: Double, pitch: Double, yaw: Double) -> Attitude {
        let z = Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: yaw)
        let x = Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: pitch)
        let y = Quaternion(axis: Vector3(x: 0, y: 1, z: 0), angle: roll)
        return Attitude(quaternion: z * x * y)
    }

    @Test(arguments: [(0.3, -0.2, 1.1), (-2.5, 1.2, -3.0), (1.0, 0.0, 0.0), (0.0, -1.4, 2.0), (3.0, 0.5, -0.7)])
    func eulerAnglesRoundTrip(roll: Double, pitch: Double, yaw: Double) {
        let attitude = Self.attitude(roll: roll, pitch: pitch, yaw: yaw)
        #expect(abs(attitude.roll - roll) < 1e-9)
        #expect(abs(attitude.pitch - pitch) < 1e-9)
        #expect(abs(attitude.yaw - yaw) < 1e-9)
    }

    @Test func faceUpIsZero() {
        let attitude = Attitude(quaternion: .identity)
        #expect(attitude.roll == 0 && attitude.pitch == 0 && attitude.yaw == 0)
    }

    @Test func signsMatchCoreMotion() {
        // Upright in portrait (gravity along -y): pitch +90°.
        let portrait = Attitude(quaternion: Quaternion(axis: Vector3(x: 1, y: 0, z: 0), angle: .pi / 2))
        #expect(abs(portrait.pitch - .pi / 2) < 1e-9)
        #expect(MotionTraces.gravity(for: portrait.quaternion).y < -0.999)
        // Rolled toward the right edge (right edge down, gravity along +x): roll +90°.
        let rolledRight = Attitude(quaternion: Quaternion(axis: Vector3(x: 0, y: 1, z: 0), angle: .pi / 2))
        #expect(abs(rolledRight.roll - .pi / 2) < 1e-9)
        #expect(MotionTraces.gravity(for: rolledRight.quaternion).x > 0.999)
        // Turned counter-clockwise seen from above: yaw positive, and device x now points along reference +y.
        let turned = Attitude(quaternion: Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: 0.4))
        #expect(abs(turned.yaw - 0.4) < 1e-9)
        #expect(turned.quaternion.rotate(Vector3(x: 1, y: 0, z: 0)).y > 0)
    }

    @Test func rotationMatrixMatchesQuaternion() {
        let attitude = Self.attitude(roll: 0.7, pitch: -0.4, yaw: 2.2)
        let matrix = attitude.rotationMatrix
        let vectors = [Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: 0, z: 1), Vector3(x: 0.3, y: -2, z: 0.5)]
        for v in vectors {
            #expect((matrix * v - attitude.quaternion.inverseRotate(v)).norm < 1e-12)
        }
        // The third column is the reference up axis seen from the device, i.e. minus gravity.
        let gravity = MotionTraces.gravity(for: attitude.quaternion)
        #expect((Vector3(x: matrix.m13, y: matrix.m23, z: matrix.m33) + gravity).norm < 1e-12)
        // A rotation matrix is orthonormal.
        let rows = [
            Vector3(x: matrix.m11, y: matrix.m12, z: matrix.m13), Vector3(x: matrix.m21, y: matrix.m22, z: matrix.m23),
            Vector3(x: matrix.m31, y: matrix.m32, z: matrix.m33),
        ]
        for i in 0..<3 {
            for j in 0..<3 { #expect(abs(rows[i].dot(rows[j]) - (i == j ? 1 : 0)) < 1e-12) }
        }
    }

    @Test func multiplyByInverseOfItselfIsIdentity() {
        var attitude = Self.attitude(roll: 0.2, pitch: 0.9, yaw: -1.3)
        let reference = attitude
        attitude.multiply(byInverseOf: reference)
        #expect(attitude.quaternion.angle(to: .identity) < 1e-6)
    }

    @Test func multiplyByInverseOfGivesTheChangeInTheReferenceDeviceFrame() {
        let reference = Self.attitude(roll: 0.5, pitch: -0.3, yaw: 1.0)
        // Since `reference`, the device turned 90° about its own z axis (the screen normal).
        let turn = Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: .pi / 2)
        var attitude = Attitude(quaternion: reference.quaternion * turn)
        attitude.multiply(byInverseOf: reference)
        #expect(abs(attitude.yaw - .pi / 2) < 1e-9)
        #expect(abs(attitude.roll) < 1e-9 && abs(attitude.pitch) < 1e-9)
        #expect(attitude == Attitude(quaternion: reference.quaternion * turn).relative(to: reference))
    }
}
