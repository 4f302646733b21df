/// What `Testbed.install` put into the tree.
public struct InstalledFixture: Sendable, Equatable {
    /// The fixture's name, e.g. `mpu6050`.
    public var name: String
    /// Every IIO device and trigger of the fixture, in file order (parents such as the i2c client are omitted).
    public var devices: [InstalledDevice]

    /// The IIO devices that are not triggers.
    public var iioDevices: [InstalledDevice] { devices.filter { !$0.isTrigger } }

    /// The triggers.
    public var triggers: [InstalledDevice] { devices.filter(\.isTrigger) }

    /// The installed device whose `name` attribute is `name`, if any.
    public func device(named name: String) -> InstalledDevice? {
        devices.first { $0.name == name }
    }
}

/// One IIO device or trigger in the testbed.
public struct InstalledDevice: Sendable, Equatable {
    /// The sysfs name, which is also libiio's device id, e.g. `iio:device0` or `trigger0`.
    public var sysname: String
    /// The `name` attribute, e.g. `mpu6050` or `mpu6050-dev0`.
    public var name: String
    /// The `label` attribute, if the driver has one (e.g. `accel-display`).
    public var label: String?
    /// The path as the process under test sees it, e.g. `/sys/devices/.../iio:device0`.
    public var syspath: String
    /// The device node as the process under test sees it, e.g. `/dev/iio:device0`, or `nil` (triggers, polled-only devices).
    public var devnode: String?
    /// Whether this is a trigger (`trigger<N>`).
    public var isTrigger: Bool
}
