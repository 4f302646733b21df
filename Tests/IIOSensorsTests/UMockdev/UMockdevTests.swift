import Foundation
import IIOTestbed
import MotionSamples
import Testing

@testable import IIOSensors

/// libiio and libudev, for real, over sysfs trees of real drivers (Fixtures/sysfs) served by umockdev.
extension UMockdev {
    @Suite("Streaming and faults")
    struct Streaming {
        private let g = standardGravity

        @Test("MPU-6050: discovered as one IMU with its own trigger, scales and clock")
        func mpu6050Discovery() async throws {
            try await withTestbed(["mpu6050"]) { _, _ in
                let imus = try IMUDiscovery().imus()
                #expect(imus.map(\.name) == ["mpu6050"])
                let device = try #require(imus.first?.accelerometer)
                #expect(imus.first?.gyroscope?.id == device.id)
                #expect(device.parentPath == "/sys/devices/platform/soc/fe804000.i2c/i2c-1/1-0068")
                #expect(device.currentTrigger == "mpu6050-dev0")
                #expect(device.hasTriggerDirectory && device.isBufferCapable)
                #expect(device.timestampClock == "realtime")
                #expect(device.samplingFrequency?.available == [10, 20, 50, 100, 200, 500])
                #expect(device.mountMatrixSource(for: .acceleration) == "in_accel_mount_matrix")
                #expect(device.mountMatrixSource(for: .angularVelocity) == "in_anglvel_mount_matrix")
                let accelX = try #require(device.channels.first { $0.id == "accel_x" })
                #expect(accelX.scale == 0.000598 && accelX.format?.description == "be:s16/16>>0" && accelX.scanIndex == 0)
                #expect(device.channels.first { $0.id == "anglvel_z" }?.scale == 0.001064724)
            }
        }

        @Test("MPU-6050: buffered scans decode to the exact CoreMotion values; settings restored afterwards")
        func mpu6050Streaming() async throws {
            try await withTestbed(["mpu6050"]) { testbed, _ in
                // Enabled: accel, gyro, timestamp (temperature off): ax ay az gx gy gz (BE s16), 4 pad, ts (LE s64).
                var bytes: [UInt8] = []
                for n in 1...8 {
                    let accel: [Int16] = [256, -256, 16384 + Int16(n)]
                    let gyro: [Int16] = [131, -131, Int16(262 + n)]
                    for v in accel + gyro { bytes += be(v) }
                    bytes += [0, 0, 0, 0] + le(Int64(n) * 10_000_000)
                }
                let feeder = try testbed.feed(device: "iio:device0", bytes: bytes)
                let imu = try IMUDiscovery().imu(matching: "mpu6050")
                let samples = try await collect(16, from: IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 100)))
                #expect(feeder.waitUntilWritten())
                let accel = samples.filter { $0.sensor == .accelerometer }
                let gyro = samples.filter { $0.sensor == .gyroscope }
                #expect(accel.count == 8 && gyro.count == 8)
                #expect(accel.map(\.timestamp) == (1...8).map { Double($0) * 0.01 })
                #expect(accel[0].value == Vector3(x: -256 * 0.000598 / g, y: 256 * 0.000598 / g, z: -16385 * 0.000598 / g))
                #expect(gyro[7].value == Vector3(x: 131 * 0.001064724, y: -131 * 0.001064724, z: 270 * 0.001064724))
                #expect(try testbed.attribute("sampling_frequency", of: "iio:device0") == "100")
                #expect(try testbed.attribute("buffer/enable", of: "iio:device0") == "0")
                #expect(try testbed.attribute("current_timestamp_clock", of: "iio:device0") == "realtime")
                // 4 scans a refill at 100 Hz; the kernel holds 2 s of them (libiio: refill x buffer count).
                #expect(try testbed.attribute("buffer/length", of: "iio:device0") == "200")
            }
        }

        @Test("a device that vanishes mid-stream ends the stream with deviceRemoved")
        func unplugMidStream() async throws {
            try await withTestbed(["mpu6050"]) { testbed, _ in
                var bytes: [UInt8] = []
                for n in 1...4 {
                    for v: Int16 in [0, 0, 16384, 0, 0, Int16(n)] { bytes += be(v) }
                    bytes += [0, 0, 0, 0] + le(Int64(n))
                }
                let feeder = try testbed.feed(device: "iio:device0", bytes: bytes)
                let imu = try IMUDiscovery().imu(matching: nil)
                let source = IIOMotionSource(imu: imu, configuration: StreamConfiguration(rate: 100, timeout: 1))
                var received = 0
                await #expect(throws: IIOSensorError.deviceRemoved(device: "mpu6050 (iio:device0)")) {
                    for try await batch in source.readings() {
                        received += batch.count
                        if received == 8 {
                            #expect(feeder.waitUntilWritten())
                            feeder.close()
                            try testbed.remove(device: "iio:device0")
                        }
                    }
                }
                #expect(received == 8)
            }
        }

        @Test("no /sys/bus/iio at all is reported as such")
        func noSensors() async throws {
            try await withTestbed([]) { _, _ in
                #expect(throws: IIOSensorError.noIIOSubsystem) { try IMUDiscovery().imus() }
            }
        }
    }
}
