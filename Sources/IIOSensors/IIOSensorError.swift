import SystemPackage

/// Everything that can go wrong between the kernel's IIO devices and a stream of samples.
///
/// Each case's `description` names the cause and the fix; the tools' exit status for each cause is mapped in one
/// place, `FailureReport` (CommandLineSupport), and documented in the README.
public enum IIOSensorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kernel exposes no IIO subsystem at all (`/sys/bus/iio/devices` is missing).
    case noIIOSubsystem
    /// IIO exists but no device has a three-axis accelerometer; `devices` describes what is there,
    /// each as `name (channel, ...)` (see `IIOInventory`).
    case noAccelerometer(devices: [String])
    /// The requested IMU does not exist; `available` lists what does.
    case deviceNotFound(requested: String, available: [String])
    /// The process may not open the device node or write a sysfs attribute.
    case permissionDenied(path: String)
    /// The device disappeared while in use (unplugged, driver unbound): a hotplug layer can wait for it.
    case deviceRemoved(device: String)
    /// The device produced no samples within the timeout.
    case refillTimeout(device: String, seconds: Double)
    /// A read or open failed with an errno that would mean a removal (EIO, ENXIO, ENODEV, ...) while the device stayed
    /// in sysfs: a sensor that does not answer on its bus (a loose wire, no power), not one that went away.
    case deviceNotResponding(device: String, operation: String, errno: Int32)
    /// A sysfs value could not be parsed.
    case malformedAttribute(attribute: String, value: String, expected: String)
    /// The remote `iiod` could not be reached.
    case remoteUnreachable(uri: String, reason: String)
    /// Any other system error, with the operation that failed.
    case systemError(operation: String, errno: Int32)
    /// The device's kernel buffer is held by another reader (EBUSY) and it has no `*_raw` attributes to
    /// poll instead; `holder` names the process when `/proc` shows it.
    case bufferBusy(device: String, holder: String?)
    /// The device cannot be read the way it was asked or offers: no `*_raw` attributes to poll and no
    /// usable buffer (no trigger of its own), or `--poll` on a buffer-only device.
    case notPollable(device: String, reason: String)
    /// A libiio URI whose backend cannot serve attribute values and buffers (`xml:`, `usb:`, `serial:`).
    case unsupportedURI(uri: String)
    /// libiio (`libiio.so.0`) cannot be loaded, or lacks a function: the loader's reason.
    case libraryUnavailable(reason: String)

    /// A message that names the cause and tells the user what to do.
    public var description: String {
        switch self {
        case .noIIOSubsystem:
            return "no IIO devices: /sys/bus/iio/devices does not exist. Is the sensor's driver loaded? "
                + "Check `lsmod | grep -i -e iio -e hid_sensor -e mpu6050 -e lsm6ds -e bmi160` and `dmesg | grep -i iio`."
        case .noAccelerometer(let devices):
            return "\(IIOInventory.sentence(devices)); is the accelerometer's driver loaded? `ls /sys/bus/iio/devices`; "
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
        case .deviceNotResponding(let device, let operation, let code):
            return "\(device) does not answer: \(operation) failed (\(Errno(rawValue: code).description)) while it is still "
                + "present, so it was not unplugged. Check its wiring and power, and `dmesg | tail` for bus errors."
        case .malformedAttribute(let attribute, let value, let expected):
            return "malformed sysfs value \(attribute) = '\(value)' (expected \(expected)): a driver bug or a "
                + "broken hwdb entry; check `cat` of the attribute and `udevadm info` for ACCEL_MOUNT_MATRIX."
        case .remoteUnreachable(let uri, let reason):
            return "cannot reach \(uri): \(reason). Is `iiod` running on the board and port \(Self.iiodPort(of: uri)) open?"
        case .systemError(let operation, let code):
            return "\(operation) failed: \(Errno(rawValue: code).description)"
        case .bufferBusy(let device, let holder):
            let user = holder.map { "in use by \($0)" } ?? "in use by another reader"
            return "the kernel buffer of \(device) is \(user) (EBUSY), and the device has no *_raw attributes to poll "
                + "instead: stop the other reader (iio-sensor-proxy: `sudo systemctl stop iio-sensor-proxy`) and retry."
        case .notPollable(let device, let reason):
            return "\(device) cannot be read: \(reason)."
        case .unsupportedURI(let uri):
            let scheme = uri.split(separator: ":", maxSplits: 1).first.map(String.init) ?? uri
            let why =
                switch scheme {
                case "xml": "libiio's xml: backend only describes channels; it reads no attribute values and opens no buffers"
                case "usb", "serial":
                    "libiio's \(scheme): backend talks to an iiod over \(scheme == "usb" ? "USB" : "a serial line"), which imu-bridge does not use"
                default: "it names no libiio backend imu-bridge reads"
                }
            return "unsupported libiio URI '\(uri)' (--uri): \(why); use 'local:' for this machine's /sys/bus/iio or "
                + "'ip:HOST[:PORT]' for a board running iiod."
        case .libraryUnavailable(let reason):
            return "reading IIO sensors needs libiio, which cannot be loaded (\(reason)); install the libiio0 package."
        }
    }
}

extension IIOSensorError {
    /// iiod's port in an `ip:` URI: the one it names (`ip:HOST:PORT`, `ip:[IPv6]:PORT`), or iiod's default, 30431.
    static func iiodPort(of uri: String) -> Int {
        let address = uri.hasPrefix("ip:") ? uri.dropFirst(3) : uri[...]
        let afterHost = address.hasPrefix("[") ? address.split(separator: "]", maxSplits: 1).dropFirst().first : address
        guard let afterHost, afterHost.filter({ $0 == ":" }).count == 1, let colon = afterHost.lastIndex(of: ":"),
            let port = Int(afterHost[afterHost.index(after: colon)...]), (1...65535).contains(port)
        else { return 30431 }
        return port
    }
}

extension Double {
    /// The value with at most two decimals, for messages.
    var formatted2: String {
        let rounded = (self * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
