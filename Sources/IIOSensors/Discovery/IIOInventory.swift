/// What a libiio context holds: its IMUs, and every non-trigger device as `name (channel, ...)`
/// (e.g. `ad7291 (voltage0, voltage1, temp)`), for saying what is there when no IMU has an accelerometer.
public struct IIOInventory: Hashable, Sendable {
    /// The accelerometers and gyroscopes, grouped into IMUs (gyroscope-only ones too).
    public var imus: [IMU]
    /// The sensors with acceleration or angular velocity on fewer than three axes (a 2-axis
    /// gyroscope or accelerometer), in id order: listed, never grouped into an IMU or streamed.
    public var partialSensors: [IIODeviceInfo]
    /// Every non-trigger device as `name (channel, ...)`, in the context's order.
    public var devices: [String]
    /// The barometers (IIO pressure sensors), in id order: listed, and polled by imu-steps for floors.
    public var barometers: [IIODeviceInfo] = []

    /// The error a tool reports when no IMU has an accelerometer: it names every device there is.
    public var noAccelerometer: IIOSensorError { .noAccelerometer(devices: devices) }

    /// Devices named in one message at most; the rest are counted.
    static let maximumDevices = 12
    /// Channels named per device at most; the rest are counted.
    static let maximumChannels = 8

    /// `name (channel, ...)`: the channel ids in natural order (libiio lists attribute-only channels in
    /// directory order), the timestamp left out, at most `maximumChannels` of them (a hostile device may have thousands).
    public static func summary(name: String, channels: [String]) -> String {
        let shown = channels.filter { $0 != "timestamp" }.sorted { $0.naturallyPrecedes($1) }
        guard !shown.isEmpty else { return "\(name) (no channels)" }
        var listed = shown.prefix(maximumChannels).joined(separator: ", ")
        if shown.count > maximumChannels { listed += ", \(shown.count - maximumChannels) more" }
        return "\(name) (\(listed))"
    }

    /// `2 IIO devices, none with an accelerometer: a (...), b (...)`, or `no IIO devices at all`.
    public static func sentence(_ devices: [String]) -> String {
        guard !devices.isEmpty else { return "no IIO devices at all, none with an accelerometer" }
        let count = devices.count == 1 ? "1 IIO device" : "\(devices.count) IIO devices"
        var listed = devices.prefix(maximumDevices).joined(separator: ", ")
        if devices.count > maximumDevices { listed += ", and \(devices.count - maximumDevices) more" }
        return "\(count), none with an accelerometer: \(listed)"
    }

    /// The summaries of every non-trigger device of `context`.
    static func summaries(of context: LibIIOContext) -> [String] {
        context.devices.filter { !$0.isTrigger }.map { device in
            summary(name: device.name ?? device.id, channels: device.channels.map(\.id))
        }
    }
}

extension IIODeviceInfo {
    /// `name (channel, ...)`, as the no-accelerometer message names a device.
    public var summary: String { IIOInventory.summary(name: name, channels: channels.map(\.id)) }
}
