/// An IMU appearing or disappearing, as seen by `IMUMonitor`.
public struct IMUChange: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// The IMU is there now and was not before.
        case added
        /// The IMU was there and is gone.
        case removed
    }

    /// What happened.
    public var kind: Kind
    /// The IMU, as it was described when present.
    public var imu: IMU
    /// Every IMU present after the change (the fresh enumeration).
    public var present: [IMU]

    /// Creates a change.
    public init(kind: Kind, imu: IMU, present: [IMU]) {
        self.kind = kind
        self.imu = imu
        self.present = present
    }
}
