import Logging
import SystemPackage

/// Finds the accelerometers and gyroscopes a libiio context exposes and groups them into IMUs.
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
        let context = try openContext(uri: uri)
        return IMUGrouping.imus(from: try describeDevices(in: context), uri: uri)
    }

    /// The IMU named by `query` (see `IMU.matches`), or the first IMU with an accelerometer.
    public func imu(matching query: String?) throws(IIOSensorError) -> IMU {
        let context = try openContext(uri: uri)
        let devices = try describeDevices(in: context)
        let imus = IMUGrouping.imus(from: devices, uri: uri)
        if let query {
            if let imu = imus.first(where: { $0.matches(query) }) { return imu }
            if let index = Int(query), imus.indices.contains(index) { return imus[index] }
            throw .deviceNotFound(requested: query, available: imus.map(\.name))
        }
        guard let imu = imus.first(where: { $0.accelerometer != nil }) else {
            throw .noAccelerometer(devices: context.devices.filter { !$0.isTrigger }.map { $0.name ?? $0.id })
        }
        return imu
    }

    /// Describes every non-trigger device that has accelerometer or gyroscope channels.
    func describeDevices(in context: LibIIOContext) throws(IIOSensorError) -> [IIODeviceInfo] {
        let udev = context.isLocal ? LibUdev() : nil
        var result: [IIODeviceInfo] = []
        for device in context.devices where !device.isTrigger {
            let info = try DeviceDescriber(device: device, udev: udev, logger: logger).describe()
            if info.isAccelerometer || info.isGyroscope {
                result.append(info)
            } else {
                logger.debug("skipping \(device.id) (\(device.name ?? "unnamed")): no accelerometer or gyroscope channels")
            }
        }
        return result
    }
}

/// Opens a libiio context and turns libiio's errno into a typed error with a fix.
func openContext(uri: String) throws(IIOSensorError) -> LibIIOContext {
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
