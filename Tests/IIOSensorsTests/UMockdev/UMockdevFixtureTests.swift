import Foundation
import IIOTestbed
import MotionSamples
import Testing

@testable import IIOSensors

/// Every driver fixture: discovered, grouped and streamed through the real libiio, with known
/// scan bytes in and exact CoreMotion values out.
extension UMockdev {
    @Suite("Driver fixtures")
    struct DriverFixtures {
        private let g = standardGravity

        @Test("all fixtures at once group into the right IMUs")
        func grouping() async throws {
            try await withTestbed(["mpu6050", "lsm6dso", "bmi160", "hid-sensor-hub", "cros-ec", "lis3dh", "adxl345"]) { _, _ in
                let imus = try IMUDiscovery().imus()
                let summary = imus.map { "\($0.name)=\($0.accelerometer?.id ?? "-")+\($0.gyroscope?.id ?? "-")" }
                #expect(
                    summary == [
                        "mpu6050=iio:device0+iio:device0", "lsm6dso=iio:device1+iio:device2", "bmi160=iio:device3+iio:device3",
                        "hid-sensor-hub=iio:device4+iio:device5", "cros-ec-accel=iio:device6+-", "cros-ec=iio:device7+iio:device8",
                        "lis3dh=iio:device9+-", "adxl345=iio:device10+-",
                    ])
                let hid = try #require(imus.first { $0.name == "hid-sensor-hub" })
                #expect(hid.accelerometer?.accelerationSign == .coreMotion)
                #expect(hid.accelerometer?.currentTrigger == "accel_3d-dev4")
                let lsm = try #require(imus.first { $0.name == "lsm6dso" })
                #expect(lsm.accelerometer?.hasTriggerDirectory == false)
                #expect(lsm.accelerometer?.mountMatrixSource(for: .acceleration) == "mount_matrix")
                #expect(lsm.gyroscope?.mountMatrixSource(for: .angularVelocity) == "mount_matrix")
                let bmi = try #require(imus.first { $0.name == "bmi160" }?.accelerometer)
                let rotated = try MountMatrix(parsing: "0, -1, 0; 1, 0, 0; 0, 0, 1")
                #expect(bmi.mountMatrix(for: .acceleration) == rotated && bmi.mountMatrix(for: .angularVelocity) == rotated)
                #expect(bmi.mountMatrixSource(for: .acceleration) == "in_mount_matrix")
                #expect(bmi.mountMatrixSource(for: .angularVelocity) == "in_mount_matrix")
                #expect(
                    imus.first { $0.name == "hid-sensor-hub" }?.accelerometer?.mountMatrixSource(for: .acceleration) == "none (identity)")
                #expect(imus.first { $0.name == "cros-ec-accel" }?.accelerometer?.label == "accel-display")
                #expect(imus.first { $0.name == "cros-ec" }?.accelerometer?.timestampClock == "boottime")
                #expect(imus.first { $0.name == "adxl345" }?.accelerometer?.isBufferCapable == false)
                #expect(
                    imus.first { $0.name == "bmi160" }?.accelerometer?.samplingFrequencies.map(\.attributeName)
                        == ["in_accel_sampling_frequency", "in_anglvel_sampling_frequency"])
            }
        }

        @Test("st_lsm6dsx: split devices without trigger stream buffered, at the rate asked for")
        func lsm6dso() async throws {
            try await withTestbed(["lsm6dso"]) { testbed, _ in
                func scans(_ values: [[Int16]], t0: Int64) -> [UInt8] {
                    values.enumerated().flatMap { index, v in v.flatMap(le) + [0, 0] + le(t0 + Int64(index) * 9_615_385) }
                }
                let accel = try testbed.feed(
                    device: "iio:device1",
                    bytes: scans([[10, -20, 16700], [11, -21, 16701], [12, -22, 16702], [13, -23, 16703]], t0: 1_000_000_000))
                let gyro = try testbed.feed(
                    device: "iio:device2",
                    bytes: scans([[100, 0, -100], [101, 0, -101], [102, 0, -102], [103, 0, -103]], t0: 1_000_000_000))
                let imu = try IMUDiscovery().imu(matching: "lsm6dso")
                let samples = try await collect(8, from: IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 100)))
                #expect(accel.waitUntilWritten() && gyro.waitUntilWritten())
                #expect(try testbed.attribute("sampling_frequency", of: "iio:device1") == "104")
                let accelSamples = samples.filter { $0.sensor == .accelerometer }
                let gyroSamples = samples.filter { $0.sensor == .gyroscope }
                #expect(accelSamples.count == 4 && gyroSamples.count == 4)
                #expect(accelSamples[3].value == Vector3(x: -13 * 0.000598205 / g, y: 23 * 0.000598205 / g, z: -16703 * 0.000598205 / g))
                #expect(gyroSamples[0].value == Vector3(x: 100 * 0.000152716, y: 0, z: -100 * 0.000152716))
                #expect(gyroSamples[1].timestamp == 1.009615385)
            }
        }

        @Test("HID sensor hub: 32-bit words with garbage above 16 bits, CoreMotion sign kept")
        func hidSensorHub() async throws {
            try await withTestbed(["hid-sensor-hub"]) { testbed, _ in
                func scan(_ words: [UInt32], _ t: Int64) -> [UInt8] { words.flatMap(le) + [0, 0, 0, 0] + le(t) }
                // accel: x = 5 | 0xDEAD0000, y = -5 | 0xBEEF0000 (low half 0xFFFB), z = -100 (0xFF9C) with 0x00000000 above
                let accel = try testbed.feed(device: "iio:device4", bytes: scan([0xDEAD_0005, 0xBEEF_FFFB, 0x0000_FF9C], 7))
                let gyro = try testbed.feed(device: "iio:device5", bytes: scan([0x1234_03E8, 0x0000_07D0, 0xFFFF_F448], 8))
                let imu = try IMUDiscovery().imu(matching: "accel_3d")
                let samples = try await collect(2, from: IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 25)))
                #expect(accel.waitUntilWritten() && gyro.waitUntilWritten())
                #expect(try testbed.attribute("in_accel_sampling_frequency", of: "iio:device4") == "25")
                let a = try #require(samples.first { $0.sensor == .accelerometer })
                #expect(abs(a.value.x - 0.005) < 1e-12 && abs(a.value.y + 0.005) < 1e-12 && abs(a.value.z + 0.1) < 1e-12)
                let r = try #require(samples.first { $0.sensor == .gyroscope })
                #expect(abs(r.value.x - 1000 * 0.000174533) < 1e-12 && abs(r.value.z + 3000 * 0.000174533) < 1e-12)
            }
        }

        @Test("BMI160: gyro scan indexes before accel, both frequency attributes set, in_mount_matrix applied")
        func bmi160() async throws {
            try await withTestbed(["bmi160"]) { testbed, _ in
                var bytes: [UInt8] = []
                for n in 0..<4 {
                    bytes += [Int16(100), -100, 200, 1000, -1000, 16384 + Int16(n)].flatMap(le) + [0, 0, 0, 0] + le(Int64(n))
                }
                let feeder = try testbed.feed(device: "iio:device3", bytes: bytes)
                let imu = try IMUDiscovery().imu(matching: "bmi160")
                let samples = try await collect(8, from: IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 100)))
                #expect(feeder.waitUntilWritten())
                #expect(try testbed.attribute("in_accel_sampling_frequency", of: "iio:device3") == "100")
                #expect(try testbed.attribute("in_anglvel_sampling_frequency", of: "iio:device3") == "100")
                // in_mount_matrix "0, -1, 0; 1, 0, 0; 0, 0, 1": device x = -sensor y, device y = sensor x.
                let accel = samples.filter { $0.sensor == .accelerometer }
                #expect(accel[3].value == Vector3(x: -1000 * 0.000598 / g, y: -1000 * 0.000598 / g, z: -16387 * 0.000598 / g))
                #expect(
                    samples.first { $0.sensor == .gyroscope }?.value == Vector3(x: 100 * 0.001065, y: 100 * 0.001065, z: 200 * 0.001065))
            }
        }

        @Test("cros-ec: sensor switched off (0 Hz) is switched on; the EC's boottime stamps are converted, the clock never rewritten")
        func crosEC() async throws {
            try await withTestbed(["cros-ec"]) { testbed, _ in
                let boottime: Int64 = 5_000_000_000
                func scans(_ v: [Int16]) -> [UInt8] {
                    (0..<4).flatMap { n in v.flatMap(le) + [0, 0] + le(boottime + Int64(n) * 10_000_000) }
                }
                let accel = try testbed.feed(device: "iio:device7", bytes: scans([25, -60, 16390]))
                let gyro = try testbed.feed(device: "iio:device8", bytes: scans([3, 0, -1]))
                let imu = try IMUDiscovery().imu(matching: "cros-ec")
                let samples = try await collect(8, from: IIOMotionSource(imu: imu))
                #expect(accel.waitUntilWritten() && gyro.waitUntilWritten())
                #expect(try testbed.attribute("sampling_frequency", of: "iio:device7") == "100")
                // libiio writes "value\0": the fixture's "boottime\n" proves nobody wrote the attribute.
                let clockFile = try testbed.sysfsDirectory(of: "iio:device7").appendingPathComponent("current_timestamp_clock")
                #expect(try String(contentsOf: clockFile, encoding: .utf8) == "boottime\n")
                // Boottime minus the time spent suspended: the offset measured now, as the reader measured it.
                let offset = Double(TimestampClock(name: "boottime").offsetToMonotonic()) / 1e9
                let times = samples.filter { $0.sensor == .accelerometer }.map(\.timestamp)
                #expect(times.count == 4)
                for (n, time) in times.enumerated() {
                    #expect(abs(time - (5 + Double(n) * 0.01 + offset)) < 1e-3, "scan \(n): \(time)")
                }
                #expect(
                    samples.first { $0.sensor == .accelerometer }?.value
                        == Vector3(x: -25 * 0.000598550 / g, y: 60 * 0.000598550 / g, z: -16390 * 0.000598550 / g))
            }
        }

        @Test("LIS3DH: 12-bit left-justified samples, per-axis scale, 1 Hz default raised to the request")
        func lis3dh() async throws {
            try await withTestbed(["lis3dh"]) { testbed, _ in
                // x = -8, y = 21, z = 1000, each << 4 in a 16-bit word.
                let bytes = [Int16(-8 << 4), 21 << 4, 1000 << 4].flatMap(le) + [0, 0] + le(Int64(5))
                let feeder = try testbed.feed(device: "iio:device9", bytes: bytes)
                let imu = try IMUDiscovery().imu(matching: "lis3dh")
                let samples = try await collect(1, from: IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 25)))
                #expect(feeder.waitUntilWritten())
                #expect(try testbed.attribute("sampling_frequency", of: "iio:device9") == "25")
                #expect(samples[0].value == Vector3(x: 8 * 0.009806 / g, y: -21 * 0.009806 / g, z: -1000 * 0.009806 / g))
            }
        }

        @Test("ADXL345 without buffer: polled from *_raw")
        func adxl345Polled() async throws {
            try await withTestbed(["adxl345"]) { _, _ in
                let imu = try IMUDiscovery().imu(matching: "adxl345")
                let samples = try await collect(3, from: IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 50)))
                #expect(samples.count == 3)
                #expect(samples.allSatisfy { $0.value == Vector3(x: -3 * 0.0383 / g, y: 5 * 0.0383 / g, z: -256 * 0.0383 / g) })
                #expect(samples[1].timestamp > samples[0].timestamp)
            }
        }

        @Test("malformed mount matrix and scale are reported with the file and value")
        func malformed() async throws {
            try await withTestbed(["malformed-mount-matrix"]) { _, _ in
                #expect(
                    throws: IIOSensorError.malformedAttribute(
                        attribute: "/sys/bus/iio/devices/iio:device11/in_accel_mount_matrix", value: "1, 0, 0; 0, 1",
                        expected: "three rows of three numbers, like '1, 0, 0; 0, 1, 0; 0, 0, 1'")
                ) { try IMUDiscovery().imus() }
            }
            try await withTestbed(["malformed-scale"]) { _, _ in
                #expect(
                    throws: IIOSensorError.malformedAttribute(
                        attribute: "/sys/bus/iio/devices/iio:device12/in_accel_scale", value: "garbage",
                        expected: "a positive decimal number up to 1000")
                ) {
                    try IMUDiscovery().imus()
                }
            }
        }

        @Test("a gyroscope alone is no accelerometer")
        func noAccelerometer() async throws {
            try await withTestbed(["cros-ec"]) { testbed, _ in
                try testbed.remove(device: "iio:device6")
                try testbed.remove(device: "iio:device7")
                #expect(throws: IIOSensorError.noAccelerometer(devices: ["cros-ec-gyro (anglvel_x, anglvel_y, anglvel_z)"])) {
                    try IMUDiscovery().imu(matching: nil)
                }
            }
        }

        @Test("a sensor that stops delivering ends with refillTimeout, not a hang")
        func refillTimeout() async throws {
            try await withTestbed(["lis3dh"]) { testbed, _ in
                let imu = try IMUDiscovery().imu(matching: "lis3dh")
                let source = IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 25, timeout: 0.3))
                await #expect(throws: IIOSensorError.refillTimeout(device: "lis3dh (iio:device9)", seconds: 0.3)) {
                    _ = try await collect(1, from: source)
                }
                #expect(try testbed.attribute("buffer/enable", of: "iio:device9") == "0")
            }
        }
    }
}
