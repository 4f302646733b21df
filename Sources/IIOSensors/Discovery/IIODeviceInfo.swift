/// One IIO device as discovered: identity, channels, and everything needed to stream it.
public struct IIODeviceInfo: Hashable, Sendable {
    /// The kernel id, e.g. `iio:device0`.
    public var id: String
    /// The driver-given name, e.g. `mpu6050` or `lsm6dso_accel`.
    public var name: String
    /// The `label` attribute (e.g. `accel-display`), or cros-ec's older `location`.
    public var label: String?
    /// The sysfs path of the parent device (local contexts only).
    public var parentPath: String?
    /// All channels of the device.
    public var channels: [IIOChannelInfo]
    /// The sampling-frequency controls: one per device, or one per channel type (bmi160 has two, HID `magn_3d` has
    /// `in_magn_sampling_frequency`).
    public var samplingFrequencies: [SamplingFrequency]
    /// Mount matrix per channel type, a rotation in the kernel's sign, already resolved (hwdb, then
    /// driver attributes, then identity; a gyroscope without its own takes the accelerometer's hwdb rotation).
    public var mountMatrices: [ChannelType: MountMatrix]
    /// Where each type's mount matrix came from, e.g. `in_accel_mount_matrix` or `hwdb ACCEL_MOUNT_MATRIX`.
    public var mountMatrixSources: [ChannelType: String]
    /// Whether the device can stream through a kernel buffer (it has scan elements).
    public var isBufferCapable: Bool
    /// Whether the device has a `trigger/` directory (triggered buffer) rather than a trigger-less kfifo.
    public var hasTriggerDirectory: Bool
    /// The trigger currently attached, by name.
    public var currentTrigger: String?
    /// The value of `current_timestamp_clock` (e.g. `realtime`, `boottime`), if present.
    public var timestampClock: String?
    /// The sign convention of the device's accelerometer.
    public var accelerationSign: AccelerationSign
    /// The hwdb's `ACCEL_MOUNT_MATRIX` of the device's accelerometer, as written and as applied.
    public var hwdbMountMatrix: HWDBMountMatrix?
    /// Whether every accelerometer, gyroscope and magnetometer axis has a `*_raw` attribute and every pressure channel
    /// an `in_pressure_raw` or `in_pressure_input`, so the device can be read by polling (a HID hub's or cros-ec's can;
    /// a buffer-only device cannot).
    public var isPollable: Bool
    /// Whether the device node `/dev/iio:deviceN`, through which its buffer is read, existed when the device was
    /// discovered: false for a device in sysfs without one (a container given /sys but not the node; streaming then
    /// polls its `*_raw` instead), nil where that cannot be checked (a remote context) or the device has no buffer.
    public var hasDeviceNode: Bool?

    /// Creates a device description.
    public init(
        id: String, name: String, label: String?, parentPath: String?, channels: [IIOChannelInfo],
        samplingFrequencies: [SamplingFrequency], mountMatrices: [ChannelType: MountMatrix],
        mountMatrixSources: [ChannelType: String],
        isBufferCapable: Bool, hasTriggerDirectory: Bool, currentTrigger: String?, timestampClock: String?,
        accelerationSign: AccelerationSign, hwdbMountMatrix: HWDBMountMatrix? = nil, isPollable: Bool = true,
        hasDeviceNode: Bool? = nil
    ) {
        self.id = id
        self.name = name
        self.label = label
        self.parentPath = parentPath
        self.channels = channels
        self.samplingFrequencies = samplingFrequencies
        self.mountMatrices = mountMatrices
        self.mountMatrixSources = mountMatrixSources
        self.isBufferCapable = isBufferCapable
        self.hasTriggerDirectory = hasTriggerDirectory
        self.currentTrigger = currentTrigger
        self.timestampClock = timestampClock
        self.accelerationSign = accelerationSign
        self.hwdbMountMatrix = hwdbMountMatrix
        self.isPollable = isPollable
        self.hasDeviceNode = hasDeviceNode
    }

    /// Where the sensor sits in a convertible, from its `label` (`accel-display`, `accel-base`, as the
    /// kernel's cros-ec sensors name them) or cros-ec's older `location` (`lid`, `base`, `camera`):
    /// `lid`, `base` or `camera`; `nil` when the driver says nothing.
    public var location: String? {
        switch label {
        case "accel-display", "lid": "lid"
        case "accel-base", "base": "base"
        case "accel-camera", "camera": "camera"
        default: nil
        }
    }

    /// Whether the device has x, y and z channels of `type`.
    public func hasVector(_ type: ChannelType) -> Bool { axes(of: type).count == 3 }

    /// The axes the device has channels of `type` for, in x, y, z order (`[x, y]` on a 2-axis gyroscope).
    public func axes(of type: ChannelType) -> [Axis] {
        let present = Set(channels.filter { $0.type == type }.compactMap(\.axis))
        return Axis.allCases.filter(present.contains)
    }

    /// Whether the device measures acceleration or angular velocity on one or two axes and on three
    /// axes neither (a 2-axis gyroscope such as the adxrs290): such a sensor is listed, never streamed.
    public var isPartialMotionSensor: Bool {
        !isAccelerometer && !isGyroscope && !(axes(of: .acceleration).isEmpty && axes(of: .angularVelocity).isEmpty)
    }

    /// Whether the device measures acceleration on three axes.
    public var isAccelerometer: Bool { hasVector(.acceleration) }
    /// Whether the device measures angular velocity on three axes.
    public var isGyroscope: Bool { hasVector(.angularVelocity) }
    /// Whether the device measures the magnetic field on three axes.
    public var isMagnetometer: Bool { hasVector(.magneticField) }

    /// Whether the device measures barometric pressure (an `in_pressure_input` or `in_pressure_raw` channel: bmp280,
    /// ms5611, st_pressure's lps22hb, dps310, HID `press`).
    public var isBarometer: Bool { channels.contains { $0.type == .pressure && $0.axis == nil } }

    /// The main sampling-frequency control (the accelerometer's on combined devices).
    public var samplingFrequency: SamplingFrequency? { samplingFrequencies.first }

    /// The sampling-frequency control that paces channels of `type`: their own, else the device's.
    public func samplingFrequency(for type: ChannelType) -> SamplingFrequency? {
        samplingFrequencies.first { $0.location == .channels(type) } ?? samplingFrequencies.first { $0.location == .device }
    }

    /// The mount matrix that applies to channels of `type`.
    public func mountMatrix(for type: ChannelType) -> MountMatrix { mountMatrices[type] ?? .identity }

    /// Where the mount matrix of `type` came from; `none (identity)` when no source gave one.
    public func mountMatrixSource(for type: ChannelType) -> String { mountMatrixSources[type] ?? "none (identity)" }

    /// The device node that buffered reads open.
    public var devicePath: String { "/dev/\(id)" }
}
