import Foundation

/// The devices, channels and attributes that `iio_info` (libiio-utils 0.24) printed, parsed from its text.
public struct IIOInfoListing: Sendable, Equatable {
    /// One device or trigger as `iio_info` lists it.
    public struct Device: Sendable, Equatable {
        /// The id, e.g. `iio:device0` or `trigger0`.
        public var id: String
        /// The name, e.g. `mpu6050`.
        public var name: String
        /// The label, if `iio_info` showed one.
        public var label: String?
        /// Whether `iio_info` called it "buffer capable".
        public var isBufferCapable: Bool
        /// The channels in printed order.
        public var channels: [Channel]
        /// The device-specific attributes.
        public var attributes: [String: String]
        /// The buffer-specific attributes.
        public var bufferAttributes: [String: String]
        /// The current trigger as printed, e.g. `trigger0(mpu6050-dev0)`, or `nil` for "No trigger on this device".
        public var currentTrigger: String?

        /// The channel with this id, if listed.
        public func channel(_ id: String) -> Channel? {
            channels.first { $0.id == id }
        }
    }

    /// One channel as `iio_info` lists it.
    public struct Channel: Sendable, Equatable {
        /// The id, e.g. `accel_x`.
        public var id: String
        /// The scan index, for scan elements.
        public var index: Int?
        /// The format, e.g. `be:S16/16>>0`, for scan elements.
        public var format: String?
        /// Whether libiio could not tell the channel type (printed as `WARN:...UNKNOWN`).
        public var isUnknownType: Bool
        /// The channel-specific attributes.
        public var attributes: [String: String]
    }

    /// The devices in printed order.
    public var devices: [Device]

    /// The device with this id, if listed.
    public func device(_ id: String) -> Device? {
        devices.first { $0.id == id }
    }

    /// Parses `iio_info -u local:` output.
    public init(_ text: String) {
        enum Section { case channel, device, buffer, other }
        var devices: [Device] = []
        var section = Section.other
        var inDeviceList = false
        for rawLine in text.split(separator: "\n") {
            let depth = rawLine.prefix { $0 == "\t" }.count
            let line = rawLine.dropFirst(depth)
            if depth == 0 {
                inDeviceList = line.hasPrefix("IIO context has ") && line.hasSuffix(" devices:")
                continue
            }
            guard inDeviceList else { continue }
            // `id: name`, or just `id:` for a device without a name (such as iio_sysfs_trigger).
            let nameless = line.hasSuffix(":") ? line.index(before: line.endIndex)..<line.endIndex : nil
            if depth == 1, let separator = line.range(of: ": ") ?? nameless {
                var title = String(line[separator.upperBound...])
                let isBufferCapable = title.hasSuffix(" (buffer capable)")
                if isBufferCapable { title = String(title.dropLast(" (buffer capable)".count)) }
                var label: String?
                if let range = title.range(of: " (label: "), title.hasSuffix(")") {
                    label = String(title[range.upperBound..<title.index(before: title.endIndex)])
                    title = String(title[..<range.lowerBound])
                }
                devices.append(
                    Device(
                        id: String(line[..<separator.lowerBound]), name: title, label: label, isBufferCapable: isBufferCapable,
                        channels: [], attributes: [:], bufferAttributes: [:], currentTrigger: nil))
                section = .other
                continue
            }
            guard !devices.isEmpty else { continue }
            let last = devices.count - 1
            if depth == 3, line.contains(":  ("), let colon = line.firstIndex(of: ":") {
                let details = String(line[colon...])
                devices[last].channels.append(
                    Channel(
                        id: String(line[..<colon]),
                        index: Self.field("index: ", in: details).flatMap { Int($0) },
                        format: Self.field("format: ", in: details),
                        isUnknownType: details.contains("UNKNOWN"),
                        attributes: [:]))
            } else if line.hasSuffix("channel-specific attributes found:") {
                section = .channel
            } else if line.hasSuffix("device-specific attributes found:") {
                section = .device
            } else if line.hasSuffix("buffer-specific attributes found:") {
                section = .buffer
            } else if line.hasSuffix("attributes found:") {
                section = .other
            } else if line.hasPrefix("Current trigger: ") {
                devices[last].currentTrigger = String(line.dropFirst("Current trigger: ".count))
            } else if line.hasPrefix("attr "), let (key, value) = Self.attribute(line) {
                switch section {
                case .channel where !devices[last].channels.isEmpty:
                    devices[last].channels[devices[last].channels.count - 1].attributes[key] = value
                case .device: devices[last].attributes[key] = value
                case .buffer: devices[last].bufferAttributes[key] = value
                default: break
                }
            }
        }
        self.devices = devices
    }

    /// The text after `key` up to the next `,` or `)`.
    private static func field(_ key: String, in text: String) -> String? {
        guard let range = text.range(of: key) else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "," && $0 != ")" })
    }

    /// Splits `attr  0: scale value: 0.000598` into `("scale", "0.000598")`.
    private static func attribute(_ line: Substring) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":"), let valueRange = line.range(of: " value: ") else { return nil }
        let key = line[line.index(after: colon)..<valueRange.lowerBound].trimmingCharacters(in: .whitespaces)
        return (key, String(line[valueRange.upperBound...]))
    }
}
