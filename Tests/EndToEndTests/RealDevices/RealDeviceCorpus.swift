import Testing

/// One real device of the corpus: the fixture and what its dump says.
struct CorpusDevice: Sendable, CustomTestStringConvertible {
    let fixture: String
    /// The driver's `name`.
    let driverName: String
    /// The acceleration sign imu-list must report: `coreMotion` for HID hubs, `specificForce` for discrete chips.
    let sign: String
    /// The accelerometer scale the dump prints.
    let scale: Double
    /// The accelerometer scan format the dump states, in the kernel's spelling (`nil` where the dump gives none).
    let format: String?
    /// The scan indexes of accel x, y, z (`nil` where the device has no scan elements).
    var indexes: [Int]? = [0, 1, 2]
    /// The sampling frequency the dump records for the accelerometer (`nil`: none recorded).
    var samplingFrequency: Double? = nil
    /// The gyroscope channels of a combined IMU.
    var gyroscope: CorpusGyroscope? = nil
    /// Every channel imu-list shows for the device: libiio's id and the type the tool gives it (`nil`: not checked).
    var channels: [String: String]? = nil

    var testDescription: String { fixture }

    /// The accel x, y, z channels imu-list must show.
    var accelerometerAxes: [CorpusAxis] {
        (0..<3).map { CorpusAxis(axis: ["x", "y", "z"][$0], scale: scale, format: format, index: indexes?[$0]) }
    }

    /// Accelerometer x, y, z only, as the laptops' logs list them.
    static let accelerometerChannels = ["accel_x": "accel", "accel_y": "accel", "accel_z": "accel"]

    // iio_info: "4 channels found", x, y, z recorded; the fourth is the driver's soft timestamp (filled in).
    static let minibook = CorpusDevice(
        fixture: "chuwi-minibook-x-mxc4005", driverName: "mxc4005", sign: "specificForce", scale: 0.009582,
        format: "be:s12/16>>4", channels: accelerometerChannels.merging(["timestamp": "timestamp"]) { $1 })
    static let yoga = CorpusDevice(
        fixture: "lenovo-yoga-ite8350", driverName: "accel_3d", sign: "coreMotion", scale: 0.009807, format: nil, indexes: nil,
        channels: accelerometerChannels)
    static let x1Yoga = CorpusDevice(
        fixture: "lenovo-thinkpad-x1-yoga-g3", driverName: "accel_3d", sign: "coreMotion", scale: 0.00001,
        format: "le:s32/32>>0", channels: accelerometerChannels)
    static let adxl345 = CorpusDevice(
        fixture: "rpi4-adxl345", driverName: "adxl345", sign: "specificForce", scale: 0.0383, format: nil, indexes: nil,
        samplingFrequency: 100,
        channels: ["accel_x": "accel", "accel_y": "accel", "accel_z": "accel"])
    static let adxl355 = CorpusDevice(
        fixture: "rpi-adxl355", driverName: "adxl355", sign: "specificForce", scale: 0.000038245, format: "be:s20/32>>4",
        samplingFrequency: 4000,
        channels: ["accel_x": "accel", "accel_y": "accel", "accel_z": "accel", "temp": "temp", "timestamp": "timestamp"])
    static let adxl382 = CorpusDevice(
        fixture: "rpi4-adxl382", driverName: "adxl382", sign: "specificForce", scale: 0.004903325, format: "be:s16/16>>0",
        samplingFrequency: 16000,
        channels: ["accel_x": "accel", "accel_y": "accel", "accel_z": "accel", "temp": "temp"])
    static let adis16505 = CorpusDevice(
        fixture: "rpi4-adis16505-2", driverName: "adis16505-2", sign: "specificForce", scale: 0.000000037,
        format: "be:s32/32>>0", indexes: [3, 4, 5], samplingFrequency: 2000,
        gyroscope: CorpusGyroscope(scale: 0.000000006, format: "be:s32/32>>0", indexes: [0, 1, 2]),
        channels: CorpusDevice.adisChannels(extra: ["temp0": "temp"]))
    static let adis16480 = CorpusDevice(
        fixture: "rpi4-adis16480", driverName: "adis16480", sign: "specificForce", scale: 0.000000119,
        format: "be:s32/32>>0", indexes: [3, 4, 5], samplingFrequency: 12.813,
        gyroscope: CorpusGyroscope(scale: 0.000000005, format: "be:s32/32>>0", indexes: [0, 1, 2]),
        channels: [
            "anglvel_x": "anglvel", "anglvel_y": "anglvel", "anglvel_z": "anglvel", "accel_x": "accel", "accel_y": "accel",
            "accel_z": "accel", "magn_x": "magn", "magn_y": "magn", "magn_z": "magn", "pressure0": "pressure",
            "temp0": "temp", "timestamp": "timestamp",
        ])
    static let adis16550 = CorpusDevice(
        fixture: "rpi4-adis16550", driverName: "adis16550", sign: "specificForce", scale: 0.000000095,
        format: "be:s32/32>>0", indexes: [3, 4, 5], samplingFrequency: 2000,
        gyroscope: CorpusGyroscope(scale: 0.000000003, format: "be:s32/32>>0", indexes: [0, 1, 2]),
        channels: CorpusDevice.adisChannels(extra: ["temp0": "temp"]))
    static let adis16550Mainline = CorpusDevice(
        fixture: "rpi4-adis16550-linux-6.13", driverName: "adis16550", sign: "specificForce", scale: 0.000000095,
        format: "be:s32/32>>0", indexes: [4, 5, 6], samplingFrequency: 4000,
        gyroscope: CorpusGyroscope(scale: 0.000000003, format: "be:s32/32>>0", indexes: [1, 2, 3]),
        channels: CorpusDevice.adisChannels(extra: ["temp0": "temp"]))

    /// The ADIS16545-1 of Documentation/iio/adis16480.rst (polled: the doc gives no scan types).
    static let adis16545 = CorpusDevice(
        fixture: "kernel-doc-adis16545-1", driverName: "adis16545-1", sign: "specificForce", scale: 0.000000037,
        format: nil, indexes: nil, samplingFrequency: 4250,
        gyroscope: CorpusGyroscope(scale: 0.000000001, format: nil, indexes: nil),
        channels: CorpusDevice.adisChannels(extra: ["temp0": "temp"]).filter { $0.key != "timestamp" })
    /// The ADIS16505-2 of Documentation/iio/adis16475.rst, serial 0x04f9 (not the pyadi-iio unit, 0x05c9).
    static let adis16505Documented = CorpusDevice(
        fixture: "kernel-doc-adis16505-2", driverName: "adis16505-2", sign: "specificForce", scale: 0.000000037,
        format: nil, indexes: nil, samplingFrequency: 2000,
        gyroscope: CorpusGyroscope(scale: 0.000000006, format: nil, indexes: nil),
        channels: CorpusDevice.adisChannels(extra: ["temp0": "temp"]).filter { $0.key != "timestamp" })

    static let all: [CorpusDevice] = [
        minibook, yoga, x1Yoga, adxl345, adxl355, adxl382, adis16505, adis16480, adis16550, adis16550Mainline, adis16545,
        adis16505Documented,
    ]

    /// The channels of the ADIS1650x/16550 family: gyroscope, accelerometer, delta angle and delta velocity (both
    /// shown as `other`), the timestamp, and `extra`.
    static func adisChannels(extra: [String: String]) -> [String: String] {
        var channels = ["timestamp": "timestamp"]
        for axis in ["x", "y", "z"] {
            channels["anglvel_\(axis)"] = "anglvel"
            channels["accel_\(axis)"] = "accel"
            channels["deltaangl_\(axis)"] = "other"
            channels["deltavelocity_\(axis)"] = "other"
        }
        return channels.merging(extra) { $1 }
    }

    static let readings: [CorpusReading] = [
        // iio_info's raw values; the source states no pose: the reading is 0.93 g, mostly along x.
        CorpusReading(device: minibook, raw: [-940, -21, 155], restingDown: (axis: 0, negative: false)),
        // iio-sensor-proxy emitted right-up after normal, then bottom-up after right-up, for these readings.
        CorpusReading(device: yoga, raw: [-22381, -4821, -1607], previous: .normal, orientation: .rightUp),
        CorpusReading(device: yoga, raw: [0, 20774, 0], previous: .rightUp, orientation: .bottomUp),
        // The libiio dumps' in_*_raw: no pose is stated; the evaluation boards read specific force mostly on +z
        // (face up, CoreMotion z < 0), except the ADXL382 one (0.8 g on -x: standing on an edge).
        CorpusReading(device: adxl345, raw: [192, 104, 334], restingDown: (axis: 2, negative: true)),
        CorpusReading(device: adxl355, raw: [-4641, -2198, 257934], restingDown: (axis: 2, negative: true)),
        CorpusReading(device: adxl382, raw: [-1538, 246, 319], restingDown: (axis: 0, negative: false)),
        CorpusReading(
            device: adis16505, raw: [-1_503_047, 2_133_818, 262_959_468], rotation: [-24546, 1_790_855, -638514],
            restingDown: (axis: 2, negative: true)),
        CorpusReading(
            device: adis16480, raw: [75935, 921037, 82_100_227], rotation: [1_383_639_238, -41046, 24604],
            restingDown: (axis: 2, negative: true)),
        CorpusReading(
            device: adis16550, raw: [-210881, 1_598_455, 103_145_573], rotation: [294318, -656865, 431669],
            restingDown: (axis: 2, negative: true)),
        CorpusReading(
            device: adis16550Mainline, raw: [31_951_543, 10_306_388, 97_066_836], rotation: [513159, -203817, -246209],
            restingDown: (axis: 2, negative: true)),
        // The kernel documentation's usage examples: both IMUs lie face up (0.99 g on +z specific force).
        CorpusReading(
            device: adis16545, raw: [1_376_728, 4_487_621, 262_773_792], rotation: [-1_041_702, -273013, 2_745_116],
            restingDown: (axis: 2, negative: true)),
        CorpusReading(
            device: adis16505Documented, raw: [-275924, -30_142_222, 261_265_769], rotation: [-3_324_626, 1_336_980, -602983],
            restingDown: (axis: 2, negative: true)),
    ]

    /// The readings of the libiio dumps' buffered devices, to be fed as scans.
    static let bufferedReadings = readings.filter {
        [adxl355, adxl382, adis16505, adis16480, adis16550, adis16550Mainline].map(\.fixture).contains($0.device.fixture)
    }
}

/// The gyroscope channels of a combined IMU as its dump states them.
struct CorpusGyroscope: Sendable {
    /// The scale the dump prints (rad/s per count).
    let scale: Double
    /// The scan format in the kernel's spelling (`nil` where the source gives none).
    let format: String?
    /// The scan indexes of anglvel x, y, z (`nil` where the device has no scan elements).
    let indexes: [Int]?

    /// The anglvel x, y, z channels imu-list must show.
    var axes: [CorpusAxis] {
        (0..<3).map { CorpusAxis(axis: ["x", "y", "z"][$0], scale: scale, format: format, index: indexes?[$0]) }
    }
}

/// One axis channel as imu-list shows it.
struct CorpusAxis: Equatable, CustomStringConvertible {
    let axis: String?
    let scale: Double?
    let format: String?
    let index: Int?

    var description: String { "\(axis ?? "-") scale \(scale ?? .nan) \(format ?? "-") index \(index.map(String.init) ?? "-")" }
}

/// A reading recorded on a corpus device and what the source says about it.
struct CorpusReading: Sendable, CustomTestStringConvertible {
    let device: CorpusDevice
    /// The `in_accel_*_raw` (or buffer) values x, y, z as the source prints them.
    let raw: [Int]
    /// The `in_anglvel_*_raw` values x, y, z of a combined IMU.
    var rotation: [Int]? = nil
    /// The axis whose CoreMotion value is largest at rest, and whether it is negative.
    var restingDown: (axis: Int, negative: Bool)? = nil
    /// The orientation iio-sensor-proxy held before the reading.
    var previous: IIOSensorProxyOrientation = .undefined
    /// The orientation iio-sensor-proxy reported for the reading, where the source shows it.
    var orientation: IIOSensorProxyOrientation? = nil

    var testDescription: String { "\(device.fixture) \(raw)" }
}
