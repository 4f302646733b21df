import IIOSensors

/// The human-readable `imu-list` output: one block per IMU, then one per sensor of fewer than three
/// axes, one line per channel.
struct IMUTable {
    /// The IMUs, sensors of fewer than three axes and barometers found.
    let inventory: IIOInventory
    /// The libiio URI the sensors were found through.
    let uri: String

    var text: String {
        var out = ""
        for (index, imu) in inventory.imus.enumerated() {
            let kind =
                imu.accelerometer?.id == imu.gyroscope?.id
                ? "combined" : imu.gyroscope == nil ? "accelerometer only" : imu.accelerometer == nil ? "gyroscope only" : "split"
            let location = imu.location.map { ", \($0)" } ?? ""
            let magnetometer =
                imu.magnetometer.map { $0.id == imu.accelerometer?.id ? ", magnetometer built in" : ", magnetometer \($0.name)" } ?? ""
            let barometer = inventory.barometer(for: imu)
            out += "IMU \(index): \(imu.name) (\(kind)\(magnetometer)\(barometer.map { ", barometer \($0.name)" } ?? ""), "
            out += "\(imu.uri)\(location))\n"
            for device in imu.devices {
                out += describe(device)
            }
            if let barometer { out += describe(barometer) }
            out += "\n"
        }
        for sensor in inventory.partialSensors {
            let location = sensor.location.map { ", \($0)" } ?? ""
            out += "Sensor: \(sensor.name) (\(Self.kind(of: sensor)), not streamed, \(uri)\(location))\n"
            out += describe(sensor) + "\n"
        }
        for barometer in inventory.unpairedBarometers {
            let location = barometer.location.map { ", \($0)" } ?? ""
            out += "Barometer: \(barometer.name) (pressure, with no IMU, \(uri)\(location))\n"
            out += describe(barometer) + "\n"
        }
        return out
    }

    /// The mount-matrix line of each sensor of a device with several.
    private static let mountLabels: [ChannelType: String] = [
        .acceleration: "accel mount", .angularVelocity: "gyro mount", .magneticField: "magn mount",
    ]

    /// `2-axis gyroscope x, y`, `1-axis accelerometer z`: what a sensor of fewer than three axes measures.
    static func kind(of sensor: IIODeviceInfo) -> String {
        [(ChannelType.acceleration, "accelerometer"), (.angularVelocity, "gyroscope")].compactMap { type, noun in
            let axes = sensor.axes(of: type)
            return axes.isEmpty ? nil : "\(axes.count)-axis \(noun) \(axes.map(\.rawValue).joined(separator: ", "))"
        }.joined(separator: " and ")
    }

    private func describe(_ device: IIODeviceInfo) -> String {
        var lines: [String] = []
        let label = device.label.map { ", label \($0)" } ?? ""
        let location = device.location.map { ", location \($0)" } ?? ""
        lines.append("  \(device.id)  \(device.name)\(label)\(location)")
        if let parent = device.parentPath { lines.append("    parent      \(parent)") }
        let capture: String
        if !device.isBufferCapable {
            capture = "polled (no buffer)"
        } else if device.hasTriggerDirectory {
            capture = "buffered, trigger \(device.currentTrigger ?? "(none set)")"
        } else {
            capture = "buffered (hardware FIFO, no trigger)"
        }
        let pollable = device.isBufferCapable && !device.isPollable ? "; no *_raw, cannot be polled" : ""
        lines.append("    capture     \(capture)\(pollable)")
        if device.hasDeviceNode == false {
            let instead = device.isPollable ? "its *_raw are polled instead" : "it cannot be read"
            lines.append("    node        \(device.devicePath) missing: \(instead) (pass the node into the container)")
        }
        for frequency in device.samplingFrequencies {
            let current = frequency.current.map { "\($0.compact) Hz" } ?? "unknown"
            let available = frequency.available.isEmpty ? "" : "  (available: \(frequency.available.map(\.compact).joined(separator: " ")))"
            lines.append("    rate        \(current)\(available)  [\(frequency.attributeName)]")
        }
        lines.append("    clock       \(device.timestampClock ?? "n/a")")
        let types = [ChannelType.acceleration, .angularVelocity, .magneticField].filter(device.hasVector)
        for type in types {
            let mountLabel = types.count == 1 ? "mount" : Self.mountLabels[type] ?? "mount"
            lines.append(
                "    \(mountLabel.padding(12))\(device.mountMatrix(for: type).description)  [\(device.mountMatrixSource(for: type))]")
        }
        if let hwdb = device.hwdbMountMatrix {
            lines.append("    \("hwdb".padding(12))\(hwdb.text)  [ACCEL_MOUNT_MATRIX as written, in the HID sign]")
        }
        for channel in device.channels where channel.type != .other {
            let format = channel.format.map { "\($0.description) @\(channel.scanIndex ?? -1)" } ?? "not buffered"
            lines.append(
                "    \(channel.id.padding(12))\(format.padding(22)) scale \(channel.scale.compact)  offset \(channel.offset.compact)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string padded with spaces to `width`.
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

extension Double {
    /// `50` rather than `50.0`.
    var compact: String { self == rounded() && abs(self) < 1e12 ? String(Int(self)) : String(self) }
}
