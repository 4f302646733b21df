import MotionSamples

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
}
