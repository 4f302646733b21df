/// One row of `device_events`: an IMU appearing or going away, or the writer starting or stopping.
public struct DeviceEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable {
        /// An IMU appeared (or was found at the start) and streams.
        case added
        /// The IMU went away (unplugged, driver unbound).
        case removed
        /// The writer (imu-classify) started.
        case started
        /// The writer stopped cleanly.
        case stopped
    }

    /// When, in Unix seconds.
    public let date: Double
    /// What happened.
    public let event: Kind
    /// The IMU's name; empty when none is involved.
    public let device: String

    /// Creates an event.
    public init(date: Double, event: Kind, device: String) {
        self.date = date
        self.event = event
        self.device = device
    }
}
