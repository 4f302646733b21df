import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

extension IMUListTests {
    @Test("more boards' magnetometers: LSM9DS1's lsm9ds1_magn, the BMM150 beside a BMI160, the GY-87's HMC5883L (scale corrected)")
    func boardMagnetometers() throws {
        // One board per testbed: three IMUs on one i2c bus would leave a compass on that bus to none of them.
        var imus: [[String: Any]] = []
        var tables: [String] = []
        for fixture in ["lsm9ds1", "bmi160-bmm150", "gy87-mpu6050-hmc5883l"] {
            let testbed = try Testbed()
            defer { testbed.close() }
            _ = try testbed.install(fixtureNamed: fixture)
            let json = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
            #expect(json.status == ExitStatus.success.rawValue, "\(json.standardError)")
            try SchemaValidation.expectValid(json.output, schema: "imu.schema.json")
            imus += try jsonLines(json.output)
            let table = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: [])
            #expect(table.status == ExitStatus.success.rawValue)
            tables.append(table.output)
        }
        #expect(imus.map { $0["name"] as? String } == ["lsm9ds1", "bmi160", "mpu6050"])
        let magnetometers = imus.map { $0["magnetometer"] as? [String: Any] }
        #expect(magnetometers.map { $0?["name"] as? String } == ["lsm9ds1_magn", "bmm150_magn", "hmc5883l"])
        #expect(magnetometers.map { $0?["mount_matrix_source"] as? String } == ["mount_matrix", "in_mount_matrix", "in_mount_matrix"])
        #expect(magnetometers[1]?["mount_matrix"] as? [[Double]] == [[0, -1, 0], [1, 0, 0], [0, 0, 1]])
        let scales = magnetometers.map { magnetometer in
            (magnetometer?["channels"] as? [[String: Any]])?.first { $0["id"] as? String == "magn_x" }?["scale"] as? Double
        }
        // The JSON writer's number for 1/1090 reads back within a few ulps.
        #expect(scales.prefix(2) == [0.000146, 0.000625] && abs((scales[2] ?? 0) - 1.0 / 1090) < 1e-15)
        #expect(tables[0].contains("IMU 0: lsm9ds1 (split, magnetometer lsm9ds1_magn, local:)"), "\(tables[0])")
        #expect(tables[1].contains("IMU 0: bmi160 (combined, magnetometer bmm150_magn, local:)"), "\(tables[1])")
        #expect(tables[2].contains("IMU 0: mpu6050 (combined, magnetometer hmc5883l, local:)"), "\(tables[2])")
    }
}

extension IMUStreamTests {
    @Test("LSM9DS1 (polled): magnetic_field in µT, in the accelerometer's axes (mount_matrix applied)")
    func lsm9ds1MagneticField() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "lsm9ds1")
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--device", "lsm9ds1", "--samples", "6", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.output, schema: "sample.schema.json")
        let fields = try jsonLines(result.output).compactMap { $0["magnetic_field"] == nil ? nil : vector($0, "magnetic_field") }
        #expect(!fields.isEmpty)
        for field in fields {
            // (1370, 342, -2740) counts at 0.0146 µT; mount_matrix negates x.
            #expect(close(field, [-1370 * 0.0146, 342 * 0.0146, -2740 * 0.0146], tolerance: 1e-9), "\(field)")
        }
    }

    @Test("GY-87 (--poll): magnetic_field in µT from the HMC5883L's corrected scale, 1/1090 G per count")
    func hmc5883lMagneticField() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "gy87-mpu6050-hmc5883l")
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"),
            arguments: ["--device", "mpu6050", "--poll", "--sensor-rate", "20", "--samples", "10", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let fields = try jsonLines(result.output).compactMap { $0["magnetic_field"] == nil ? nil : vector($0, "magnetic_field") }
        #expect(!fields.isEmpty)
        let step = 100.0 / 1090
        for field in fields {
            // (218, 55, -436) counts; in_mount_matrix negates x and y.
            #expect(close(field, [-218 * step, -55 * step, -436 * step], tolerance: 1e-9), "\(field)")
        }
    }
}
