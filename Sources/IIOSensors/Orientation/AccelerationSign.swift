/// The sign convention a driver family reports acceleration in.
public enum AccelerationSign: String, Hashable, Sendable, Codable {
    /// Specific force, as discrete IMUs (MPU, BMI, LSM, LIS3DH, cros-ec) report it: about +9.81 m/s^2
    /// on the axis pointing up at rest. CoreMotion's sign is the opposite.
    case specificForce
    /// The Windows convention of HID sensor hubs (upright reads y about -1 g), which is CoreMotion's.
    case coreMotion

    /// The sign for `device`, decided by its driver: HID sensor hub devices sit on `HID-SENSOR-*`
    /// platform cells and are named `accel_3d`/`gravity`.
    static func of(name: String?, parentPath: String?) -> AccelerationSign {
        if let parentPath, parentPath.split(separator: "/").last?.hasPrefix("HID-SENSOR-") == true {
            return .coreMotion
        }
        return name == "accel_3d" || name == "gravity" ? .coreMotion : .specificForce
    }
}
