import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

extension IMUListTests {
    @Test("magnetometers: the MPU-9250's own, the LIS3MDL on the LSM6DSOX's bus (the only IMU there without one), the HID hub's magn_3d")
    func magnetometers() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        for fixture in ["mpu9250", "lsm6dsox-lis3mdl", "hid-sensor-hub-magn", "cros-ec"] {
            _ = try testbed.install(fixtureNamed: fixture)
        }
        let json = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(json.status == ExitStatus.success.rawValue, "\(json.standardError)")
        try SchemaValidation.expectValid(json.output, schema: "imu.schema.json")
        let imus = try jsonLines(json.output)
        #expect(imus.map { $0["name"] as? String } == ["cros-ec-accel", "cros-ec", "mpu9250", "lsm6dsox", "hid-sensor-hub"])
        #expect(imus.prefix(2).allSatisfy { $0["magnetometer"] is NSNull })
        let magnetometers = imus.dropFirst(2).map { $0["magnetometer"] as? [String: Any] }
        #expect(magnetometers.map { $0?["name"] as? String } == ["mpu9250", "lis3mdl", "magn_3d"])
        #expect(
            magnetometers.map { $0?["mount_matrix_source"] as? String } == [
                "in_magn_mount_matrix", "mount_matrix", "from the accelerometer's hwdb ACCEL_MOUNT_MATRIX",
            ])
        #expect(magnetometers[0]?["mount_matrix"] as? [[Double]] == [[0, 1, 0], [1, 0, 0], [0, 0, -1]])
        #expect(magnetometers[1]?["axes"] as? [String] == ["x", "y", "z"])
        #expect(magnetometers[2]?["sampling_frequency"] as? Double == 10)
        let magnZ = (magnetometers[0]?["channels"] as? [[String: Any]])?.first { $0["id"] as? String == "magn_z" }
        #expect(magnZ?["type"] as? String == "magn" && magnZ?["scale"] as? Double == 0.001722 && magnZ?["index"] as? Int == 9)

        let table = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(table.status == ExitStatus.success.rawValue)
        #expect(table.output.contains("IMU 2: mpu9250 (combined, magnetometer built in, local:)"))
        #expect(table.output.contains("    magn mount  0, 1, 0; 1, 0, 0; 0, 0, -1  [in_magn_mount_matrix]"))
        #expect(table.output.contains("IMU 3: lsm6dsox (split, magnetometer lis3mdl, local:)"))
        #expect(table.output.contains("IMU 4: hid-sensor-hub (split, magnetometer magn_3d, local:)"))
        #expect(table.output.contains("IMU 1: cros-ec (split, local:, base)"))
    }
}

extension IMUStreamTests {
    @Test("MPU-9250: magnetic_field in µT with every sample, in the accelerometer's axes; the text line ends in uT")
    func mpu9250MagneticField() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let fixture = try SysfsFixture(named: "mpu9250")
        _ = try testbed.install(fixture)
        let device = try #require(fixture.device("iio:device50"))
        let layout = try #require(FixtureScanLayout(device: device, excluding: ["temp"]))
        let values: [String: Int64] = ["accel_z": 16384, "magn_x": 100, "magn_y": 200, "magn_z": -300]
        let scans = (0..<16).flatMap { n in layout.encode(values.merging(["timestamp": 1_000_000_000 + Int64(n) * 20_000_000]) { $1 }) }
        _ = try testbed.feed(device: "iio:device50", bytes: scans)
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--device", "mpu9250", "--samples", "3", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.output, schema: "sample.schema.json")
        let lines = try jsonLines(result.output)
        #expect(lines.count == 3)
        for line in lines {
            // (100, 200, -300) counts at 0.001781/0.001792/0.001722 G; in_magn_mount_matrix swaps x and y, negates z.
            #expect(close(vector(line, "magnetic_field"), [200 * 0.1792, 100 * 0.1781, 300 * 0.1722], tolerance: 1e-9), "\(line)")
        }

        let textbed = try Testbed()
        defer { textbed.close() }
        _ = try textbed.install(fixture)
        _ = try textbed.feed(device: "iio:device50", bytes: scans)
        let text = try textbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--device", "mpu9250", "--samples", "1"])
        #expect(text.output.contains("mag    35.84    17.81    51.66 uT"), "\(text.output)")
    }

    @Test("an IMU without a magnetometer prints no magnetic_field")
    func noMagneticField() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "2", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(try jsonLines(result.output).allSatisfy { $0["magnetic_field"] == nil })
    }
}
