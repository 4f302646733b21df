import Foundation
import IIOTestbed
import Testing

@testable import IIOSensors

/// Barometers (issue 13) on umockdev trees of real drivers (Fixtures/sysfs): a BMP280 beside an MPU-6050 on one i2c bus
/// (bmp280-core.c's `in_pressure_input`, kPa printed by IIO_VAL_FRACTIONAL as `comp_press / 256000` with 9 decimals) and
/// an LPS22HB on spi0 (st_pressure_core.c's `in_pressure_raw` × `in_pressure_scale` 0.000024414, ST_PRESS_KPASCAL_NANO_SCALE).
extension UMockdev {
    @Suite("Barometers")
    struct Barometers {
        @Test("BMP280 beside an MPU-6050: discovered as the IMU's barometer (same i2c bus), IMUs unchanged, read in kPa")
        func bmp280() async throws {
            try await withTestbed(["mpu6050", "bmp280", "lps22hb"]) { _, _ in
                let inventory = try IMUDiscovery().inventory()
                #expect(inventory.imus.map(\.name) == ["mpu6050"])
                #expect(inventory.partialSensors.isEmpty)
                #expect(inventory.barometers.map(\.id) == ["iio:device60", "iio:device61"])
                let imu = try #require(inventory.imus.first)
                let barometer = try #require(inventory.barometer(for: imu))
                #expect(barometer.name == "bmp280" && barometer.isPollable && !barometer.isBufferCapable)
                // The LPS22HB on spi0 goes with no IMU when the BMP280 shares the MPU-6050's bus.
                #expect(inventory.unpairedBarometers.map(\.name) == ["lps22hb"])
                let reader = try IIOPressureReader(barometer: barometer, uri: "local:")
                #expect(reader.attributePath == "/sys/bus/iio/devices/iio:device60/in_pressure_input")
                #expect(try reader.read() == 100.125)
            }
        }

        @Test("LPS22HB alone beside an MPU-6050: the only barometer is taken; raw × scale is kPa")
        func lps22hb() async throws {
            try await withTestbed(["mpu6050", "lps22hb"]) { _, _ in
                let inventory = try IMUDiscovery().inventory()
                let imu = try #require(inventory.imus.first)
                let barometer = try #require(inventory.barometer(for: imu))
                #expect(barometer.name == "lps22hb" && inventory.unpairedBarometers.isEmpty)
                let pressure = try #require(barometer.channels.first { $0.type == .pressure })
                #expect(pressure.scale == 0.000024414 && pressure.offset == 0)
                let reader = try IIOPressureReader(barometer: barometer, uri: "local:")
                #expect(abs(try reader.read() - 4_149_248 * 0.000024414) < 1e-12)
                #expect(abs(try reader.read() - 101.3) < 0.001)
            }
        }

        @Test("a real ADIS16480 dump: the IMU's own pressure0 (raw × scale) is its barometer, 99.6 kPa")
        func adis16480() async throws {
            try await withTestbed(["devices/rpi4-adis16480"]) { _, _ in
                let inventory = try IMUDiscovery().inventory()
                let imu = try #require(inventory.imus.first)
                let barometer = try #require(inventory.barometer(for: imu))
                #expect(barometer.id == imu.accelerometer?.id && inventory.unpairedBarometers.isEmpty)
                // The dump's in_pressure0_raw 1632814777 at in_pressure0_scale 0.000000061 kPa per count.
                let kilopascal = try IIOPressureReader(barometer: barometer, uri: "local:").read()
                #expect(abs(kilopascal - 1_632_814_777 * 0.000000061) < 1e-9 && abs(kilopascal - 99.6) < 0.01)
            }
        }

        @Test("a barometer with no IMU: no IMU is made of it, and no-accelerometer still names it")
        func barometerOnly() async throws {
            try await withTestbed(["bmp280"]) { _, _ in
                let inventory = try IMUDiscovery().inventory()
                #expect(inventory.imus.isEmpty && inventory.barometers.map(\.name) == ["bmp280"])
                #expect(inventory.devices == ["bmp280 (pressure, temp)"])
            }
        }

        @Test(
            "hostile pressure values are refused as malformed, never returned",
            arguments: ["nan", "NaN", "1e300", "-101.3", "0", "29.9", "110.5", "inf", "garbage", ""])
        func hostile(value: String) async throws {
            try await withTestbed(["bmp280"]) { testbed, _ in
                try testbed.setAttribute("in_pressure_input", of: "iio:device60", to: value)
                let barometer = try #require(try IMUDiscovery().inventory().barometers.first)
                let reader = try IIOPressureReader(barometer: barometer, uri: "local:")
                #expect {
                    try reader.read()
                } throws: { error in
                    guard case .malformedAttribute(let attribute, _, _) = error as? IIOSensorError else { return false }
                    return attribute == "/sys/bus/iio/devices/iio:device60/in_pressure_input"
                }
            }
        }

        @Test("a barometer still in sysfs whose reads fail does not answer; one gone from sysfs was removed")
        func failingReads() async throws {
            try await withTestbed(["bmp280"]) { testbed, _ in
                let barometer = try #require(try IMUDiscovery().inventory().barometers.first)
                let reader = try IIOPressureReader(barometer: barometer, uri: "local:")
                let attribute = try testbed.sysfsDirectory(of: "iio:device60").appendingPathComponent("in_pressure_input")
                try FileManager.default.removeItem(at: attribute)
                // A read fails as an unplugged device's does (ENOENT) while the device stays: it is not "removed".
                #expect(
                    throws: IIOSensorError.deviceNotResponding(
                        device: "bmp280 (iio:device60)", operation: "reading \(reader.attributePath)", errno: ENOENT)
                ) { try reader.read() }
                try testbed.remove(device: "iio:device60")
                #expect(throws: IIOSensorError.deviceRemoved(device: "bmp280 (iio:device60)")) { try reader.read() }
            }
        }

        @Test("the reader follows the attribute: each read is a fresh value")
        func changingValue() async throws {
            try await withTestbed(["bmp280"]) { testbed, _ in
                let barometer = try #require(try IMUDiscovery().inventory().barometers.first)
                let reader = try IIOPressureReader(barometer: barometer, uri: "local:")
                for kilopascal in ["101.325000000", "101.289100000", "101.253200000"] {
                    try testbed.setAttribute("in_pressure_input", of: "iio:device60", to: kilopascal)
                    #expect(try reader.read() == Double(kilopascal))
                }
            }
        }
    }
}
