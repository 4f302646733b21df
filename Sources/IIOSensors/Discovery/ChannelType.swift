/// What an IIO channel measures, from libiio's channel type (`IIO_ACCEL`, `IIO_ANGL_VEL`, `IIO_MAGN`, ...).
public enum ChannelType: String, Hashable, Sendable, Codable {
    /// `IIO_ACCEL`: acceleration, m/s^2 after scale and offset.
    case acceleration = "accel"
    /// `IIO_ANGL_VEL`: angular velocity, rad/s after scale and offset.
    case angularVelocity = "anglvel"
    /// `IIO_MAGN`: magnetic field, Gauss after scale and offset (kernel ABI, `in_magn_x_raw` in
    /// Documentation/ABI/testing/sysfs-bus-iio: "converted by application of offset then scale to Gauss").
    case magneticField = "magn"
    /// `IIO_TIMESTAMP`: scan timestamp in nanoseconds.
    case timestamp
    /// `IIO_TEMP`: temperature, milli-degrees Celsius.
    case temperature = "temp"
    /// `IIO_PRESSURE`: barometric pressure, kilopascal (`in_pressure_input`, or `in_pressure_raw` after offset and
    /// scale; Documentation/ABI/testing/sysfs-bus-iio: "units after application of scale and offset are kilopascal").
    case pressure
    /// Anything else the device exposes.
    case other

    /// The three-axis types imu-bridge streams: acceleration, angular velocity, magnetic field.
    static let vectors: [ChannelType] = [.acceleration, .angularVelocity, .magneticField]
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
