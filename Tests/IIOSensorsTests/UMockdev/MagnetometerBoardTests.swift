import Foundation
import IIOTestbed
import MotionSamples
import Testing

@testable import IIOSensors

/// Magnetometers of more real boards (Fixtures/sysfs, issue 12): an LSM9DS1 (st_lsm6dsx + st_magn), a BMM150 beside a
/// BMI160, a GY-87 (an HMC5883L behind the MPU-6050's auxiliary i2c gate) and a BNO055, which libiio 0.24 cannot open.
/// Readings in µT, in the accelerometer's axes.
extension UMockdev {
    @Suite("Magnetometers of more boards")
    struct MagnetometerBoards {
        /// Whether `a` and `b` agree to within 1e-9 µT on every axis.
        private func close(_ a: Vector3?, _ b: Vector3) -> Bool {
            guard let a else { return false }
            return abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.z - b.z) < 1e-9
        }

        /// The first magnetic field `imu` delivers when polled at `rate`.
        private func polledField(of imu: IMU, rate: Double) async throws -> Vector3? {
            let source = IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: rate, forcePolling: true))
            for try await batch in source.readings() {
                if let field = batch.first(where: { $0.sensor == .magnetometer }) { return field.value }
            }
            return nil
        }

        @Test("LSM9DS1: lsm9ds1-imu_accel, lsm9ds1-imu_gyro and lsm9ds1_magn make one IMU named lsm9ds1; µT, mount matrix")
        func lsm9ds1() async throws {
            try await withTestbed(["lsm9ds1"]) { _, _ in
                let imus = try IMUDiscovery().imus()
                #expect(imus.map(\.name) == ["lsm9ds1"])
                let imu = try #require(imus.first)
                #expect(imu.devices.map(\.id) == ["iio:device70", "iio:device71", "iio:device72"])
                #expect(imu.accelerometer?.name == "lsm9ds1-imu_accel" && imu.gyroscope?.name == "lsm9ds1-imu_gyro")
                #expect(imu.accelerometer?.isBufferCapable == false && imu.gyroscope?.isBufferCapable == false)
                let magnetometer = try #require(imu.magnetometer)
                #expect(magnetometer.name == "lsm9ds1_magn" && magnetometer.mountMatrixSource(for: .magneticField) == "mount_matrix")
                #expect(magnetometer.mountMatrix(for: .magneticField).description == "-1, 0, 0; 0, 1, 0; 0, 0, 1")
                #expect(magnetometer.channels.first { $0.id == "magn_y" }?.scale == 0.000146)
                #expect(magnetometer.samplingFrequency(for: .magneticField)?.available == [1, 2, 3, 5, 10, 20, 40, 80])
                // (1370, 342, -2740) counts at 0.000146 G = 0.0146 µT; device x = -chip x.
                let field = try await polledField(of: imu, rate: 10)
                #expect(close(field, Vector3(x: -1370 * 0.0146, y: 342 * 0.0146, z: -2740 * 0.0146)))
            }
        }

        @Test("BMI160 + BMM150 on one i2c bus: bmm150_magn joins the bmi160; 0.000625 G = 1/16 µT per count, in_mount_matrix")
        func bmm150BesideBMI160() async throws {
            try await withTestbed(["bmi160-bmm150"]) { _, _ in
                let imu = try IMUDiscovery().imu(matching: "bmi160")
                #expect(imu.devices.map(\.id) == ["iio:device74", "iio:device75"])
                let magnetometer = try #require(imu.magnetometer)
                #expect(magnetometer.name == "bmm150_magn" && magnetometer.currentTrigger == "bmm150_magn-dev75")
                #expect(magnetometer.mountMatrixSource(for: .magneticField) == "in_mount_matrix")
                let magnX = try #require(magnetometer.channels.first { $0.id == "magn_x" })
                #expect(magnX.scale == 0.000625 && magnX.format?.description == "le:s32/32>>0" && magnX.scanIndex == 0)
                // (320, 80, -640) counts = (20, 5, -40) µT in the chip's axes; device x = -chip y, y = chip x.
                let field = try await polledField(of: imu, rate: 10)
                #expect(close(field, Vector3(x: -5, y: 20, z: -40)))
            }
        }

        @Test("GY-87: the HMC5883L behind the MPU-6050's aux i2c gate joins it; its 1/100-too-small scale is corrected")
        func hmc5883lBehindMPU6050() async throws {
            try await withTestbed(["gy87-mpu6050-hmc5883l"]) { _, _ in
                let imus = try IMUDiscovery().imus()
                #expect(imus.map(\.name) == ["mpu6050"])
                let imu = try #require(imus.first)
                let magnetometer = try #require(imu.magnetometer)
                #expect(magnetometer.name == "hmc5883l" && magnetometer.id == "iio:device77")
                #expect(magnetometer.parentPath?.hasSuffix("/i2c-1/1-0068/i2c-2/2-001e") == true)
                // The driver prints 0.000009174 (10^7/1090 nano-Gauss); its gain table says 1090 counts per Gauss.
                let magnY = try #require(magnetometer.channels.first { $0.id == "magn_y" })
                #expect(magnY.scale == 1.0 / 1090 && magnY.scanIndex == 2 && magnY.format?.description == "be:s16/16>>0")
                #expect(magnetometer.samplingFrequency(for: .magneticField)?.current == 15)
                // (218, 55, -436) counts at 100/1090 µT; in_mount_matrix turns x and y.
                let field = try await polledField(of: imu, rate: 10)
                let step = 100.0 / 1090
                #expect(close(field, Vector3(x: -218 * step, y: -55 * step, z: -436 * step)))
            }
        }

        @Test("BNO055: libiio 0.24 cannot open a context holding it (its linear_x and yaw channels), EINVAL; nothing is guessed")
        func bno055() async throws {
            try await withTestbed(["libiio-0.24-unreadable/bno055"]) { _, _ in
                #expect {
                    try IMUDiscovery().imus()
                } throws: { error in
                    guard case .systemError(let operation, let code)? = error as? IIOSensorError else { return false }
                    return operation == "opening the IIO context local:" && code == EINVAL
                }
            }
        }
    }
}
