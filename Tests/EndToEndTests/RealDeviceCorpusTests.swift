import Foundation
import IIOTestbed
import Testing

/// Real devices built from public dumps (`Fixtures/sysfs/devices`, sources and filled-in values in
/// Fixtures/README.md): imu-list must see each one's channels, formats and scales as the dump states them, and
/// imu-stream must turn each recorded reading into the CoreMotion value of the driver family's sign and, where the
/// source states it, into the orientation iio-sensor-proxy reported for the same reading.
@Suite("real-device corpus", .enabled(if: canRunCLIs, cliMessage))
struct RealDeviceCorpusTests {
    @Test("imu-list lists each device's accelerometer with the dump's channels, scan formats and scale", arguments: CorpusDevice.all)
    func listing(_ device: CorpusDevice) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(SysfsFixture(named: "devices/\(device.fixture)"))
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let imus = try jsonLines(result.output)
        #expect(imus.count == 1, "\(result.output)")
        let accel = try #require(imus.first?["accelerometer"] as? [String: Any])
        #expect(accel["name"] as? String == device.driverName)
        #expect(accel["accelerationSign"] as? String == device.sign)
        #expect(imus.first?["gyroscope"] is NSNull)
        let channels = try #require(accel["channels"] as? [[String: Any]])
        // Polled-only devices have no scan index, so libiio's channel order is not x, y, z.
        let axes = channels.filter { $0["type"] as? String == "accel" }.sorted {
            ($0["axis"] as? String ?? "") < ($1["axis"] as? String ?? "")
        }
        #expect(axes.map { $0["axis"] as? String } == ["x", "y", "z"])
        #expect(axes.allSatisfy { $0["scale"] as? Double == device.scale }, "\(axes)")
        #expect(axes.map { $0["format"] as? String } == Array(repeating: device.format, count: 3), "\(axes)")
        #expect(axes.map { $0["index"] as? Int } == (device.format == nil ? [nil, nil, nil] : [0, 1, 2]))
    }

    @Test(
        "imu-stream turns each recorded reading into CoreMotion's sign, and iio-sensor-proxy's orientation where the source gives it",
        arguments: CorpusDevice.readings)
    func reading(_ reading: CorpusReading) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let fixture = try SysfsFixture(named: "devices/\(reading.device.fixture)")
        _ = try testbed.install(fixture)
        let sysname = try #require(fixture.devices.first { $0.attribute("name")?.hasPrefix(reading.device.driverName) == true }?.sysname)
        for (axis, value) in zip(["x", "y", "z"], reading.raw) {
            try testbed.setAttribute("in_accel_\(axis)_raw", of: sysname, to: "\(value)")
        }
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--poll", "--samples", "1", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let acceleration = try #require(try jsonLines(result.output).first.flatMap { vector($0, "acceleration") })
        // The driver's value times its scale, in g; specific-force drivers read +1 g up, CoreMotion -1 g down.
        let sign: Double = reading.device.sign == "coreMotion" ? 1 : -1
        let expected = reading.raw.map { sign * Double($0) * reading.device.scale / 9.80665 }
        #expect(close(acceleration, expected, tolerance: 1e-12), "\(acceleration)")
        if let down = reading.restingDown {
            let (axis, value) = acceleration.enumerated().max { abs($0.element) < abs($1.element) }!
            #expect(axis == down.axis && (value < 0) == down.negative, "\(acceleration)")
        }
        if let orientation = reading.orientation {
            #expect(IIOSensorProxyOrientation.of(acceleration.map { $0 * 9.80665 }, previous: reading.previous) == orientation)
        }
    }

    @Test("mxc4005: the recorded values as the chip's be:s12/16>>4 scan words decode to the same reading as *_raw")
    func mxc4005Buffered() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let fixture = try SysfsFixture(named: "devices/chuwi-minibook-x-mxc4005")
        _ = try testbed.install(fixture)
        let device = try #require(fixture.device("iio:device0"))
        let layout = try #require(FixtureScanLayout(device: device))
        // The 12 significant bits sit left-justified in each big-endian 16-bit word (the layout shifts them in).
        let scans = (0..<4).flatMap { n in
            layout.encode(["accel_x": -940, "accel_y": -21, "accel_z": 155, "timestamp": 1_000_000_000 + Int64(n) * 10_000_000])
        }
        _ = try testbed.feed(device: "iio:device0", bytes: scans)
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "1", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let acceleration = try #require(try jsonLines(result.output).first.flatMap { vector($0, "acceleration") })
        #expect(close(acceleration, [940, 21, -155].map { $0 * 0.009582 / 9.80665 }, tolerance: 1e-12), "\(acceleration)")
    }
}

/// One real device of the corpus: the fixture and what its dump says.
struct CorpusDevice: Sendable, CustomTestStringConvertible {
    let fixture: String
    /// The driver's `name`.
    let driverName: String
    /// The acceleration sign imu-list must report: `coreMotion` for HID hubs, `specificForce` for discrete chips.
    let sign: String
    /// The scale the dump prints.
    let scale: Double
    /// The scan format the dump's `*_type` states, in the kernel's spelling (`nil` where the dump gives none).
    let format: String?

    var testDescription: String { fixture }

    static let minibook = CorpusDevice(
        fixture: "chuwi-minibook-x-mxc4005", driverName: "mxc4005", sign: "specificForce", scale: 0.009582,
        format: "be:s12/16>>4")
    static let yoga = CorpusDevice(
        fixture: "lenovo-yoga-ite8350", driverName: "accel_3d", sign: "coreMotion", scale: 0.009807, format: nil)
    static let x1Yoga = CorpusDevice(
        fixture: "lenovo-thinkpad-x1-yoga-g3", driverName: "accel_3d", sign: "coreMotion", scale: 0.00001,
        format: "le:s32/32>>0")

    static let all: [CorpusDevice] = [minibook, yoga, x1Yoga]

    static let readings: [CorpusReading] = [
        // iio_info's raw values; the source states no pose: the reading is 0.93 g, mostly along x.
        CorpusReading(device: minibook, raw: [-940, -21, 155], restingDown: (axis: 0, negative: false)),
        // iio-sensor-proxy emitted right-up after normal, then bottom-up after right-up, for these readings.
        CorpusReading(device: yoga, raw: [-22381, -4821, -1607], previous: .normal, orientation: .rightUp),
        CorpusReading(device: yoga, raw: [0, 20774, 0], previous: .rightUp, orientation: .bottomUp),
    ]
}

/// A reading recorded on a corpus device and what the source says about it.
struct CorpusReading: Sendable, CustomTestStringConvertible {
    let device: CorpusDevice
    /// The `*_raw` (or buffer) values x, y, z as the source prints them.
    let raw: [Int]
    /// The axis whose CoreMotion value is largest at rest, and whether it is negative.
    var restingDown: (axis: Int, negative: Bool)? = nil
    /// The orientation iio-sensor-proxy held before the reading.
    var previous: IIOSensorProxyOrientation = .undefined
    /// The orientation iio-sensor-proxy reported for the reading, where the source shows it.
    var orientation: IIOSensorProxyOrientation? = nil

    var testDescription: String { "\(device.fixture) \(raw)" }
}
