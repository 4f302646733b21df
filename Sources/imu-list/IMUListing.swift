import IIOSensors

/// The JSON shape of one IMU in `imu-list --json`.
struct IMUListing: Encodable {
    let name: String
    let uri: String
    let location: String?
    let accelerometer: DeviceListing?
    let gyroscope: DeviceListing?
    let magnetometer: DeviceListing?
    let barometer: DeviceListing?

    init(_ imu: IMU, barometer: IIODeviceInfo?) {
        name = imu.name
        uri = imu.uri
        location = imu.location
        accelerometer = imu.accelerometer.map { DeviceListing($0, primary: .acceleration) }
        gyroscope = imu.gyroscope.map { DeviceListing($0, primary: .angularVelocity) }
        magnetometer = imu.magnetometer.map { DeviceListing($0, primary: .magneticField) }
        self.barometer = barometer.map { DeviceListing($0, primary: .pressure) }
    }

    /// A barometer no IMU takes, on a line of its own: under `barometer`, the motion sensors null.
    init(barometer device: IIODeviceInfo, uri: String) {
        name = device.name
        self.uri = uri
        location = device.location
        (accelerometer, gyroscope, magnetometer) = (nil, nil, nil)
        barometer = DeviceListing(device, primary: .pressure)
    }

    /// A sensor of fewer than three axes, on a line of its own: under `accelerometer` and/or
    /// `gyroscope` by what it measures, its `axes` naming the ones it has.
    init(partial device: IIODeviceInfo, uri: String) {
        name = device.name
        self.uri = uri
        location = device.location
        accelerometer = device.axes(of: .acceleration).isEmpty ? nil : DeviceListing(device, primary: .acceleration)
        gyroscope = device.axes(of: .angularVelocity).isEmpty ? nil : DeviceListing(device, primary: .angularVelocity)
        magnetometer = nil
        barometer = nil
    }

    // A missing sensor is written as null, so every key is always present.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(uri, forKey: .uri)
        try container.encode(location, forKey: .location)
        try container.encode(accelerometer, forKey: .accelerometer)
        try container.encode(gyroscope, forKey: .gyroscope)
        try container.encode(magnetometer, forKey: .magnetometer)
        try container.encode(barometer, forKey: .barometer)
    }

    private enum CodingKeys: String, CodingKey { case name, uri, location, accelerometer, gyroscope, magnetometer, barometer }
}

/// The JSON shape of one IIO device.
struct DeviceListing: Encodable {
    let id: String
    let name: String
    let label: String?
    let location: String?
    let parent: String?
    let buffered: Bool
    let pollable: Bool
    let triggered: Bool
    let deviceNode: Bool?
    let trigger: String?
    let samplingFrequency: Double?
    let availableFrequencies: [Double]
    let timestampClock: String?
    let mountMatrix: [[Double]]
    let mountMatrixSource: String
    let hwdbMountMatrix: String?
    let accelerationSign: String
    let axes: [String]
    let channels: [ChannelListing]

    init(_ device: IIODeviceInfo, primary: ChannelType) {
        id = device.id
        name = device.name
        label = device.label
        location = device.location
        parent = device.parentPath
        buffered = device.isBufferCapable
        pollable = device.isPollable
        triggered = device.hasTriggerDirectory
        deviceNode = device.hasDeviceNode
        trigger = device.currentTrigger
        let frequency = device.samplingFrequency(for: primary)
        samplingFrequency = frequency?.current
        availableFrequencies = frequency?.available ?? []
        timestampClock = device.timestampClock
        mountMatrix = device.mountMatrix(for: primary).rows
        mountMatrixSource = device.mountMatrixSource(for: primary)
        hwdbMountMatrix = device.hwdbMountMatrix?.text
        accelerationSign = device.accelerationSign.rawValue
        axes = device.axes(of: primary).map(\.rawValue)
        channels = device.channels.map(ChannelListing.init)
    }

    // Optionals are written as null so every key is always present.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(label, forKey: .label)
        try container.encode(location, forKey: .location)
        try container.encode(parent, forKey: .parent)
        try container.encode(buffered, forKey: .buffered)
        try container.encode(pollable, forKey: .pollable)
        try container.encode(triggered, forKey: .triggered)
        try container.encode(deviceNode, forKey: .deviceNode)
        try container.encode(trigger, forKey: .trigger)
        try container.encode(samplingFrequency, forKey: .samplingFrequency)
        try container.encode(availableFrequencies, forKey: .availableFrequencies)
        try container.encode(timestampClock, forKey: .timestampClock)
        try container.encode(mountMatrix, forKey: .mountMatrix)
        try container.encode(mountMatrixSource, forKey: .mountMatrixSource)
        try container.encode(hwdbMountMatrix, forKey: .hwdbMountMatrix)
        try container.encode(accelerationSign, forKey: .accelerationSign)
        try container.encode(axes, forKey: .axes)
        try container.encode(channels, forKey: .channels)
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, label, location, parent, buffered, pollable, triggered, deviceNode, trigger, samplingFrequency
        case availableFrequencies
        case timestampClock, mountMatrix, mountMatrixSource, hwdbMountMatrix, accelerationSign, axes, channels
    }
}

/// The JSON shape of one channel.
struct ChannelListing: Encodable {
    let id: String
    let type: String
    let axis: String?
    let index: Int?
    let format: String?
    let scale: Double
    let offset: Double

    init(_ channel: IIOChannelInfo) {
        id = channel.id
        type = channel.type.rawValue
        axis = channel.axis?.rawValue
        index = channel.scanIndex
        format = channel.format?.description
        scale = channel.scale
        offset = channel.offset
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(axis, forKey: .axis)
        try container.encode(index, forKey: .index)
        try container.encode(format, forKey: .format)
        try container.encode(scale, forKey: .scale)
        try container.encode(offset, forKey: .offset)
    }

    private enum CodingKeys: String, CodingKey { case id, type, axis, index, format, scale, offset }
}
