import Foundation
import IIOTestbed
import Testing

@Suite("imu-list on umockdev fixtures", .enabled(if: canRunCLIs, cliMessage))
struct IMUListTests {
    @Test("lists every fixture's IMUs as JSON lines with channels, rates, matrices and triggers")
    func json() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        for fixture in ["mpu6050", "lsm6dso", "bmi160", "hid-sensor-hub", "cros-ec", "lis3dh", "adxl345"] {
            _ = try testbed.install(fixtureNamed: fixture)
        }
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let imus = try jsonLines(result.output)
        #expect(imus.map { $0["name"] as? String } == ["mpu6050", "lsm6dso", "bmi160", "hid-sensor-hub", "cros-ec-accel", "cros-ec", "lis3dh", "adxl345"])
        let hid = try #require(imus.first { $0["name"] as? String == "hid-sensor-hub" })
        let accel = try #require(hid["accelerometer"] as? [String: Any])
        let gyro = try #require(hid["gyroscope"] as? [String: Any])
        #expect(accel["name"] as? String == "accel_3d" && gyro["name"] as? String == "gyro_3d")
        #expect(accel["trigger"] as? String == "accel_3d-dev4" && accel["buffered"] as? Bool == true)
        #expect(accel["accelerationSign"] as? String == "coreMotion")
        let channels = try #require(accel["channels"] as? [[String: Any]])
        #expect(channels.first?["format"] as? String == "le:s16/32>>0")
        #expect(channels.first?["scale"] as? Double == 0.00980665)
        let lsm = try #require(imus.first { $0["name"] as? String == "lsm6dso" }?["accelerometer"] as? [String: Any])
        #expect(lsm["triggered"] as? Bool == false && lsm["trigger"] is NSNull)
        #expect((lsm["availableFrequencies"] as? [Double])?.last == 833)
        #expect(lsm["mountMatrix"] as? [[Double]] == [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
        let cros = try #require(imus.first { $0["name"] as? String == "cros-ec" }?["accelerometer"] as? [String: Any])
        #expect(cros["label"] as? String == "accel-base" && cros["timestampClock"] as? String == "boottime")
        let adxl = try #require(imus.first { $0["name"] as? String == "adxl345" })
        #expect((adxl["accelerometer"] as? [String: Any])?["buffered"] as? Bool == false)
        #expect(adxl["gyroscope"] is NSNull)
    }

    @Test("the table names each IMU, its kind and capture mode")
    func table() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "lsm6dso")
        _ = try testbed.install(fixtureNamed: "adxl345")
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(result.status == 0)
        #expect(result.output.contains("IMU 0: lsm6dso (split, local:)"))
        #expect(result.output.contains("buffered (hardware FIFO, no trigger)"))
        #expect(result.output.contains("IMU 1: adxl345 (accelerometer only, local:)"))
        #expect(result.output.contains("polled (no buffer)"))
    }

    @Test("faults give one clear message and a distinct exit status", arguments: [
        ([String](), Int32(3), "/sys/bus/iio/devices does not exist"),
        (["malformed-mount-matrix"], Int32(9), "in_accel_mount_matrix = '1, 0, 0; 0, 1'"),
        (["malformed-scale"], Int32(9), "in_accel_scale = 'garbage'"),
    ])
    func faults(fixtures: [String], status: Int32, message: String) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        for fixture in fixtures { _ = try testbed.install(fixtureNamed: fixture) }
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(result.status == status)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test("usage errors exit with 64")
    func usage() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--bogus"])
        #expect(result.status == 64)
    }
}
