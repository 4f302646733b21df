/// What an IIO channel measures, from libiio's channel type (`IIO_ACCEL`, `IIO_ANGL_VEL`, ...).
public enum ChannelType: String, Hashable, Sendable, Codable {
    /// `IIO_ACCEL`: acceleration, m/s^2 after scale and offset.
    case acceleration = "accel"
    /// `IIO_ANGL_VEL`: angular velocity, rad/s after scale and offset.
    case angularVelocity = "anglvel"
    /// `IIO_TIMESTAMP`: scan timestamp in nanoseconds.
    case timestamp
    /// `IIO_TEMP`: temperature, milli-degrees Celsius.
    case temperature = "temp"
    /// Anything else the device exposes.
    case other
}

/// The axis a channel measures along (libiio's `IIO_MOD_X/Y/Z`).
public enum Axis: String, Hashable, Sendable, Codable, CaseIterable {
    /// Device x axis.
    case x
    /// Device y axis.
    case y
    /// Device z axis.
    case z
}
