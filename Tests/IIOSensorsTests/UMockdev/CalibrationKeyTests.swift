import IIOTestbed
import Testing

@testable import IIOSensors

/// `IMU.calibrationKey` on the umockdev trees of real drivers: the magnetometer's name and its parent's sysfs path
/// without the numbers the kernel hands out in enumeration order, so that the key survives reboots and re-plugs.
extension UMockdev {
    @Suite("Calibration keys")
    struct CalibrationKeys {
        @Test("MPU-9250, LIS3MDL beside an LSM6DSOX, a HID hub's magn_3d: name@bus path; no magnetometer: nil")
        func keysOfRealTrees() async throws {
            // The LIS3MDL pairs with the only IMU on its bus, so it has a testbed of its own.
            try await withTestbed(["lsm6dsox-lis3mdl"]) { _, _ in
                let key = try IMUDiscovery().imu(matching: "lsm6dsox").calibrationKey
                #expect(key == "lis3mdl@platform_soc_fe804000.i2c_i2c-1_1-001c")
            }
            try await withTestbed(["mpu9250", "hid-sensor-hub-magn", "mpu6050"]) { _, _ in
                let keys = Dictionary(uniqueKeysWithValues: try IMUDiscovery().imus().map { ($0.name, $0.calibrationKey) })
                #expect(keys["mpu9250"] == "mpu9250@platform_soc_fe804000.i2c_i2c-1_1-0068")
                // The HID device's instance (.0002) and the platform device's PLATFORM_DEVID_AUTO id (.3) are left out.
                #expect(keys["hid-sensor-hub"] == "magn_3d@pci0000:00_0000:00:14.0_usb1_1-3_1-3:1.0_0003:8087:0AC2_HID-SENSOR-200083.auto")
                #expect(keys["mpu6050"] == .some(nil))
            }
        }

        @Test("Enumeration numbers go, bus addresses stay; an empty path gives none")
        func stableBusPaths() {
            #expect(IMU.stableBusPath("/sys/devices/platform/soc/fe804000.i2c/i2c-1/1-0068") == "platform_soc_fe804000.i2c_i2c-1_1-0068")
            #expect(
                IMU.stableBusPath("/sys/devices/x/0003:8087:0AC2.0002/HID-SENSOR-200083.12.auto")
                    == "x_0003:8087:0AC2_HID-SENSOR-200083.auto")
            #expect(IMU.stableBusPath("/sys/devices/platform/spi0/spi0.0") == "platform_spi0_spi0.0")
            #expect(IMU.stableBusPath("/") == nil)
        }
    }
}
