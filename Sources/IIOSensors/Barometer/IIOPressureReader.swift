import SystemPackage

/// Reads a barometer's pressure by polling its sysfs attributes through libiio: `in_pressure_input` (kPa, as bmp280
/// and HID `press` give it) when the driver has it, else `in_pressure_raw` after the offset and scale discovery read
/// (st_pressure's lps22hb, ms5611, dps310). Every value is range-checked (``PressureReading/acceptedRange``).
///
/// A read is one attribute read (the driver may start a conversion: a few milliseconds on i2c), so a poll of a few Hz
/// is plenty for floors (``pollInterval``). Use the reader from one task at a time.
///
/// ```swift
/// let reader = try IIOPressureReader(barometer: inventory.barometer(for: imu)!, uri: "local:")
/// let kilopascal = try reader.read()
/// ```
public final class IIOPressureReader {
    /// Seconds between two polls a caller should leave: 4 Hz, far above the pace of a climb (a floor takes seconds).
    public static let pollInterval = 0.25

    /// The barometer read.
    public let barometer: IIODeviceInfo
    private let context: LibIIOContext
    private let channel: LibIIOChannel
    private let attribute: String
    private let scale: Double
    private let offset: Double
    /// Whether the context is this machine's, whose sysfs tells an unplugged barometer from one that does not answer.
    private let isLocal: Bool

    /// Opens `barometer` (from ``IIOInventory/barometers``) in the context at `uri`.
    public init(barometer: IIODeviceInfo, uri: String) throws(IIOSensorError) {
        self.barometer = barometer
        context = try openContext(uri: uri)
        isLocal = context.isLocal
        guard let device = context.devices.first(where: { $0.id == barometer.id }) else {
            throw .deviceRemoved(device: barometer.id)
        }
        guard let channel = device.channels.first(where: { !$0.isOutput && $0.type == .pressure && $0.axis == nil }),
            let info = barometer.channels.first(where: { $0.id == channel.id })
        else { throw .notPollable(device: barometer.id, reason: "it has no pressure channel") }
        let names = channel.attributeNames
        guard let attribute = ["input", "raw"].first(where: names.contains) else {
            throw .notPollable(device: barometer.id, reason: "it has neither in_pressure_input nor in_pressure_raw")
        }
        self.channel = channel
        self.attribute = attribute
        (scale, offset) = attribute == "input" ? (1, 0) : (info.scale, info.offset)
    }

    /// The sysfs file read, e.g. `/sys/bus/iio/devices/iio:device60/in_pressure_input`.
    public var attributePath: String {
        "/sys/bus/iio/devices/\(barometer.id)/\(channel.attributeFilename(attribute) ?? "in_pressure_\(attribute)")"
    }

    /// The pressure now, in kPa. Throws `malformedAttribute` for a value that is no number or outside
    /// ``PressureReading/acceptedRange``; for a read failing as an unplugged device's do, `deviceRemoved` when the
    /// device is gone from sysfs a second later and `deviceNotResponding` when it is still there (a loose wire), as
    /// the IMU's reads; the errno's error otherwise.
    public func read() throws(IIOSensorError) -> Double {
        let text: String
        switch channel.readAttribute(attribute) {
        case .success(let value): text = value
        case .failure(.permissionDenied), .failure(.notPermitted): throw .permissionDenied(path: attributePath)
        case .failure(let error) where DeviceReader.removalErrnos.contains(error):
            throw DeviceReader.classify(error, device: barometer, operation: "reading \(attributePath)", timeout: 0) {
                [isLocal, id = barometer.id] grace in
                // Only a local context can check sysfs; a remote one cannot tell.
                isLocal ? DeviceReader.staysPresent(id: id, grace: grace) : nil
            }
        case .failure(let error): throw .systemError(operation: "reading \(attributePath)", errno: error.rawValue)
        }
        let kilopascal =
            attribute == "input"
            ? PressureReading.kilopascal(input: text) : PressureReading.kilopascal(raw: text, scale: scale, offset: offset)
        guard let kilopascal else {
            throw .malformedAttribute(
                attribute: attributePath, value: String(text.prefix(64)), expected: PressureReading.expectation)
        }
        return kilopascal
    }
}
