import Foundation
import IIOTestbed
import MotionSamples
import Testing

@testable import IIOSensors

/// Magnetometers on umockdev trees of real drivers (Fixtures/sysfs): the AK8963 inside an MPU-9250, a LIS3MDL beside
/// an LSM6DSOX on the same i2c bus, and a HID sensor hub's magn_3d. Readings in µT, in the accelerometer's axes.
extension UMockdev {
    @Suite("Magnetometers")
    struct Magnetometers {
        /// Whether `a` and `b` agree to within 1e-9 µT on every axis.
        private func close(_ a: Vector3?, _ b: Vector3) -> Bool {
            guard let a else { return false }
            return abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.z - b.z) < 1e-9
        }

        @Test("MPU-9250: its magn channels make the IMU's magnetometer (a source with one), with the driver's in_magn_mount_matrix")
        func mpu9250Discovery() async throws {
            try await withTestbed(["mpu9250", "mpu6050"]) { _, _ in
                let imus = try IMUDiscovery().imus()
                #expect(imus.map(\.name) == ["mpu6050", "mpu9250"])
                #expect(imus[0].magnetometer == nil)
                let imu = imus[1]
                // What MotionManager's magnetic reference frames are offered on.
                #expect(IIOMotionSource(imu: imu).hasMagnetometer && !IIOMotionSource(imu: imus[0]).hasMagnetometer)
                let device = try #require(imu.magnetometer)
                #expect(device.id == "iio:device50" && imu.accelerometer?.id == device.id && imu.devices.count == 1)
                #expect(device.mountMatrixSource(for: .magneticField) == "in_magn_mount_matrix")
                #expect(device.mountMatrix(for: .magneticField).description == "0, 1, 0; 1, 0, 0; 0, 0, -1")
                let magnX = try #require(device.channels.first { $0.id == "magn_x" })
                #expect(magnX.type == .magneticField && magnX.scanIndex == 7 && magnX.format?.description == "be:s16/16>>0")
                #expect(device.channels.first { $0.id == "magn_z" }?.scale == 0.001722)
            }
        }

        @Test("MPU-9250 with a hwdb ACCEL_MOUNT_MATRIX: the hwdb's rotation replaces the accelerometer's in the magnetometer's")
        func mpu9250WithHWDB() throws {
            var fixture = try SysfsFixture(named: "mpu9250")
            let index = try #require(fixture.devices.firstIndex { $0.sysname == "iio:device50" })
            fixture.devices[index].properties.append(.init(key: "ACCEL_MOUNT_MATRIX", value: "0, 1, 0; -1, 0, 0; 0, 0, 1"))
            let testbed = try Testbed()
            defer { testbed.close() }
            _ = try testbed.install(fixture)
            setenv("UMOCKDEV_DIR", testbed.root.path, 1)
            defer { unsetenv("UMOCKDEV_DIR") }
            let device = try #require(try IMUDiscovery().imu(matching: "mpu9250").magnetometer)
            // hwdb rows in the specific-force sign: rotation (0, -1, 0; 1, 0, 0; 0, 0, 1); times the driver's magn
            // matrix (0, 1, 0; 1, 0, 0; 0, 0, -1), the accelerometer's driver matrix being the identity.
            #expect(device.mountMatrix(for: .acceleration).description == "0, -1, 0; 1, 0, 0; 0, 0, 1")
            #expect(device.mountMatrix(for: .magneticField).description == "-1, 0, 0; 0, 1, 0; 0, 0, -1")
            #expect(device.mountMatrixSource(for: .magneticField) == "in_magn_mount_matrix, turned by the hwdb ACCEL_MOUNT_MATRIX")
        }

        @Test("MPU-9250: buffered scans carry the field in µT, rotated into the accelerometer's axes, on the scan's clock")
        func mpu9250Streaming() async throws {
            try await withTestbed(["mpu9250"]) { testbed, _ in
                // Enabled: accel, gyro, magn, timestamp (temperature off): 9 BE s16 (18 bytes), 6 pad, ts (LE s64).
                var bytes: [UInt8] = []
                for n in 1...4 {
                    let values: [Int16] = [0, 0, 16384, 0, 0, 0, 100, 200, -300 - Int16(n)]
                    for v in values { bytes += be(v) }
                    bytes += [UInt8](repeating: 0, count: 6) + le(Int64(n) * 20_000_000)
                }
                let feeder = try testbed.feed(device: "iio:device50", bytes: bytes)
                let imu = try IMUDiscovery().imu(matching: "mpu9250")
                let samples = try await collect(12, from: IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 50)))
                #expect(feeder.waitUntilWritten())
                let field = samples.filter { $0.sensor == .magnetometer }
                #expect(field.count == 4)
                #expect(field.map(\.timestamp) == samples.filter { $0.sensor == .accelerometer }.map(\.timestamp))
                // AK8963 (x, y, z) = (100, 200, -301) counts at 0.001781/0.001792/0.001722 G; device x = chip y,
                // y = chip x, z = -chip z; 1 G = 100 µT.
                #expect(close(field.first?.value, Vector3(x: 200 * 0.1792, y: 100 * 0.1781, z: 301 * 0.1722)))
            }
        }

        @Test("LSM6DSOX + LIS3MDL: the magnetometer on the same i2c bus joins the IMU; polled, in µT, its mount matrix applied")
        func lis3mdlBesideLSM6DSOX() async throws {
            try await withTestbed(["lsm6dsox-lis3mdl"]) { _, _ in
                let imu = try IMUDiscovery().imu(matching: "lsm6dsox")
                let magnetometer = try #require(imu.magnetometer)
                #expect(magnetometer.name == "lis3mdl" && imu.devices.map(\.id) == ["iio:device51", "iio:device52", "iio:device53"])
                #expect(magnetometer.mountMatrixSource(for: .magneticField) == "mount_matrix")
                #expect(!magnetometer.hasTriggerDirectory || magnetometer.currentTrigger == nil)
                let source = IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 20, forcePolling: true))
                var field: SensorSample?
                for try await batch in source.readings() {
                    field = field ?? batch.first { $0.sensor == .magnetometer }
                    if field != nil { break }
                }
                // (1000, -2000, 3000) counts at 0.000146 G; device x = -chip y, y = chip x.
                #expect(close(field?.value, Vector3(x: 2000 * 0.0146, y: 1000 * 0.0146, z: 3000 * 0.0146)))
            }
        }

        @Test("HID hub: magn_3d joins accel_3d and gyro_3d of its hub, in the hub's axes (the hwdb rotation), milligauss to µT")
        func hidMagn3D() async throws {
            try await withTestbed(["hid-sensor-hub-magn"]) { _, _ in
                let imus = try IMUDiscovery().imus()
                #expect(imus.map(\.name) == ["hid-sensor-hub"])
                let imu = imus[0]
                let magnetometer = try #require(imu.magnetometer)
                #expect(magnetometer.name == "magn_3d" && magnetometer.id == "iio:device56")
                #expect(magnetometer.mountMatrix(for: .magneticField) == imu.accelerometer?.mountMatrix(for: .acceleration))
                #expect(magnetometer.mountMatrixSource(for: .magneticField) == HWDBMountMatrix.gyroscopeSource)
                #expect(magnetometer.samplingFrequency(for: .magneticField)?.current == 10)
                let source = IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 10, forcePolling: true))
                var field: SensorSample?
                for try await batch in source.readings() {
                    field = field ?? batch.first { $0.sensor == .magnetometer }
                    if field != nil { break }
                }
                // (-150, 220, -400) mG: the field vector as the hub reports it (no sign to undo), hwdb rows
                // (0, -1, 0), (1, 0, 0), (0, 0, 1): device x = -chip y, y = chip x.
                #expect(close(field?.value, Vector3(x: -22, y: -15, z: -40)))
            }
        }
    }
}
