#if canImport(Glibc)
import Glibc
#endif

/// The orientation of the device relative to the reference frame, as CoreMotion's `CMAttitude`.
///
/// The reference frame is `xArbitraryZVertical`: z points up (against gravity), x is a horizontal direction fixed
/// when updates start. Euler angles follow CoreMotion: the attitude is `Rz(yaw) · Rx(pitch) · Ry(roll)`, so
/// lying face up all three are zero, standing upright in portrait `pitch == +pi/2`, and yaw grows when the
/// device turns counter-clockwise seen from above.
public struct Attitude: Hashable, Sendable {
    /// The orientation as a unit quaternion (device frame to reference frame).
    public var quaternion: Quaternion

    /// Creates an attitude from a unit quaternion.
    @inlinable
    public init(quaternion: Quaternion) {
        self.quaternion = quaternion
    }

    /// The attitude as a matrix that maps reference-frame vectors into the device frame, as `CMRotationMatrix`.
    ///
    /// Its third column is the reference frame's up axis seen from the device, so
    /// `gravity == -(m13, m23, m33)`; it is the transpose of `RotationMatrix(quaternion)`.
    public var rotationMatrix: RotationMatrix { RotationMatrix(quaternion).transposed }

    /// Rotation about the device's y axis (the long axis), in radians, -pi to pi.
    public var roll: Double {
        let q = quaternion
        return atan2(2 * (q.w * q.y - q.x * q.z), 1 - 2 * (q.x * q.x + q.y * q.y))
    }

    /// Rotation about the device's x axis (the lateral axis), in radians, -pi/2 to pi/2.
    public var pitch: Double {
        let q = quaternion
        return asin(max(-1, min(1, 2 * (q.y * q.z + q.w * q.x))))
    }

    /// Rotation about the vertical, in radians, -pi to pi; counter-clockwise seen from above is positive.
    public var yaw: Double {
        let q = quaternion
        return atan2(2 * (q.w * q.z - q.x * q.y), 1 - 2 * (q.x * q.x + q.z * q.z))
    }

    /// The attitude change from `reference` to this attitude, expressed in `reference`'s device frame.
    ///
    /// `attitude.relative(to: attitude)` is the identity; a device turned by 90° about its own z axis since
    /// `reference` reports `yaw == pi/2`.
    public func relative(to reference: Attitude) -> Attitude {
        Attitude(quaternion: (reference.quaternion.conjugate * quaternion).normalized)
    }

    /// Replaces this attitude with the change relative to `reference`, as CoreMotion's `multiply(byInverseOf:)`.
    public mutating func multiply(byInverseOf reference: Attitude) {
        self = relative(to: reference)
    }
}

extension Attitude {
    /// The heading in degrees, 0..<360, clockwise seen from above: ``yaw`` as a compass reads it (0 when the
    /// device's x axis points along the reference frame's, 90 when it points 90° clockwise from it, to the east
    /// in a north frame). Meaningful only in the north reference frames.
    public var heading: Double {
        let degrees = -yaw * 180 / .pi
        let wrapped = degrees < 0 ? degrees + 360 : degrees
        return wrapped >= 360 ? 0 : wrapped
    }
}
