import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// Real devices built from public dumps (`Fixtures/sysfs/devices`, sources and filled-in values in
/// Fixtures/README.md): imu-list must see each one's channels, formats, scales and rate as the dump states them,
/// imu-stream must turn each recorded reading, polled and as buffer scans, into the CoreMotion value of the driver
/// family's sign and, where the source states it, into the orientation iio-sensor-proxy reported for the same reading;
/// a recorded board without an accelerometer must end with status 4 naming its devices.
@Suite("real-device corpus", .enabled(if: canRunCLIs, cliMessage))
struct RealDeviceCorpusTests {
    @Test(
        "imu-list lists each device's accelerometer and gyroscope with the dump's channels, scan formats, scales and rate",
        arguments: CorpusDevice.all)
    func listing(_ device: CorpusDevice) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(SysfsFixture(named: "devices/\(device.fixture)"))
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let imus = try jsonLines(result.output)
        #expect(imus.count == 1, "\(result.output)")
        let accel = try #require(imus.first?["accelerometer"] as? [String: Any])
        #expect(accel["name"] as? String == device.driverName)
        #expect(accel["acceleration_sign"] as? String == device.sign)
        #expect(accel["sampling_frequency"] as? Double == device.samplingFrequency, "\(accel)")
        // The MiniBook records the identity; the other dumps record no matrix, so the driver's default applies.
        #expect(accel["mount_matrix"] as? [[Double]] == [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "\(accel)")
        let channels = try #require(accel["channels"] as? [[String: Any]])
        #expect(axes(of: "accel", in: channels) == device.accelerometerAxes)
        if let expected = device.channels {
            let shown = channels.map { "\($0["id"] as? String ?? "?"):\($0["type"] as? String ?? "?")" }.sorted()
            #expect(shown == expected.map { "\($0):\($1)" }.sorted())
        }
        guard let gyro = device.gyroscope else {
            #expect(imus.first?["gyroscope"] is NSNull)
            return
        }
        // A combined IMU is one device, listed as both the accelerometer and the gyroscope.
        let gyroscope = try #require(imus.first?["gyroscope"] as? [String: Any])
        #expect(gyroscope["id"] as? String == accel["id"] as? String)
        let gyroChannels = try #require(gyroscope["channels"] as? [[String: Any]])
        #expect(axes(of: "anglvel", in: gyroChannels) == gyro.axes)
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
        for (axis, value) in zip(["x", "y", "z"], reading.rotation ?? []) {
            try testbed.setAttribute("in_anglvel_\(axis)_raw", of: sysname, to: "\(value)")
        }
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--poll", "--samples", "1", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let acceleration = try #require(try jsonLines(result.output).first.flatMap { vector($0, "acceleration") })
        // The driver's value times its scale, in g; specific-force drivers read +1 g up, CoreMotion -1 g down.
        let sign: Double = reading.device.sign == "coreMotion" ? 1 : -1
        let expected = reading.raw.map { sign * Double($0) * reading.device.scale / 9.80665 }
        #expect(close(acceleration, expected, tolerance: 1e-12), "\(acceleration)")
        if let rotation = reading.rotation, let gyro = reading.device.gyroscope {
            // IIO and CoreMotion both turn right-handed about the device axes: rad/s as the driver scales them.
            let rotationRate = try #require(try jsonLines(result.output).first.flatMap { vector($0, "rotation_rate") })
            #expect(close(rotationRate, rotation.map { Double($0) * gyro.scale }, tolerance: 1e-12), "\(rotationRate)")
        }
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
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let acceleration = try #require(try jsonLines(result.output).first.flatMap { vector($0, "acceleration") })
        #expect(close(acceleration, [940, 21, -155].map { $0 * 0.009582 / 9.80665 }, tolerance: 1e-12), "\(acceleration)")
    }

    @Test(
        "the recorded readings as buffer scans (adxl355 be:s20/32>>4, ADIS be:s32/32>>0, temperature first or behind) decode to the polled values",
        arguments: CorpusDevice.bufferedReadings)
    func bufferedReading(_ reading: CorpusReading) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let fixture = try SysfsFixture(named: "devices/\(reading.device.fixture)")
        _ = try testbed.install(fixture)
        let device = try #require(fixture.device("iio:device0"))
        // imu-stream enables the motion channels and the timestamp only; the others stay out of the scan.
        let all = try #require(FixtureScanLayout(device: device))
        let unused = all.elements.map(\.name).filter { !($0.hasPrefix("accel_") || $0.hasPrefix("anglvel_") || $0 == "timestamp") }
        let layout = try #require(FixtureScanLayout(device: device, excluding: Set(unused)))
        var values: [String: Int64] = [:]
        for (axis, n) in zip(["x", "y", "z"], 0..<3) {
            values["accel_\(axis)"] = Int64(reading.raw[n])
            values["anglvel_\(axis)"] = reading.rotation.map { Int64($0[n]) }
        }
        // A refill waits for a whole block: 40 ms of scans at the recorded rate (640 at 16000 Hz), at most 1024.
        let scans = (0..<1100).flatMap { n in
            layout.encode(values.merging(["timestamp": 1_000_000_000 + Int64(n) * 10_000_000]) { $1 })
        }
        _ = try testbed.feed(device: "iio:device0", bytes: scans)
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "1", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let line = try #require(try jsonLines(result.output).first)
        let acceleration = try #require(vector(line, "acceleration"))
        #expect(close(acceleration, reading.raw.map { -Double($0) * reading.device.scale / 9.80665 }, tolerance: 1e-12), "\(acceleration)")
        if let rotation = reading.rotation, let gyro = reading.device.gyroscope {
            let rotationRate = try #require(vector(line, "rotation_rate"))
            #expect(close(rotationRate, rotation.map { Double($0) * gyro.scale }, tolerance: 1e-12), "\(rotationRate)")
        }
    }

    @Test(
        "libiio reads each converted dump back as recorded: devices, names, scan indexes and formats in libiio's spelling",
        arguments: CorpusRecordedDevice.recorded.keys.sorted())
    func libiioReadsDumpBack(_ fixture: String) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(SysfsFixture(named: "devices/\(fixture)"))
        let result = try testbed.runUnderPreload(executable: "iio_info", arguments: ["-u", "local:"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let listed = IIOInfoListing(result.output).devices.map { device in
            let scan = device.channels.filter { $0.index != nil }.sorted { $0.index! < $1.index! }
            return CorpusRecordedDevice(device.id, device.name, scan.map { "\($0.id)@\($0.index!) \($0.format ?? "?")" })
        }
        #expect(listed.sorted { $0.id < $1.id } == CorpusRecordedDevice.recorded[fixture]?.sorted { $0.id < $1.id })
    }

    @Test(
        "a board with an ADC and a 2-axis gyroscope but no accelerometer (ad7124-8 + adxrs290): exit 4 naming both devices",
        arguments: [["imu-list"], ["imu-list", "--json"], ["imu-stream", "--poll", "--samples", "1"]])
    func noAccelerometer(_ command: [String]) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(SysfsFixture(named: "devices/rpi4-adxrs290-ad7124-8"))
        let result = try testbed.runUnderPreload(executable: try product(command[0]), arguments: Array(command.dropFirst()))
        #expect(result.status == ExitStatus.noAccelerometer.rawValue, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("\(command[0]): 3 IIO devices, none with an accelerometer: "), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(!result.standardError.contains("does not exist"), "\(result.standardError)")
        for name in ["ad7124-8 (voltage0-voltage1, ", "adxrs290 (anglvel_x, anglvel_y, temp)", "iio_sysfs_trigger (no channels)"] {
            #expect(result.standardError.contains(name), "\(result.standardError)")
        }
        switch command {
        case ["imu-list"]:
            // The 2-axis gyroscope is listed with the axes it has, its recorded scale and scan formats.
            #expect(
                result.output.hasPrefix("Sensor: adxrs290 (2-axis gyroscope x, y, not streamed, local:)\n  iio:device1  adxrs290\n"),
                "\(result.output)")
            #expect(result.output.contains("    anglvel_x   le:s16/16>>0 @0        scale 8.7266e-05  offset 0\n"), "\(result.output)")
            #expect(result.output.contains("    anglvel_y   le:s16/16>>0 @1        scale 8.7266e-05  offset 0\n"), "\(result.output)")
            #expect(!result.output.contains("ad7124-8"))
        case ["imu-list", "--json"]:
            try SchemaValidation.expectValid(result.output, schema: "imu.schema.json")
            let lines = try jsonLines(result.output)
            #expect(lines.count == 1, "\(result.output)")
            #expect(lines.first?["accelerometer"] is NSNull)
            let gyroscope = try #require(lines.first?["gyroscope"] as? [String: Any])
            #expect(gyroscope["name"] as? String == "adxrs290" && gyroscope["id"] as? String == "iio:device1")
            #expect(gyroscope["axes"] as? [String] == ["x", "y"])
            let channels = try #require(gyroscope["channels"] as? [[String: Any]])
            #expect(
                axes(of: "anglvel", in: channels) == [
                    CorpusAxis(axis: "x", scale: 0.000087266, format: "le:s16/16>>0", index: 0),
                    CorpusAxis(axis: "y", scale: 0.000087266, format: "le:s16/16>>0", index: 1),
                ])
        default:
            #expect(result.output.isEmpty)
        }
    }

    @Test("a single-axis gyroscope without an accelerometer (adxrs450 on a Blackfin board): listed with its z axis, exit 4")
    func singleAxisGyroscope() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(SysfsFixture(named: "devices/blackfin-adxrs450"))
        let message = "1 IIO device, none with an accelerometer: adxrs450 (anglvel_z, temp0)"
        let table = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(table.status == ExitStatus.noAccelerometer.rawValue, "\(table.standardError)")
        #expect(table.standardError.hasPrefix("imu-list: \(message);"), "\(table.standardError)")
        #expect(
            table.output.hasPrefix(
                "Sensor: adxrs450 (1-axis gyroscope z, not streamed, local:)\n  iio:device0  adxrs450\n"
                    + "    parent      /sys/devices/platform/bfin-spi.0/spi0.18\n    capture     polled (no buffer)\n"),
            "\(table.output)")
        let json = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(json.status == ExitStatus.noAccelerometer.rawValue)
        try SchemaValidation.expectValid(json.output, schema: "imu.schema.json")
        let gyroscope = try #require(try jsonLines(json.output).first?["gyroscope"] as? [String: Any])
        #expect(gyroscope["axes"] as? [String] == ["z"])
        #expect(gyroscope["buffered"] as? Bool == false && gyroscope["pollable"] as? Bool == true)
        let channels = try #require(gyroscope["channels"] as? [[String: Any]])
        // The `ls -l` of the driver page: the z rate (with calibbias and quadrature correction) and the temperature.
        #expect(
            channels.map { "\($0["id"] as? String ?? "?"):\($0["type"] as? String ?? "?")" }.sorted() == [
                "anglvel_z:anglvel", "temp0:temp",
            ])
        #expect(
            axes(of: "anglvel", in: channels) == [CorpusAxis(axis: "z", scale: 0.000218166, format: nil, index: nil)])
        #expect(channels.first { $0["id"] as? String == "temp0" }?["scale"] as? Double == 200)
        let stream = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--poll", "--samples", "1"])
        #expect(stream.status == ExitStatus.noAccelerometer.rawValue)
        #expect(stream.standardError.hasPrefix("imu-stream: \(message);"), "\(stream.standardError)")
        #expect(stream.output.isEmpty)
    }

    /// The x, y, z channels of `type`, sorted by axis (polled-only devices have no scan index, so libiio's channel
    /// order is not x, y, z).
    private func axes(of type: String, in channels: [[String: Any]]) -> [CorpusAxis] {
        channels.filter { $0["type"] as? String == type }
            .map {
                CorpusAxis(
                    axis: $0["axis"] as? String, scale: $0["scale"] as? Double, format: $0["format"] as? String,
                    index: $0["index"] as? Int)
            }
            .sorted { ($0.axis ?? "") < ($1.axis ?? "") }
    }
}
