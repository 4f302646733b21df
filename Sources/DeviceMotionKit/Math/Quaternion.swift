import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// A unit quaternion `w + xi + yj + zk` describing a rotation; rotates device-frame vectors into the reference frame.
public struct Quaternion: Hashable, Sendable, Codable {
    /// Scalar part.
    public var w: Double
    /// First vector component.
    public var x: Double
    /// Second vector component.
    public var y: Double
    /// Third vector component.
    public var z: Double

    /// Creates a quaternion from its components (not normalised).
    @inlinable
    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// The identity rotation.
    public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

    /// The rotation by `angle` radians about `axis` (right-hand rule); the axis need not be normalised.
    ///
    /// A zero axis gives the identity.
    @inlinable
    public init(axis: Vector3, angle: Double) {
        let length = axis.norm
        guard length > 0 else {
            self = .identity
            return
        }
        let scale = sin(angle / 2) / length
        self.init(w: cos(angle / 2), x: axis.x * scale, y: axis.y * scale, z: axis.z * scale)
    }

    /// The rotation vector `axis * angle` turned into a quaternion: rotation by `|v|` radians about `v`.
    @inlinable
    public init(rotationVector v: Vector3) {
        self.init(axis: v, angle: v.norm)
    }

    /// Euclidean length of the four components.
    @inlinable
    public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }

    /// The quaternion scaled to unit length; the identity if the length is zero or not finite.
    @inlinable
    public var normalized: Quaternion {
        let length = norm
        guard length > 0, length.isFinite else { return .identity }
        return Quaternion(w: w / length, x: x / length, y: y / length, z: z / length)
    }

    /// The conjugate, which is the inverse rotation for a unit quaternion.
    @inlinable
    public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    /// The vector part `(x, y, z)`.
    @inlinable
    public var vector: Vector3 { Vector3(x: x, y: y, z: z) }

    /// Four-dimensional dot product; negative when the two quaternions lie on opposite hemispheres.
    @inlinable
    public func dot(_ other: Quaternion) -> Double { w * other.w + x * other.x + y * other.y + z * other.z }

    /// The same rotation with all four components negated.
    @inlinable
    public static prefix func - (q: Quaternion) -> Quaternion { Quaternion(w: -q.w, x: -q.x, y: -q.y, z: -q.z) }

    /// Hamilton product `lhs ⊗ rhs`: the rotation `rhs` followed by `lhs`.
    @inlinable
    public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        Quaternion(
            w: lhs.w * rhs.w - lhs.x * rhs.x - lhs.y * rhs.y - lhs.z * rhs.z,
            x: lhs.w * rhs.x + lhs.x * rhs.w + lhs.y * rhs.z - lhs.z * rhs.y,
            y: lhs.w * rhs.y - lhs.x * rhs.z + lhs.y * rhs.w + lhs.z * rhs.x,
            z: lhs.w * rhs.z + lhs.x * rhs.y - lhs.y * rhs.x + lhs.z * rhs.w
        )
    }

    /// Rotates `v` by this (unit) quaternion: `q ⊗ v ⊗ q*`, device frame into reference frame.
    @inlinable
    public func rotate(_ v: Vector3) -> Vector3 {
        let u = vector
        let t = 2 * u.cross(v)
        return v + w * t + u.cross(t)
    }

    /// Rotates a reference-frame `v` into the device frame (the inverse rotation).
    @inlinable
    public func inverseRotate(_ v: Vector3) -> Vector3 { conjugate.rotate(v) }

    /// The smallest angle, in radians, of the rotation taking `self` to `other` (0 to pi).
    @inlinable
    public func angle(to other: Quaternion) -> Double {
        2 * acos(Swift.min(1, abs(dot(other)) / (norm * other.norm)))
    }
}
