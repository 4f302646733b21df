import CommandLineSupport
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
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.output, schema: "imu.schema.json")
        let imus = try jsonLines(result.output)
        #expect(
            imus.map { $0["name"] as? String } == [
                "mpu6050", "lsm6dso", "bmi160", "hid-sensor-hub", "cros-ec-accel", "cros-ec", "lis3dh", "adxl345",
            ])
        let hid = try #require(imus.first { $0["name"] as? String == "hid-sensor-hub" })
        let accel = try #require(hid["accelerometer"] as? [String: Any])
        let gyro = try #require(hid["gyroscope"] as? [String: Any])
        #expect(accel["name"] as? String == "accel_3d" && gyro["name"] as? String == "gyro_3d")
        #expect(accel["trigger"] as? String == "accel_3d-dev4" && accel["buffered"] as? Bool == true)
        #expect(accel["device_node"] as? Bool == true)
        #expect(accel["acceleration_sign"] as? String == "coreMotion")
        let channels = try #require(accel["channels"] as? [[String: Any]])
        #expect(channels.first?["format"] as? String == "le:s16/32>>0")
        #expect(channels.first?["scale"] as? Double == 0.00980665)
        let lsm = try #require(imus.first { $0["name"] as? String == "lsm6dso" }?["accelerometer"] as? [String: Any])
        #expect(lsm["triggered"] as? Bool == false && lsm["trigger"] is NSNull)
        #expect((lsm["available_frequencies"] as? [Double])?.last == 833)
        #expect(lsm["mount_matrix"] as? [[Double]] == [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
        let cros = try #require(imus.first { $0["name"] as? String == "cros-ec" }?["accelerometer"] as? [String: Any])
        #expect(cros["label"] as? String == "accel-base" && cros["timestamp_clock"] as? String == "boottime")
        let crosChannels = try #require(cros["channels"] as? [[String: Any]])
        #expect(
            crosChannels.map { $0["scale"] as? Double } == [0.00059855, 0.00059855, 0.00059855, 1],
            "the device-wide scale is not the timestamp's")
        let adxl = try #require(imus.first { $0["name"] as? String == "adxl345" })
        #expect((adxl["accelerometer"] as? [String: Any])?["buffered"] as? Bool == false)
        #expect((adxl["accelerometer"] as? [String: Any])?["device_node"] is NSNull, "no buffer, no node to read it through")
        #expect(adxl["gyroscope"] is NSNull)
    }

    @Test("bmi160: the ACPI-style in_mount_matrix, and each sensor's own frequency list")
    func bmi160() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "bmi160")
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let imu = try #require(try jsonLines(result.output).first)
        let accel = try #require(imu["accelerometer"] as? [String: Any])
        let gyro = try #require(imu["gyroscope"] as? [String: Any])
        for sensor in [accel, gyro] {
            #expect(sensor["mount_matrix"] as? [[Double]] == [[0, -1, 0], [1, 0, 0], [0, 0, 1]])
            #expect(sensor["mount_matrix_source"] as? String == "in_mount_matrix")
            #expect(sensor["sampling_frequency"] as? Double == 100)
        }
        #expect(accel["available_frequencies"] as? [Double] == [0.78125, 1.5625, 3.125, 6.25, 12.5, 25, 50, 100, 200, 400, 800, 1600])
        #expect(gyro["available_frequencies"] as? [Double] == [25, 50, 100, 200, 400, 800, 1600, 3200])

        let table = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(table.status == ExitStatus.success.rawValue, "\(table.standardError)")
        let lines = table.output.split(separator: "\n").map { String($0) }
        #expect(
            lines.contains(
                "    rate        100 Hz  (available: 0.78125 1.5625 3.125 6.25 12.5 25 50 100 200 400 800 1600)  [in_accel_sampling_frequency]"
            ))
        #expect(lines.contains("    rate        100 Hz  (available: 25 50 100 200 400 800 1600 3200)  [in_anglvel_sampling_frequency]"))
        #expect(lines.contains("    accel mount 0, -1, 0; 1, 0, 0; 0, 0, 1  [in_mount_matrix]"))
        #expect(lines.contains("    gyro mount  0, -1, 0; 1, 0, 0; 0, 0, 1  [in_mount_matrix]"))
    }

    @Test("adxl345: a per-type frequency with the device-wide available list")
    func adxl345Frequencies() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let accel = try #require(try jsonLines(result.output).first?["accelerometer"] as? [String: Any])
        #expect(accel["sampling_frequency"] as? Double == 100)
        #expect(
            accel["available_frequencies"] as? [Double] == [
                0.09765625, 0.1953125, 0.390625, 0.78125, 1.5625, 3.125, 6.25, 12.5, 25, 50, 100, 200, 400, 800, 1600, 3200,
            ])
    }

    @Test("in_accel_mount_matrix and in_anglvel_mount_matrix each apply to their own sensor")
    func perTypeMatrices() throws {
        var fixture = try SysfsFixture(named: "mpu6050")
        let index = try #require(fixture.devices.firstIndex { $0.sysname == "iio:device0" })
        for (file, matrix) in [
            ("in_accel_mount_matrix", "-1, 0, 0; 0, -1, 0; 0, 0, 1"), ("in_anglvel_mount_matrix", "0, 1, 0; 1, 0, 0; 0, 0, -1"),
        ] {
            let attribute = try #require(fixture.devices[index].attributes.firstIndex { $0.path == file })
            fixture.devices[index].attributes[attribute].contents = matrix + "\n"
        }
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixture)
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let imu = try #require(try jsonLines(result.output).first)
        let accel = try #require(imu["accelerometer"] as? [String: Any])
        let gyro = try #require(imu["gyroscope"] as? [String: Any])
        #expect(accel["mount_matrix"] as? [[Double]] == [[-1, 0, 0], [0, -1, 0], [0, 0, 1]])
        #expect(accel["mount_matrix_source"] as? String == "in_accel_mount_matrix")
        #expect(gyro["mount_matrix"] as? [[Double]] == [[0, 1, 0], [1, 0, 0], [0, 0, -1]])
        #expect(gyro["mount_matrix_source"] as? String == "in_anglvel_mount_matrix")
    }

    @Test("the hwdb's ACCEL_MOUNT_MATRIX wins over the driver's for the accelerometer; the gyroscope keeps the driver's own")
    func hwdbOverridesDriverMatrix() throws {
        // bmi160 (specific force) with ACPI's in_mount_matrix "0, -1, 0; 1, 0, 0; 0, 0, 1" for both sensors; the hwdb
        // entry of a chip turned 180 degrees in the plane, written in the HID sign as iio-sensor-proxy applies it.
        var fixture = try SysfsFixture(named: "bmi160")
        let index = try #require(fixture.devices.firstIndex { $0.sysname == "iio:device3" })
        fixture.devices[index].properties.append(.init(key: "ACCEL_MOUNT_MATRIX", value: "1, 0, 0; 0, 1, 0; 0, 0, -1"))
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixture)
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let imu = try #require(try jsonLines(result.output).first)
        let accel = try #require(imu["accelerometer"] as? [String: Any])
        #expect(accel["mount_matrix"] as? [[Double]] == [[-1, 0, 0], [0, -1, 0], [0, 0, 1]])
        #expect(accel["mount_matrix_source"] as? String == "hwdb ACCEL_MOUNT_MATRIX")
        #expect(accel["hwdb_mount_matrix"] as? String == "1, 0, 0; 0, 1, 0; 0, 0, -1")
        let gyro = try #require(imu["gyroscope"] as? [String: Any])
        #expect(gyro["mount_matrix"] as? [[Double]] == [[0, -1, 0], [1, 0, 0], [0, 0, 1]])
        #expect(gyro["mount_matrix_source"] as? String == "in_mount_matrix")

        // gyro (100, -100, 200), accel (1000, -1000, 16384): the accelerometer reads hwdb · v / g with no sign change,
        // the gyroscope in_mount_matrix · v.
        let scans = (0..<8).flatMap { n in
            [Int16(100), -100, 200, 1000, -1000, 16384].flatMap(le) + [0, 0, 0, 0] + le(Int64(n) * 10_000_000)
        }
        _ = try testbed.feed(device: "iio:device3", bytes: scans)
        let stream = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "1", "--json"])
        #expect(stream.status == ExitStatus.success.rawValue, "\(stream.standardError)")
        let sample = try #require(try jsonLines(stream.output).first)
        let g = 9.80665
        #expect(
            close(vector(sample, "acceleration"), [1000 * 0.000598 / g, -1000 * 0.000598 / g, -16384 * 0.000598 / g], tolerance: 1e-12))
        #expect(close(vector(sample, "rotation_rate"), [100 * 0.001065, 100 * 0.001065, 200 * 0.001065], tolerance: 1e-12))
    }

    @Test("a device in sysfs whose /dev/iio:deviceN is missing (a container): device_node false, and the table says so")
    func missingDeviceNode() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "hid-sensor-hub")
        try testbed.removeNode(of: "iio:device4")
        let json = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(json.status == ExitStatus.success.rawValue, "\(json.standardError)")
        try SchemaValidation.expectValid(json.output, schema: "imu.schema.json")
        let hid = try #require(try jsonLines(json.output).first)
        #expect((hid["accelerometer"] as? [String: Any])?["device_node"] as? Bool == false)
        #expect((hid["gyroscope"] as? [String: Any])?["device_node"] as? Bool == true)
        let table = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(table.status == ExitStatus.success.rawValue, "\(table.standardError)")
        #expect(
            table.output.contains(
                "    node        /dev/iio:device4 missing: its *_raw are polled instead (pass the node into the container)\n"),
            "\(table.output)")
        #expect(!table.output.contains("/dev/iio:device5 missing"))
    }

    @Test("the table names each IMU, its kind and capture mode")
    func table() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "lsm6dso")
        _ = try testbed.install(fixtureNamed: "adxl345")
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(result.status == ExitStatus.success.rawValue)
        #expect(result.output.contains("IMU 0: lsm6dso (split, local:)"))
        #expect(result.output.contains("buffered (hardware FIFO, no trigger)"))
        #expect(result.output.contains("IMU 1: adxl345 (accelerometer only, local:)"))
        #expect(result.output.contains("polled (no buffer)"))
    }

    @Test(
        "an accelerometer scale outside (0, 1000] (zero, negative, absurd, not a number) is a malformed sysfs value, exit 9",
        arguments: ["0", "-0.038300", "1e300", "nan", "inf"])
    func scaleOutOfRange(scale: String) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        try testbed.setAttribute("in_accel_scale", of: "iio:device10", to: scale + "\n")
        for tool in ["imu-list", "imu-stream"] {
            let result = try testbed.runUnderPreload(
                executable: try product(tool), arguments: tool == "imu-list" ? [] : ["--samples", "1"])
            #expect(result.status == ExitStatus.malformedSysfsValue.rawValue, "\(tool): \(result.standardError)")
            #expect(
                result.standardError.contains("in_accel_scale = '\(scale)\n' (expected a positive decimal number up to 1000)")
                    || result.standardError.contains("in_accel_scale = '\(scale)' (expected a positive decimal number up to 1000)"),
                "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        }
    }

    @Test(
        "faults give one clear message and a distinct exit status",
        arguments: [
            ([String](), ExitStatus.noIIOSubsystem, "/sys/bus/iio/devices does not exist"),
            (["malformed-mount-matrix"], ExitStatus.malformedSysfsValue, "in_accel_mount_matrix = '1, 0, 0; 0, 1'"),
            (["malformed-scale"], ExitStatus.malformedSysfsValue, "in_accel_scale = 'garbage'"),
        ])
    func faults(fixtures: [String], status: ExitStatus, message: String) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        for fixture in fixtures { _ = try testbed.install(fixtureNamed: fixture) }
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
        #expect(result.status == status.rawValue)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test("an unreadable scale is an error naming the file, not a silent 1", .enabled(if: getuid() == 0, "needs root to drop to nobody"))
    func unreadableScale() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        try testbed.makeReadableByEveryone()
        try testbed.setMode(0o000, ofAttribute: "in_accel_scale", of: "iio:device0")
        let result = try testbed.runUnderPreload(
            executable: "/usr/bin/setpriv", arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", "--", try product("imu-list")])
        #expect(result.status == ExitStatus.permissionDenied.rawValue, "\(result.standardError)")
        #expect(
            result.standardError.contains("permission denied on /sys/bus/iio/devices/iio:device0/in_accel_scale"), "\(result.standardError)"
        )
    }

    @Test("usage errors exit with 64")
    func usage() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let result = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--bogus"])
        #expect(result.status == ExitStatus.usage.rawValue)
    }
}
