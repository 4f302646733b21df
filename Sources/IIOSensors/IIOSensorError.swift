import SystemPackage

/// Everything that can go wrong between the kernel's IIO devices and a stream of samples.
///
/// Each case's `description` names the cause and the fix; `exitCode` gives command-line tools a
/// distinct status per cause (documented in the README).
public enum IIOSensorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kernel exposes no IIO subsystem at all (`/sys/bus/iio/devices` is missing).
    case noIIOSubsystem
    /// IIO exists but no device has accelerometer channels.
    case noAccelerometer(devices: [String])
    /// The requested IMU does not exist; `available` lists what does.
    case deviceNotFound(requested: String, available: [String])
    /// The process may not open the device node or write a sysfs attribute.
    case permissionDenied(path: String)
    /// The device disappeared while in use (unplugged, driver unbound): a hotplug layer can wait for it.
    case deviceRemoved(device: String)
    /// The device produced no samples within the timeout.
    case refillTimeout(device: String, seconds: Double)
    /// A sysfs value could not be parsed.
    case malformedAttribute(attribute: String, value: String, expected: String)
    /// The remote `iiod` could not be reached.
    case remoteUnreachable(uri: String, reason: String)
    /// Any other system error, with the operation that failed.
    case systemError(operation: String, errno: Int32)

    /// A message that names the cause and tells the user what to do.
    public var description: String {
        switch self {
        case .noIIOSubsystem:
            return "no IIO devices: /sys/bus/iio/devices does not exist. Is the sensor's driver loaded? "
                + "Check `lsmod | grep -i -e iio -e hid_sensor -e mpu6050 -e lsm6ds -e bmi160` and `dmesg | grep -i iio`."
        case .noAccelerometer(let devices):
            let found = devices.isEmpty ? "no IIO devices at all" : "only " + devices.joined(separator: ", ")
            return "no IIO accelerometer found (\(found)): is the driver loaded? `ls /sys/bus/iio/devices`; "
                + "on a Raspberry Pi enable the IMU's device-tree overlay, e.g. `dtoverlay=mpu6050` in config.txt."
        case .deviceNotFound(let requested, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "no IMU matches '\(requested)'; available: \(list). Run `imu-list` to see names and ids."
        case .permissionDenied(let path):
            return "permission denied on \(path): install udev/70-imu-bridge.rules (`sudo make install-udev`) "
                + "and add yourself to group imu (`sudo usermod -aG imu $USER`, then log in again), or run as root."
        case .deviceRemoved(let device):
            return "sensor removed: \(device) disappeared while streaming (unplugged or driver unbound). "
                + "Reconnect it (or rebind its driver); run with --wait to resume automatically when it is back."
        case .refillTimeout(let device, let seconds):
            return "no samples from \(device) within \(seconds.formatted2) s: the sensor may lack a data-ready "
                + "interrupt or a working trigger."
        case .malformedAttribute(let attribute, let value, let expected):
            return "malformed sysfs value \(attribute) = '\(value)' (expected \(expected)): a driver bug or a "
                + "broken hwdb entry; check `cat` of the attribute and `udevadm info` for ACCEL_MOUNT_MATRIX."
        case .remoteUnreachable(let uri, let reason):
            return "cannot reach \(uri): \(reason). Is `iiod` running on the board and port 30431 open?"
        case .systemError(let operation, let code):
            return "\(operation) failed: \(Errno(rawValue: code).description)"
        }
    }

    /// A distinct process exit status for each cause (64 is reserved for usage errors).
    public var exitCode: Int32 {
        switch self {
        case .noIIOSubsystem: 3
        case .noAccelerometer: 4
        case .deviceNotFound: 5
        case .permissionDenied: 6
        case .deviceRemoved: 7
        case .refillTimeout: 8
        case .malformedAttribute: 9
        case .remoteUnreachable: 10
        case .systemError: 1
        }
    }
}

extension Double {
    /// The value with at most two decimals, for messages.
    var formatted2: String {
        let rounded = (self * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
