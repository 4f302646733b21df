import SystemPackage

/// Reads one libiio device into an `IIODeviceInfo`: channels with scale and offset, sampling
/// frequency, mount matrix (hwdb first), trigger and timestamp clock.
struct DeviceDescriber {
    let device: LibIIODevice
    let udev: LibUdev?

    func describe() throws(IIOSensorError) -> IIODeviceInfo {
        let id = device.id
        let udevDevice = udev?.device(subsystem: "iio", sysname: id)
        let channels = device.channels.filter { !$0.isOutput }
        let deviceAttributes = Set(device.attributeNames)
        var infos: [IIOChannelInfo] = []
        for channel in channels {
            infos.append(
                IIOChannelInfo(
                    id: channel.id, type: channel.type, axis: channel.axis,
                    scanIndex: channel.isScanElement ? channel.scanIndex : nil, format: channel.format,
                    scale: try number(channel, "scale", deviceAttributes, default: 1),
                    offset: try number(channel, "offset", deviceAttributes, default: 0)))
        }
        let (matrices, source) = try mountMatrices(channels, deviceAttributes, hwdb: udevDevice?.property("ACCEL_MOUNT_MATRIX"))
        let trigger = device.currentTrigger()
        let hasTriggerDirectory: Bool
        switch trigger {
        case .failure(.noSuchFileOrDirectory): hasTriggerDirectory = false
        default: hasTriggerDirectory = true
        }
        let parentPath = udevDevice?.parentSyspath
        let name = device.name ?? id
        return IIODeviceInfo(
            id: id, name: name,
            label: device.label ?? (deviceAttributes.contains("location") ? try? device.readAttribute("location").get() : nil),
            parentPath: parentPath, channels: infos,
            samplingFrequencies: samplingFrequencies(channels, deviceAttributes),
            mountMatrices: matrices, mountMatrixSource: source,
            isBufferCapable: infos.contains { $0.scanIndex != nil && ($0.type == .acceleration || $0.type == .angularVelocity) },
            hasTriggerDirectory: hasTriggerDirectory,
            currentTrigger: (try? trigger.get())??.name,
            timestampClock: deviceAttributes.contains("current_timestamp_clock")
                ? try? device.readAttribute("current_timestamp_clock").get() : nil,
            accelerationSign: AccelerationSign.of(name: name, parentPath: parentPath))
    }

    /// A channel's number attribute (`in_accel_x_scale`, `in_accel_scale`), else the device-wide one
    /// (cros-ec's bare `scale`), else `defaultValue`.
    private func number(
        _ channel: LibIIOChannel, _ name: String, _ deviceAttributes: Set<String>, default defaultValue: Double
    ) throws(IIOSensorError) -> Double {
        let text: String
        let file: String
        if channel.attributeNames.contains(name), case .success(let value) = channel.readAttribute(name) {
            (text, file) = (value, channel.attributeFilename(name) ?? "\(channel.id) \(name)")
        } else if deviceAttributes.contains(name), case .success(let value) = device.readAttribute(name) {
            (text, file) = (value, name)
        } else {
            return defaultValue
        }
        guard let number = Double(text.trimmingWhitespace), number.isFinite else {
            throw .malformedAttribute(attribute: "/sys/bus/iio/devices/\(device.id)/\(file)", value: text, expected: "a decimal number")
        }
        return number
    }

    /// The device-wide `sampling_frequency`, else the per-type ones (`in_accel_sampling_frequency`).
    private func samplingFrequencies(_ channels: [LibIIOChannel], _ deviceAttributes: Set<String>) -> [SamplingFrequency] {
        if deviceAttributes.contains("sampling_frequency") {
            return [
                SamplingFrequency(
                    location: .device,
                    current: (try? device.readAttribute("sampling_frequency").get()).flatMap { Double($0.trimmingWhitespace) },
                    available: (try? device.readAttribute("sampling_frequency_available").get()).map(SamplingFrequency.parseAvailable) ?? [])
            ]
        }
        return [ChannelType.acceleration, .angularVelocity].compactMap { type in
            guard let channel = channels.first(where: { $0.type == type && $0.attributeNames.contains("sampling_frequency") }) else {
                return nil
            }
            return SamplingFrequency(
                location: .channels(type),
                current: (try? channel.readAttribute("sampling_frequency").get()).flatMap { Double($0.trimmingWhitespace) },
                available: channel.attributeNames.contains("sampling_frequency_available")
                    ? (try? channel.readAttribute("sampling_frequency_available").get()).map(SamplingFrequency.parseAvailable) ?? [] : [])
        }
    }

    /// Mount matrices per vector type: the hwdb's `ACCEL_MOUNT_MATRIX` (it describes the sensor as a
    /// whole, and overrides the driver as in iio-sensor-proxy), else the driver's per-type
    /// `in_<type>_mount_matrix`, else `mount_matrix` / `in_mount_matrix`, else identity.
    private func mountMatrices(
        _ channels: [LibIIOChannel], _ deviceAttributes: Set<String>, hwdb: String?
    ) throws(IIOSensorError) -> ([ChannelType: MountMatrix], String) {
        var matrices: [ChannelType: MountMatrix] = [:]
        var sources: [ChannelType: String] = [:]
        for type in [ChannelType.acceleration, .angularVelocity] {
            guard let channel = channels.first(where: { $0.type == type }) else { continue }
            if let hwdb, !hwdb.isEmpty {
                matrices[type] = try MountMatrix(parsing: hwdb, attribute: "udev property ACCEL_MOUNT_MATRIX")
                sources[type] = "hwdb ACCEL_MOUNT_MATRIX"
            } else if channel.attributeNames.contains("mount_matrix"), case .success(let text) = channel.readAttribute("mount_matrix") {
                let file = channel.attributeFilename("mount_matrix") ?? "in_\(type.rawValue)_mount_matrix"
                matrices[type] = try MountMatrix(parsing: text, attribute: "/sys/bus/iio/devices/\(device.id)/\(file)")
                sources[type] = file
            } else if let attribute = ["mount_matrix", "in_mount_matrix"].first(where: deviceAttributes.contains),
                case .success(let text) = device.readAttribute(attribute)
            {
                matrices[type] = try MountMatrix(parsing: text, attribute: "/sys/bus/iio/devices/\(device.id)/\(attribute)")
                sources[type] = attribute
            }
        }
        let source = sources[.acceleration] ?? sources[.angularVelocity] ?? "none (identity)"
        return (matrices, source)
    }
}
