import Testing

@testable import IIOSensors

@Suite("Grouping devices into IMUs")
struct IMUGroupingTests {
    @Test("a combined device is one IMU")
    func combined() {
        let imus = IMUGrouping.imus(from: [device(name: "mpu6050")], uri: "local:")
        #expect(imus.map(\.name) == ["mpu6050"])
        #expect(imus[0].accelerometer?.id == imus[0].gyroscope?.id)
    }

    @Test("st_lsm6dsx accel + gyro under one i2c parent pair up as lsm6dso")
    func lsm6dsx() {
        let parent = "/sys/devices/platform/soc/fe804000.i2c/i2c-1/1-006a"
        let imus = IMUGrouping.imus(
            from: [
                device(name: "lsm6dso_accel", parent: parent, id: "iio:device1", gyro: false),
                device(name: "lsm6dso_gyro", parent: parent, id: "iio:device2", accel: false),
            ], uri: "local:")
        #expect(imus.count == 1)
        #expect(imus[0].name == "lsm6dso")
        #expect(imus[0].accelerometer?.name == "lsm6dso_accel")
        #expect(imus[0].gyroscope?.name == "lsm6dso_gyro")
    }

    @Test("HID accel_3d and gyro_3d pair through their HID device, past the HID-SENSOR cells")
    func hidSensorHub() {
        let hid = "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/0003:8087:0AC2.0001"
        let imus = IMUGrouping.imus(
            from: [
                device(name: "accel_3d", parent: hid + "/HID-SENSOR-200073.2.auto", id: "iio:device3", gyro: false),
                device(name: "gyro_3d", parent: hid + "/HID-SENSOR-200076.3.auto", id: "iio:device4", accel: false),
            ], uri: "local:")
        #expect(imus.map(\.name) == ["hid-sensor-hub"])
        #expect(imus[0].accelerometer?.id == "iio:device3")
        #expect(imus[0].gyroscope?.id == "iio:device4")
    }

    @Test("a Chromebook's gyro pairs with the base accelerometer; the lid one stands alone")
    func crosEC() {
        let ec = "/sys/devices/platform/GOOG0004:00/cros-ec-dev.1.auto"
        let imus = IMUGrouping.imus(
            from: [
                device(name: "cros-ec-accel", parent: ec + "/cros-ec-accel.0", label: "accel-display", id: "iio:device0", gyro: false),
                device(name: "cros-ec-accel", parent: ec + "/cros-ec-accel.1", label: "accel-base", id: "iio:device1", gyro: false),
                device(name: "cros-ec-gyro", parent: ec + "/cros-ec-gyro.2", id: "iio:device2", accel: false),
            ], uri: "local:")
        #expect(imus.count == 2)
        let paired = imus.first { $0.gyroscope != nil }
        #expect(paired?.name == "cros-ec")
        #expect(paired?.accelerometer?.label == "accel-base")
        #expect(imus.first { $0.gyroscope == nil }?.accelerometer?.label == "accel-display")
    }

    @Test("split devices on different parents do not pair")
    func differentParents() {
        let imus = IMUGrouping.imus(
            from: [
                device(name: "lsm6dso_accel", parent: "/sys/devices/a", id: "iio:device0", gyro: false),
                device(name: "lsm6dso_gyro", parent: "/sys/devices/b", id: "iio:device1", accel: false),
            ], uri: "local:")
        #expect(imus.count == 2)
    }

    @Test("remote contexts have no sysfs parents: pair by name stem")
    func remoteByName() {
        let imus = IMUGrouping.imus(
            from: [
                device(name: "lsm6dso_accel", id: "iio:device0", gyro: false),
                device(name: "lsm6dso_gyro", id: "iio:device1", accel: false),
            ], uri: "ip:raspberrypi")
        #expect(imus.map(\.name) == ["lsm6dso"])
    }

    @Test("IMUs are ordered by device id, naturally (device2 before device10)")
    func naturalOrder() {
        let imus = IMUGrouping.imus(
            from: [device(name: "b", id: "iio:device10"), device(name: "a", id: "iio:device2")], uri: "local:")
        #expect(imus.map(\.name) == ["a", "b"])
    }

    @Test("an IMU is found by its name, a member's name or id")
    func matching() {
        let imu = IMU(
            name: "lsm6dso", uri: "local:", accelerometer: device(name: "lsm6dso_accel", id: "iio:device1", gyro: false),
            gyroscope: device(name: "lsm6dso_gyro", id: "iio:device2", accel: false))
        #expect(imu.matches("lsm6dso") && imu.matches("lsm6dso_gyro") && imu.matches("iio:device1"))
        #expect(!imu.matches("mpu6050"))
    }
}
