import Logging
import SystemPackage

/// Finds the accelerometers, gyroscopes and magnetometers a libiio context exposes and groups them into IMUs.
///
/// ```swift
/// let imus = try IMUDiscovery(uri: "local:").imus()
/// ```
public struct IMUDiscovery: Sendable {
    /// The libiio URI: `local:` (sysfs), `ip:HOST[:PORT]` (a board running `iiod`).
    public var uri: String
    /// Where discovery logs what it skips and why.
    public var logger: Logger

    /// Creates a discovery for `uri`.
    public init(uri: String = "local:", logger: Logger = Logger(label: "imu-bridge.iio")) {
        self.uri = uri
        self.logger = logger
    }

    /// Every accelerometer and gyroscope, grouped into IMUs.
    public func imus() throws(IIOSensorError) -> [IMU] {
        try inventory().imus
    }

    /// The IMUs and a summary of every device of the context (for the no-accelerometer message).
    public func inventory() throws(IIOSensorError) -> IIOInventory {
        let context = try openContext(uri: uri)
        let described = try describeDevices(in: context)
        return IIOInventory(
            imus: IMUGrouping.imus(from: described.filter { $0.isAccelerometer || $0.isGyroscope || $0.isMagnetometer }, uri: uri),
            partialSensors: described.filter(\.isPartialMotionSensor).sorted { $0.id.naturallyPrecedes($1.id) },
            devices: IIOInventory.summaries(of: context),
            barometers: described.filter(\.isBarometer).sorted { $0.id.naturallyPrecedes($1.id) })
    }

    /// The IMU named by `query` (see `IMU.matches`: a name, device, id, parent or location such as
    /// `lid` / `base`), else the default: the first IMU with an accelerometer and a gyroscope, else the
    /// first with an accelerometer. On a Chromebook that is the base (cros-ec's `accel-base` pair),
    /// whose gyroscope gives full device motion; `lid` picks the display's accelerometer.
    public func imu(matching query: String?) throws(IIOSensorError) -> IMU {
        let inventory = try inventory()
        let imus = inventory.imus
        if let query {
            if let imu = imus.first(where: { $0.matches(query) }) { return imu }
            if let index = Int(query), imus.indices.contains(index) { return imus[index] }
            throw .deviceNotFound(requested: query, available: imus.map(\.name))
        }
        guard let imu = Self.defaultIMU(among: imus) else { throw inventory.noAccelerometer }
        return imu
    }

    /// The IMU taken when none is named: the first with both sensors, else the first with an accelerometer.
    public static func defaultIMU(among imus: [IMU]) -> IMU? {
        imus.first { $0.accelerometer != nil && $0.gyroscope != nil } ?? imus.first { $0.accelerometer != nil }
    }

    /// Describes every non-trigger device that has accelerometer or gyroscope channels (on any axis), a three-axis
    /// magnetometer, or a pressure channel.
    func describeDevices(in context: LibIIOContext) throws(IIOSensorError) -> [IIODeviceInfo] {
        let udev = context.isLocal ? LibUdev() : nil
        var result: [IIODeviceInfo] = []
        for device in context.devices where !device.isTrigger {
            let info: IIODeviceInfo
            do {
                info = try DeviceDescriber(device: device, isLocal: context.isLocal, udev: udev, logger: logger).describe()
            } catch  where context.isLocal && Self.isVanishedAttribute(error) && !Self.isPresent(device.id) {
                // Unplugged while its attributes were read (a replug races a rescan): not there, not an error.
                logger.debug("skipping \(device.id): it went away while being described (\(error))")
                continue
            }
            if info.isAccelerometer || info.isGyroscope || info.isPartialMotionSensor || info.isMagnetometer || info.isBarometer {
                result.append(info)
            } else {
                logger.debug("skipping \(device.id) (\(device.name ?? "unnamed")): no motion or pressure channels")
            }
        }
        return result
    }
}

extension IMUDiscovery {
    /// Whether `error` is a sysfs read that found no file or device (ENOENT, ENODEV, ENXIO): what reading a device's
    /// attributes gives while the kernel removes it.
    static func isVanishedAttribute(_ error: IIOSensorError) -> Bool {
        guard case .systemError(_, let code) = error else { return false }
        let vanished: [Errno] = [.noSuchFileOrDirectory, .operationNotSupportedByDevice, .noSuchAddressOrDevice]
        return vanished.contains(Errno(rawValue: code))
    }

    /// Whether the local IIO device `id` is still there (its `name` attribute opens).
    static func isPresent(_ id: String) -> Bool {
        guard let descriptor = try? FileDescriptor.open(FilePath("/sys/bus/iio/devices/\(id)/name"), .readOnly) else {
            return false
        }
        try? descriptor.close()
        return true
    }
}

/// Opens a libiio context and turns libiio's errno into a typed error with a fix.
/// Only `local:` and `ip:` are read: libiio's `xml:` backend has no attribute values or buffers, and
/// its `usb:` / `serial:` backends are refused before libiio tries them (their failures would read as
/// sysfs or network errors).
func openContext(uri: String) throws(IIOSensorError) -> LibIIOContext {
    guard uri.isEmpty || uri == "local" || uri.hasPrefix("local:") || uri.hasPrefix("ip:") else {
        throw .unsupportedURI(uri: uri)
    }
    try LibIIOLibrary.load()
    do {
        return try LibIIOContext(uri: uri)
    } catch {
        if uri.hasPrefix("local") || uri.isEmpty {
            switch error {
            case .noSuchFileOrDirectory: throw .noIIOSubsystem
            case .permissionDenied: throw .permissionDenied(path: "/sys/bus/iio/devices")
            default: throw .systemError(operation: "opening the IIO context \(uri)", errno: error.rawValue)
            }
        }
        throw .remoteUnreachable(uri: uri, reason: error.description)
    }
}
