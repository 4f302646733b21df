import Foundation
import IIOTestbed
import Testing

/// `imu-calibrate --live` on umockdev: an MPU-9250 whose magnetometer readings sweep every direction around a hard-iron
/// offset, and an IMU without a magnetometer. The stop is the readings' own timestamps (`--duration`) or the accuracy
/// reached, never the wall clock.
@Suite("imu-calibrate --live", .enabled(if: canRunCLIs, cliMessage))
struct IMUCalibrateLiveTests {
    @Test("MPU-9250 turned through all directions: a calibration saved with -o, the offset found in the device frame")
    func mpu9250() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imu-calibrate-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let testbed = try Testbed()
        defer { testbed.close() }
        let fixture = try SysfsFixture(named: "mpu9250")
        _ = try testbed.install(fixture)
        let device = try #require(fixture.device("iio:device50"))
        let layout = try #require(FixtureScanLayout(device: device, excluding: ["temp"]))
        // 600 directions of a 45 µT field (a Fibonacci lattice), plus (20, -10, 15) µT, in counts of about 0.178 µT.
        let count = 600
        let scans = (0..<count).flatMap { n -> [UInt8] in
            let z = 1 - 2 * (Double(n) + 0.5) / Double(count)
            let angle = Double.pi * (3 - 5.0.squareRoot()) * Double(n)
            let field = [45 * (1 - z * z).squareRoot() * cos(angle) + 20, 45 * (1 - z * z).squareRoot() * sin(angle) - 10, 45 * z + 15]
            let values: [String: Int64] = [
                "accel_z": 16384, "magn_x": Int64((field[0] / 0.1781).rounded()), "magn_y": Int64((field[1] / 0.1792).rounded()),
                "magn_z": Int64((field[2] / 0.1722).rounded()), "timestamp": 1_000_000_000 + Int64(n) * 20_000_000,
            ]
            return layout.encode(values)
        }
        _ = try testbed.feed(device: "iio:device50", bytes: scans)
        let file = directory.appendingPathComponent("live.json")
        let result = try testbed.runUnderPreload(
            executable: try product("imu-calibrate"),
            arguments: ["--live", "--device", "mpu9250", "--duration", "11.5", "-o", file.path, "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.output, schema: "calibration-result.schema.json")
        let line = try #require(try jsonLines(result.output).first)
        let calibration = try #require(line["calibration"] as? [String: Any])
        #expect(calibration["accuracy"] as? String == "high", "\(calibration)")
        // in_magn_mount_matrix swaps x and y and negates z: the offset (20, -10, 15) reads (-10, 20, -15).
        #expect(close(vector(calibration, "offset"), [-10, 20, -15], tolerance: 0.5), "\(calibration)")
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(result.standardError.contains("turn mpu9250 slowly through all orientations"), "\(result.standardError)")
    }

    @Test("An IMU without a magnetometer: status 5 and which IMU to pick")
    func noMagnetometer() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let result = try testbed.runUnderPreload(
            executable: try product("imu-calibrate"), arguments: ["--live", "-o", "/nonexistent/x.json"])
        #expect(result.status == ExitStatus.noSuchIMU.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("has no magnetometer"), "\(result.standardError)")
    }
}
