import Logging
import SystemPackage

/// Reads one libiio device into an `IIODeviceInfo`: channels with scale and offset, sampling
/// frequencies, mount matrices (hwdb first), trigger and timestamp clock.
struct DeviceDescriber {
    let device: LibIIODevice
    /// Whether the device is this machine's, so its sysfs and /dev can be checked.
    let isLocal: Bool
    let udev: LibUdev?
    let logger: Logger

    func describe() throws(IIOSensorError) -> IIODeviceInfo {
        let id = device.id
        let udevDevice = udev?.device(subsystem: "iio", sysname: id)
        let channels = device.channels.filter { !$0.isOutput }
        let deviceAttributes = Set(device.attributeNames)
        let name = device.name ?? id
        var infos: [IIOChannelInfo] = []
        for channel in channels {
            var scale = try number(channel, "scale", deviceAttributes, default: 1, accepted: Self.scales(channel.type))
            if channel.type == .magneticField {
                let correction = MagnetometerScaleCorrection.corrected(scale, driver: name)
                if correction.isCorrected {
                    logger.info("\(name) (\(id)): \(channel.id) scale \(scale) is not Gauss per count (driver); using \(correction.scale)")
                }
                scale = correction.scale
            }
            infos.append(
                IIOChannelInfo(
                    id: channel.id, type: channel.type, axis: channel.axis,
                    scanIndex: channel.isScanElement ? channel.scanIndex : nil, format: channel.format,
                    scale: scale, offset: try number(channel, "offset", deviceAttributes, default: 0, accepted: Self.offsets)))
        }
        let parentPath = udevDevice?.parentSyspath
        let accelerationSign = AccelerationSign.of(name: name, parentPath: parentPath)
        let hwdb = try hwdbMountMatrix(udevDevice?.property("ACCEL_MOUNT_MATRIX"), channels, accelerationSign, name: name)
        let (matrices, sources) = try mountMatrices(channels, deviceAttributes, hwdb: hwdb)
        let trigger = device.currentTrigger()
        let hasTriggerDirectory: Bool
        switch trigger {
        case .failure(.noSuchFileOrDirectory): hasTriggerDirectory = false
        default: hasTriggerDirectory = true
        }
        let isBufferCapable = infos.contains { $0.scanIndex != nil && ChannelType.vectors.contains($0.type) }
        return IIODeviceInfo(
            id: id, name: name,
            label: device.label ?? deviceText("location", deviceAttributes),
            parentPath: parentPath, channels: infos,
            samplingFrequencies: samplingFrequencies(channels, deviceAttributes),
            mountMatrices: matrices, mountMatrixSources: sources,
            isBufferCapable: isBufferCapable,
            hasTriggerDirectory: hasTriggerDirectory,
            currentTrigger: (try? trigger.get())??.name,
            timestampClock: deviceText("current_timestamp_clock", deviceAttributes),
            accelerationSign: accelerationSign, hwdbMountMatrix: hwdb,
            isPollable: channels.filter { ChannelType.vectors.contains($0.type) && $0.axis != nil }.allSatisfy {
                $0.attributeNames.contains("raw")
            }
                && channels.filter { $0.type == .pressure }.allSatisfy {
                    $0.attributeNames.contains("raw") || $0.attributeNames.contains("input")
                },
            hasDeviceNode: isLocal && isBufferCapable ? !LibIIOContext.localDeviceNodeIsMissing(id: id) : nil)
    }

    // MARK: Scale and offset

    /// A channel's number attribute (`in_accel_x_scale`, `in_accel_scale`), else the device-wide one
    /// (cros-ec's bare `scale`; never for the timestamp, which is nanoseconds), else `defaultValue`
    /// when neither exists. An attribute that exists but cannot be read is an error: decoding with a
    /// guessed scale would be silently wrong.
    private func number(
        _ channel: LibIIOChannel, _ name: String, _ deviceAttributes: Set<String>, default defaultValue: Double,
        accepted: (range: ClosedRange<Double>, description: String)
    ) throws(IIOSensorError) -> Double {
        let read: Result<String, Errno>
        let file: String
        if channel.attributeNames.contains(name) {
            (read, file) = (channel.readAttribute(name), channel.attributeFilename(name) ?? "in_\(channel.id)_\(name)")
        } else if channel.type != .timestamp, deviceAttributes.contains(name) {
            (read, file) = (device.readAttribute(name), name)
        } else {
            return defaultValue
        }
        let text: String
        switch read {
        case .success(let value): text = value
        case .failure(let error): throw unreadable(file, error)
        }
        guard let number = Double(text.trimmingWhitespace), accepted.range.contains(number) else {
            throw .malformedAttribute(attribute: sysfsPath(file), value: text, expected: accepted.description)
        }
        return number
    }

    /// Scales accepted for a channel: an accelerometer's, gyroscope's, magnetometer's or barometer's converts one step
    /// to SI units (Gauss for the magnetometer, kPa for the barometer), so it is positive and at most 10^3 (real ones
    /// are 10^-7...10^-1); others only finite.
    private static func scales(_ type: ChannelType) -> (range: ClosedRange<Double>, description: String) {
        switch type {
        case .acceleration, .angularVelocity, .magneticField, .pressure:
            (Double.leastNormalMagnitude...1e3, "a positive decimal number up to 1000")
        default: (-Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, "a decimal number")
        }
    }

    /// Offsets accepted, in steps: real ones are small (a temperature sensor's is about 10^4).
    private static let offsets = (range: -1e9...1e9, description: "a decimal number within ±10^9")

    // MARK: Sampling frequency

    /// The device-wide `sampling_frequency`, else one control per type (`in_accel_sampling_frequency`),
    /// each with its own `*_available` list or, failing that, the device-wide one (adxl345).
    private func samplingFrequencies(_ channels: [LibIIOChannel], _ deviceAttributes: Set<String>) -> [SamplingFrequency] {
        let deviceAvailable = deviceText("sampling_frequency_available", deviceAttributes).map(SamplingFrequency.parseAvailable) ?? []
        if deviceAttributes.contains("sampling_frequency") {
            return [
                SamplingFrequency(
                    location: .device, current: deviceText("sampling_frequency", deviceAttributes).flatMap(SamplingFrequency.parse),
                    available: deviceAvailable)
            ]
        }
        return ChannelType.vectors.compactMap { type in
            guard let channel = channels.first(where: { $0.type == type && $0.attributeNames.contains("sampling_frequency") }) else {
                return nil
            }
            return SamplingFrequency(
                location: .channels(type),
                current: channelText(channel, "sampling_frequency").flatMap(SamplingFrequency.parse),
                available: channelText(channel, "sampling_frequency_available").map(SamplingFrequency.parseAvailable) ?? deviceAvailable)
        }
    }

    // MARK: Mount matrix

    /// The hwdb's `ACCEL_MOUNT_MATRIX` of an accelerometer, read in its sign; `nil` when unset or
    /// empty, and on a device without accelerometer channels (the hwdb describes accelerometers: a
    /// split gyroscope takes its partner's in `IMUGrouping`). A z row that contradicts x and y is
    /// completed and logged.
    private func hwdbMountMatrix(
        _ text: String?, _ channels: [LibIIOChannel], _ sign: AccelerationSign, name: String
    ) throws(IIOSensorError) -> HWDBMountMatrix? {
        guard let text, !text.trimmingWhitespace.isEmpty,
            Set(channels.filter { $0.type == .acceleration }.compactMap(\.axis)).count == 3
        else { return nil }
        let hwdb = try HWDBMountMatrix(parsing: text, sign: sign)
        if hwdb.completedZ {
            let convention = sign == .specificForce ? "specific-force" : "HID-sign"
            let message =
                "\(name) (\(device.id)): hwdb ACCEL_MOUNT_MATRIX '\(text)': its z row contradicts its x and y rows for a "
                + "\(convention) accelerometer; keeping x and y, z completed by the right-hand rule "
                + "(applied as \(hwdb.rotation.description), then the sign)"
            logger.warning("\(message)")
        }
        return hwdb
    }

    /// Mount matrices per vector type, each a rotation in the kernel's sign, and where each came
    /// from. The accelerometer: the hwdb's `ACCEL_MOUNT_MATRIX` (it overrides the driver, as in
    /// iio-sensor-proxy), else the driver's. The gyroscope: the driver's when it says anything but
    /// the identity (the kernel prints the identity when firmware gave nothing, the case the hwdb
    /// corrects), else the accelerometer's hwdb rotation. The magnetometer: the driver's (`in_magn_mount_matrix`;
    /// inv_mpu6050 derives it from the accelerometer's so that the AK89xx reads in the accelerometer's frame); on a
    /// device whose accelerometer the hwdb turns, the hwdb's rotation replaces the driver's accelerometer matrix in it
    /// too (`hwdb · accel_driverᵀ · magn_driver`), so the field stays in the accelerometer's frame. The driver's matrix is its per-type
    /// `in_<type>_mount_matrix` (libiio: channel attribute `mount_matrix`), else the device-wide
    /// `mount_matrix`, else ACPI's `in_mount_matrix` (libiio: attribute `matrix` of a channel `mount`).
    private func mountMatrices(
        _ channels: [LibIIOChannel], _ deviceAttributes: Set<String>, hwdb: HWDBMountMatrix?
    ) throws(IIOSensorError) -> ([ChannelType: MountMatrix], [ChannelType: String]) {
        var matrices: [ChannelType: MountMatrix] = [:]
        var sources: [ChannelType: String] = [:]
        var accelerometerDriverMatrix = MountMatrix.identity
        let hasMagnetometer = channels.contains { $0.type == .magneticField }
        let mountChannel = channels.first { $0.type == .other && $0.id == "mount" && $0.attributeNames.contains("matrix") }
        for type in ChannelType.vectors {
            guard let channel = channels.first(where: { $0.type == type }) else { continue }
            if type == .acceleration, let hwdb {
                matrices[type] = hwdb.rotation
                sources[type] = hwdb.completedZ ? HWDBMountMatrix.completedSource : HWDBMountMatrix.source
                if !hasMagnetometer { continue }
            }
            let found: (text: String, attribute: String, source: String)?
            if channel.attributeNames.contains("mount_matrix") {
                let file = channel.attributeFilename("mount_matrix") ?? "in_\(type.rawValue)_mount_matrix"
                found = try channelMatrix(channel, "mount_matrix", file: file)
            } else if deviceAttributes.contains("mount_matrix") {
                found =
                    switch device.readAttribute("mount_matrix") {
                    case .success(let text): (text, sysfsPath("mount_matrix"), "mount_matrix")
                    case .failure(let error): throw unreadable("mount_matrix", error)
                    }
            } else if let mountChannel {
                found = try channelMatrix(mountChannel, "matrix", file: mountChannel.attributeFilename("matrix") ?? "in_mount_matrix")
            } else {
                found = nil
            }
            var driverMatrix: MountMatrix?
            if let found {
                driverMatrix = try MountMatrix(parsing: found.text, attribute: found.attribute)
            }
            if type == .acceleration, hwdb != nil {
                accelerometerDriverMatrix = driverMatrix ?? .identity
            } else if type == .angularVelocity, let hwdb, driverMatrix?.isIdentity ?? true {
                matrices[type] = hwdb.rotation
                sources[type] = HWDBMountMatrix.gyroscopeSource
            } else if type == .magneticField, let hwdb, matrices[.acceleration] != nil {
                matrices[type] = hwdb.rotation.composed(after: accelerometerDriverMatrix.transposed)
                    .composed(after: driverMatrix ?? .identity)
                sources[type] = "\(found?.source ?? "none (identity)"), turned by the \(HWDBMountMatrix.source)"
            } else if let driverMatrix, let found {
                matrices[type] = driverMatrix
                sources[type] = found.source
            }
        }
        return (matrices, sources)
    }

    /// A matrix attribute of `channel`, with the sysfs path to name in errors and its file name as source.
    private func channelMatrix(
        _ channel: LibIIOChannel, _ attribute: String, file: String
    ) throws(IIOSensorError) -> (text: String, attribute: String, source: String) {
        switch channel.readAttribute(attribute) {
        case .success(let text): return (text, sysfsPath(file), file)
        case .failure(let error): throw unreadable(file, error)
        }
    }

    // MARK: Reading helpers

    /// An optional device attribute: `nil` when absent, and when unreadable (logged: the stream can
    /// still run without it).
    private func deviceText(_ name: String, _ deviceAttributes: Set<String>) -> String? {
        guard deviceAttributes.contains(name) else { return nil }
        return logged(device.readAttribute(name), file: name)
    }

    /// An optional channel attribute: `nil` when absent, and when unreadable (logged).
    private func channelText(_ channel: LibIIOChannel, _ name: String) -> String? {
        guard channel.attributeNames.contains(name) else { return nil }
        return logged(channel.readAttribute(name), file: channel.attributeFilename(name) ?? "in_\(channel.id)_\(name)")
    }

    private func logged(_ result: Result<String, Errno>, file: String) -> String? {
        switch result {
        case .success(let text):
            return text
        case .failure(let error) where error == .noSuchFileOrDirectory || error == .operationNotSupportedByDevice:
            // libiio listed the attribute, so it vanished since: the device is being removed, which the stream
            // reports itself ("sensor removed"); a warning here would only race that line.
            logger.debug("\(device.name ?? device.id): \(sysfsPath(file)) vanished (\(error)): the device is going away")
            return nil
        case .failure(let error):
            logger.warning("\(device.name ?? device.id): cannot read \(sysfsPath(file)): \(error); ignoring it")
            return nil
        }
    }

    private func sysfsPath(_ file: String) -> String { "/sys/bus/iio/devices/\(device.id)/\(file)" }

    /// The error for an attribute that exists but cannot be read.
    private func unreadable(_ file: String, _ error: Errno) -> IIOSensorError {
        switch error {
        case .permissionDenied, .notPermitted: .permissionDenied(path: sysfsPath(file))
        default: .systemError(operation: "reading \(sysfsPath(file))", errno: error.rawValue)
        }
    }
}
