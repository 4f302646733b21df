/// An inertial measurement unit: an accelerometer and, where present, a gyroscope and a magnetometer.
///
/// A combined device (mpu6050, bmi160, bmi323-imu) is one IMU whose accelerometer and gyroscope
/// are the same IIO device. Split devices (`lsm6dso_accel` + `lsm6dso_gyro`, HID `accel_3d` +
/// `gyro_3d`, cros-ec accel + gyro) are paired by their parent device. The magnetometer is the same
/// device (mpu9250) or one beside it on the same board (see `IMUGrouping` for the rule).
public struct IMU: Hashable, Sendable {
    /// A name for the IMU: the device name, or the common stem of a split pair (`lsm6dso`).
    public var name: String
    /// The libiio URI the IMU was found through (`local:`, `ip:HOST`).
    public var uri: String
    /// The device with the accelerometer channels, if any.
    public var accelerometer: IIODeviceInfo?
    /// The device with the gyroscope channels, if any.
    public var gyroscope: IIODeviceInfo?
    /// The device with the magnetometer channels, if any.
    public var magnetometer: IIODeviceInfo?

    /// Creates an IMU description.
    public init(
        name: String, uri: String, accelerometer: IIODeviceInfo?, gyroscope: IIODeviceInfo?, magnetometer: IIODeviceInfo? = nil
    ) {
        self.name = name
        self.uri = uri
        self.accelerometer = accelerometer
        self.gyroscope = gyroscope
        self.magnetometer = magnetometer
    }

    /// The distinct IIO devices of the IMU (one for combined devices, up to three for split ones).
    public var devices: [IIODeviceInfo] {
        var result: [IIODeviceInfo] = []
        for device in [accelerometer, gyroscope, magnetometer].compactMap({ $0 }) where !result.contains(where: { $0.id == device.id }) {
            result.append(device)
        }
        return result
    }

    /// Where the IMU sits in a convertible (`lid`, `base`, `camera`): its accelerometer's location, else
    /// its gyroscope's; `nil` when the drivers say nothing.
    public var location: String? { accelerometer?.location ?? gyroscope?.location }

    /// Whether `query` names this IMU: its name, a member device's name or id, its sysfs parent, or
    /// its location (`lid`, `base`).
    public func matches(_ query: String) -> Bool {
        query == name || query == location || devices.contains { $0.name == query || $0.id == query || $0.parentPath == query }
    }
}
