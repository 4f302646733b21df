extension IMU {
    /// The key a magnetometer calibration of this IMU is saved under (imu-calibrate --live) and found by (the tools
    /// opening a live IMU: imu-record, imu-classify --live, imu-steps --live, through CommandLineSupport's
    /// `CalibrationOptions`): `<magnetometer name>@<its parent's sysfs path>`, or `nil` without a magnetometer.
    ///
    /// The parent is the bus device the driver bound to (`1-0068`: i2c bus 1, address 0x68; `spi0.0`; a HID hub's
    /// sensor under its USB port), which stays the same across boots and re-plugs into the same port, unlike the
    /// `iio:deviceN` number. Its path is taken below `/sys/devices`, without the numbers the kernel hands out in
    /// enumeration order (a HID device's `.0002` instance, a platform device's `.3.auto` id), with `/` as `_`:
    /// `mpu9250@platform_soc_fe804000.i2c_i2c-1_1-0068`. Over iiod (no sysfs path) it is the IMU's and the
    /// magnetometer's names, `<imu>-<magnetometer>`, which two boards of one model share.
    public var calibrationKey: String? {
        guard let magnetometer else { return nil }
        guard let parent = magnetometer.parentPath.flatMap(Self.stableBusPath) else { return "\(name)-\(magnetometer.name)" }
        return "\(magnetometer.name)@\(parent)"
    }

    /// `path` below `/sys/devices` without enumeration-order numbers, `/` as `_`; `nil` when empty.
    static func stableBusPath(_ path: String) -> String? {
        var components = path.split(separator: "/").map(String.init)
        if components.starts(with: ["sys", "devices"]) { components.removeFirst(2) }
        let stable = components.map { component -> String in
            var parts = component.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            // `HID-SENSOR-200083.3.auto`: PLATFORM_DEVID_AUTO's id, handed out in creation order.
            if parts.count >= 3, parts.last == "auto", parts[parts.count - 2].allSatisfy(\.isNumber) {
                parts.remove(at: parts.count - 2)
            }
            // `0003:8087:0AC2.0002`: a HID device is bus:vendor:product.instance, the instance counted at enumeration.
            if parts.count == 2, parts[0].split(separator: ":").count == 3, parts[1].count == 4, parts[1].allSatisfy(\.isHexDigit) {
                parts.removeLast()
            }
            return parts.joined(separator: ".")
        }
        return stable.isEmpty ? nil : stable.joined(separator: "_")
    }
}
