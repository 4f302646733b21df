import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

@Suite(
    "imu-list and imu-stream say what is there: no accelerometer, unusable URIs, Chromebook lid and base",
    .enabled(if: canRunCLIs, cliMessage))
struct EnumerationTruthTests {
    private let g = 9.80665
    /// What `no-accel-adc-gyro.umockdev` holds, as the tools name it.
    private let inventory =
        "3 IIO devices, none with an accelerometer: ad7291 (temp0, voltage0, voltage1), l3g4200d (anglvel_x, anglvel_y, anglvel_z), "
        + "dual_axis_accel (accel_x, accel_y)"

    @Test(
        "an ADC, a gyroscope-only and a two-axis sensor: both tools name every device with its channels, status 4",
        arguments: ["imu-list", "imu-stream"])
    func noAccelerometer(tool: String) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "no-accel-adc-gyro")
        let result = try testbed.runUnderPreload(executable: try product(tool), arguments: tool == "imu-list" ? [] : ["--samples", "1"])
        #expect(result.status == ExitStatus.noAccelerometer.rawValue, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("\(tool): \(inventory); is the accelerometer's driver loaded?"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test(
        "imu-list lists a gyroscope-only IMU and a two-axis accelerometer with its axes (table and JSON) before saying there is no accelerometer"
    )
    func gyroscopeOnlyAndTwoAxisListed() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "no-accel-adc-gyro")
        let table = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(table.status == ExitStatus.noAccelerometer.rawValue)
        #expect(table.standardError.hasPrefix("imu-list: \(inventory);"), "\(table.standardError)")
        #expect(table.output.hasPrefix("IMU 0: l3g4200d (gyroscope only, local:)\n  iio:device43  l3g4200d\n"), "\(table.output)")
        #expect(
            table.output.contains(
                "Sensor: dual_axis_accel (2-axis accelerometer x, y, not streamed, local:)\n  iio:device44  dual_axis_accel\n"),
            "\(table.output)")
        #expect(table.output.contains("    accel_x     not buffered           scale 0.000598  offset 0\n"), "\(table.output)")
        let json = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(json.status == ExitStatus.noAccelerometer.rawValue)
        try SchemaValidation.expectValid(json.output, schema: "imu.schema.json")
        let lines = try jsonLines(json.output)
        #expect(lines.map { $0["name"] as? String } == ["l3g4200d", "dual_axis_accel"])
        #expect(lines.first?["accelerometer"] is NSNull)
        let gyroscope = try #require(lines.first?["gyroscope"] as? [String: Any])
        #expect(gyroscope["id"] as? String == "iio:device43")
        #expect(gyroscope["axes"] as? [String] == ["x", "y", "z"])
        let twoAxis = try #require(lines.last?["accelerometer"] as? [String: Any])
        #expect(lines.last?["gyroscope"] is NSNull)
        #expect(twoAxis["id"] as? String == "iio:device44")
        #expect(twoAxis["axes"] as? [String] == ["x", "y"])
        let channels = try #require(twoAxis["channels"] as? [[String: Any]])
        #expect(channels.map { $0["id"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == ["accel_x", "accel_y"])
        #expect(channels.allSatisfy { $0["scale"] as? Double == 0.000598 })
    }

    @Test(
        "a --uri libiio cannot serve attributes from: one line naming what works, status 64, no /sys path",
        arguments: ["xml:/tmp/imu.xml", "usb:1.2.5", "serial:/dev/ttyUSB0,115200", "bogus:x"])
    func unsupportedURI(uri: String) throws {
        for tool in ["imu-list", "imu-stream"] {
            let result = try Testbed.runOutsidePreload(executable: try product(tool), arguments: ["--uri", uri])
            #expect(result.status == ExitStatus.usage.rawValue, "\(result.standardError)")
            #expect(result.standardError.hasPrefix("\(tool): unsupported libiio URI '\(uri)' (--uri): "), "\(result.standardError)")
            #expect(
                result.standardError.hasSuffix(
                    "; use 'local:' for this machine's /sys/bus/iio or 'ip:HOST[:PORT]' for a board running iiod.\n"),
                "\(result.standardError)")
            #expect(!result.standardError.contains("/sys/bus/iio/devices"))
        }
    }

    @Test("cros-ec: imu-list shows lid and base, in the table and as JSON 'location'")
    func chromebookLocations() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "cros-ec")
        let json = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(json.status == ExitStatus.success.rawValue, "\(json.standardError)")
        let imus = try jsonLines(json.output)
        #expect(imus.map { $0["location"] as? String } == ["lid", "base"])
        #expect(imus.map { ($0["accelerometer"] as? [String: Any])?["location"] as? String } == ["lid", "base"])
        #expect(imus.map { ($0["accelerometer"] as? [String: Any])?["id"] as? String } == ["iio:device6", "iio:device7"])
        let table = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(
            table.output.contains(
                "IMU 0: cros-ec-accel (accelerometer only, local:, lid)\n  iio:device6  cros-ec-accel, label accel-display, location lid\n")
        )
        #expect(
            table.output.contains("IMU 1: cros-ec (split, local:, base)\n  iio:device7  cros-ec-accel, label accel-base, location base\n"))
    }

    @Test("cros-ec on an older kernel: the 'location' attribute (lid, base) gives the same locations")
    func chromebookLocationAttribute() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "cros-ec-lid-base-location")
        let json = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(json.status == ExitStatus.success.rawValue, "\(json.standardError)")
        let imus = try jsonLines(json.output)
        #expect(imus.map { $0["location"] as? String } == ["lid", "base"])
        let base = try #require(imus.last)
        #expect((base["accelerometer"] as? [String: Any])?["id"] as? String == "iio:device46")
        #expect((base["gyroscope"] as? [String: Any])?["id"] as? String == "iio:device47")
    }

    /// Feeds the lid (iio:device6) z = 1000 counts and the base (iio:device7, gyro iio:device8) z = 2000 counts.
    private func feedLidAndBase(_ testbed: Testbed) throws {
        func scans(z: Int16) -> [UInt8] {
            (0..<8).flatMap { n in [0, 0, z].flatMap(le) + [0, 0] + le(Int64(1_000_000_000) + Int64(n) * 10_000_000) }
        }
        _ = try testbed.feed(device: "iio:device6", bytes: scans(z: 1000))
        _ = try testbed.feed(device: "iio:device7", bytes: scans(z: 2000))
        _ = try testbed.feed(device: "iio:device8", bytes: scans(z: 0))
    }

    @Test(
        "imu-stream --device lid / base / (default: base, the IMU with a gyroscope) reads that sensor",
        arguments: [(["--device", "lid"], 1000.0, false), (["--device", "base"], 2000.0, true), ([], 2000.0, true)])
    func chromebookDeviceChoice(arguments: [String], z: Double, hasGyroscope: Bool) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "cros-ec")
        try feedLidAndBase(testbed)
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: arguments + ["--sensor-rate", "100", "--samples", "2", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(lines.count == 2)
        for line in lines {
            // Specific force, negated once: -z * 0.00059855 / g.
            #expect(close(vector(line, "acceleration"), [0, 0, -z * 0.00059855 / g], tolerance: 1e-12), "\(line)")
            #expect((line["rotation_rate"] != nil) == hasGyroscope)
        }
    }
}
