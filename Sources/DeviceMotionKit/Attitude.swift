/// The orientation of the device relative to the reference frame, as CoreMotion's `CMAttitude`.
public struct Attitude: Hashable, Sendable {
    /// The orientation as a unit quaternion (device frame to reference frame).
    public var quaternion: Quaternion

    /// Creates an attitude from a unit quaternion.
    @inlinable
    public init(quaternion: Quaternion) {
        self.quaternion = quaternion
    }
}
