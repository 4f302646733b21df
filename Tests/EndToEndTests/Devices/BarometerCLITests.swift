import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// Issue 13: barometers (IIO pressure sensors) in imu-list, and floors in imu-steps --live.
extension IMUListTests {
    @Test("barometers: the BMP280 with the MPU-6050 on its i2c bus, the LPS22HB on spi0 on a line of its own; exit 0")
    func barometers() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        for fixture in ["mpu6050", "bmp280", "lps22hb"] { _ = try testbed.install(fixtureNamed: fixture) }
        let json = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(json.status == ExitStatus.success.rawValue, "\(json.standardError)")
        try SchemaValidation.expectValid(json.output, schema: "imu.schema.json")
        let lines = try jsonLines(json.output)
        #expect(lines.map { $0["name"] as? String } == ["mpu6050", "lps22hb"])
        let paired = try #require(lines.first?["barometer"] as? [String: Any])
        #expect(paired["id"] as? String == "iio:device60" && paired["pollable"] as? Bool == true)
        #expect(paired["axes"] as? [String] == [])
        let pressure = (paired["channels"] as? [[String: Any]])?.first { $0["type"] as? String == "pressure" }
        #expect(pressure?["id"] as? String == "pressure" && pressure?["scale"] as? Double == 1)
        let alone = try #require(lines.last)
        #expect(alone["accelerometer"] is NSNull && alone["gyroscope"] is NSNull && alone["magnetometer"] is NSNull)
        let lps = try #require(alone["barometer"] as? [String: Any])
        let lpsPressure = (lps["channels"] as? [[String: Any]])?.first { $0["type"] as? String == "pressure" }
        #expect(lpsPressure?["scale"] as? Double == 0.000024414)

        let table = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(table.status == ExitStatus.success.rawValue)
        #expect(table.output.contains("IMU 0: mpu6050 (combined, barometer bmp280, local:)"), "\(table.output)")
        #expect(table.output.contains("  iio:device60  bmp280"))
        #expect(table.output.contains("Barometer: lps22hb (pressure, with no IMU, local:)"))
        #expect(table.output.contains("    pressure    not buffered           scale 2.4414e-05  offset 0"), "\(table.output)")
    }

    @Test("a barometer and no accelerometer: it is listed, and the exit status is still 4 naming it")
    func barometerWithoutIMU() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "bmp280")
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(result.status == ExitStatus.noAccelerometer.rawValue)
        try SchemaValidation.expectValid(result.output, schema: "imu.schema.json")
        #expect(try jsonLines(result.output).map { $0["name"] as? String } == ["bmp280"])
        #expect(result.standardError.contains("bmp280 (pressure, temp)"), "\(result.standardError)")
    }
}

extension IMUStepsTests {
    /// One MPU-6050 scan lying face up, bouncing vertically at 1.8 steps per second (0.3 g), stamped `timestamp`.
    fileprivate static func walkingScan(_ index: Int, timestamp: Int64) -> [UInt8] {
        let z = Int16(16384 * (1 + 0.3 * cos(2 * Double.pi * 1.8 * Double(index) / 100)))
        return [Int16(0), 0, z, 0, 0, 0].flatMap(be) + [0, 0, 0, 0] + le(timestamp)
    }

    @Test("--live with a BMP280 beside the IMU: walking while the pressure falls 0.0359 kPa per 10 s (3 m at sea level) counts floors up")
    func liveFloors() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        _ = try testbed.install(fixtureNamed: "bmp280")
        let pressureFile = try testbed.sysfsDirectory(of: "iio:device60").appendingPathComponent("in_pressure_input")
        // Replaced by rename, so the tool never reads a half-written file (sysfs reads are whole too).
        @Sendable func setPressure(_ kilopascal: Double) {
            try? Data((String(format: "%.9f", kilopascal) + "\n").utf8).write(to: pressureFile, options: .atomic)
        }
        setPressure(101.325)
        let steps = try testbed.launchUnderPreload(
            executable: try product("imu-steps"), arguments: ["--live", "--device", "mpu6050", "--sensor-rate", "100", "--json"])
        // 100 Hz scans (stamped 10 ms apart), written five times faster; every 25 scans (0.25 s of the IMU's time) the
        // pressure drops by its share of 0.0359 kPa per 1000 scans: one 3 m floor up per 10 s of walking.
        let feeder = try testbed.feedPaced(
            device: "iio:device0", scanSize: 24, interval: 0.002, timestamp: { index, _ in Int64(index + 1) * 10_000_000 },
            scan: { index, timestamp in
                if index % 25 == 0 { setPressure(101.325 - 0.0359 * Double(index) / 1000) }
                return Self.walkingScan(index, timestamp: timestamp)
            })
        defer { feeder.stop() }
        _ = steps.waitForOutput(timeLimit: 90) { output in
            let whole = output.split(separator: "\n").dropLast(output.hasSuffix("\n") ? 0 : 1)
            let latest = whole.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            return (latest?["floors_ascended"] as? Int ?? 0) >= 2
        }
        let result = steps.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.output, schema: "steps.schema.json")
        let lines = try jsonLines(result.output)
        let floors = lines.compactMap { $0["floors_ascended"] as? Int }
        #expect(floors == floors.sorted() && (floors.last ?? 0) >= 2, "\(floors)")
        #expect(lines.allSatisfy { ($0["floors_descended"] as? Int ?? 0) == 0 })
        #expect(lines.allSatisfy { $0["floors_ascended"] == nil || $0["floors_descended"] != nil })
        #expect((lines.last?["number_of_steps"] as? Int ?? 0) >= 25, "\(lines.last ?? [:])")
    }

    @Test("--live with a barometer reading out of range: status 9, naming the attribute")
    func liveHostilePressure() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        _ = try testbed.install(fixtureNamed: "bmp280")
        try testbed.setAttribute("in_pressure_input", of: "iio:device60", to: "1e300")
        let steps = try testbed.launchUnderPreload(
            executable: try product("imu-steps"), arguments: ["--live", "--device", "mpu6050", "--sensor-rate", "100", "--json"])
        let feeder = try testbed.feedPaced(
            device: "iio:device0", scanSize: 24, interval: 0.002, timestamp: { index, _ in Int64(index + 1) * 10_000_000 },
            scan: { index, timestamp in Self.walkingScan(index, timestamp: timestamp) })
        defer { feeder.stop() }
        let result = steps.wait(timeLimit: 60)
        #expect(result.status == ExitStatus.malformedSysfsValue.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("/sys/bus/iio/devices/iio:device60/in_pressure_input"), "\(result.standardError)")
    }
}
