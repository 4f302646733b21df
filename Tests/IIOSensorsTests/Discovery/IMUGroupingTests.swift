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

/// Magnetometers joining IMUs by the rule in `IMUGrouping`.
@Suite("Grouping magnetometers with IMUs")
struct MagnetometerGroupingTests {
    /// A three-axis magnetometer alone on its device.
    private func magnetometer(name: String, parent: String?, id: String) -> IIODeviceInfo {
        var info = device(name: name, parent: parent, id: id, accel: false, gyro: false)
        info.channels = Axis.allCases.map {
            IIOChannelInfo(id: "magn_\($0)", type: .magneticField, axis: $0, scanIndex: nil, format: nil, scale: 0.000146, offset: 0)
        }
        return info
    }

    @Test("a compass on another bus, or on a plain platform device, joins no IMU; an IMU without one is unchanged")
    func otherBus() {
        let imus = IMUGrouping.imus(
            from: [
                device(name: "mpu6050", parent: "/sys/devices/platform/soc/fe804000.i2c/i2c-1/1-0068", id: "iio:device0"),
                magnetometer(name: "lis3mdl", parent: "/sys/devices/platform/soc/fe205000.i2c/i2c-0/0-001c", id: "iio:device1"),
                magnetometer(name: "ak8975", parent: "/sys/devices/platform/ak8975", id: "iio:device2"),
            ], uri: "local:")
        #expect(imus.count == 1 && imus[0].magnetometer == nil && imus[0].devices.count == 1)
    }

    @Test("the same parent wins over the same bus; the only IMU left on the bus takes the bus's compass")
    func sameBus() {
        let bus = "/sys/devices/platform/soc/fe804000.i2c/i2c-1"
        let imus = IMUGrouping.imus(
            from: [
                device(name: "mpu6050", parent: bus + "/1-0068", id: "iio:device0"),
                device(name: "bmi160", parent: bus + "/1-0069", id: "iio:device1"),
                magnetometer(name: "bmm150", parent: bus + "/1-0069", id: "iio:device2"),
                magnetometer(name: "qmc5883l", parent: bus + "/1-000d", id: "iio:device3"),
            ], uri: "local:")
        #expect(imus.map { $0.magnetometer?.name } == ["qmc5883l", "bmm150"])
    }

    @Test("a compass behind an IMU's auxiliary i2c gate joins that IMU, even with another IMU on the host bus")
    func behindAuxiliaryGate() {
        let bus = "/sys/devices/platform/soc/fe804000.i2c/i2c-1"
        let imus = IMUGrouping.imus(
            from: [
                device(name: "mpu6050", parent: bus + "/1-0068", id: "iio:device0"),
                device(name: "bmi160", parent: bus + "/1-0069", id: "iio:device1"),
                magnetometer(name: "hmc5883l", parent: bus + "/1-0068/i2c-2/2-001e", id: "iio:device2"),
            ], uri: "local:")
        #expect(imus.map { $0.magnetometer?.name } == ["hmc5883l", nil])
    }

    @Test("two IMUs on one bus and a compass on neither's parent: it joins neither")
    func ambiguousBus() {
        let bus = "/sys/devices/platform/soc/fe804000.i2c/i2c-1"
        let imus = IMUGrouping.imus(
            from: [
                device(name: "mpu6050", parent: bus + "/1-0068", id: "iio:device0"),
                device(name: "bmi160", parent: bus + "/1-0069", id: "iio:device1"),
                magnetometer(name: "lis3mdl", parent: bus + "/1-001c", id: "iio:device2"),
            ], uri: "local:")
        #expect(imus.map { $0.magnetometer?.name } == [nil, nil])
    }

    @Test("remote contexts: the only IMU takes the only magnetometer; a name stem pairs the kernel's lsm9ds1 parts")
    func remote() {
        let single = IMUGrouping.imus(
            from: [device(name: "mpu6050", id: "iio:device0"), magnetometer(name: "ak8975", parent: nil, id: "iio:device1")],
            uri: "ip:pi")
        #expect(single.first?.magnetometer?.name == "ak8975")
        let stems = IMUGrouping.imus(
            from: [
                // st_lsm6dsx names them after its i2c id "lsm9ds1-imu"; st_magn's is "lsm9ds1_magn".
                device(name: "lsm9ds1-imu_accel", id: "iio:device0", gyro: false),
                device(name: "lsm9ds1-imu_gyro", id: "iio:device1", accel: false),
                device(name: "mpu6050", id: "iio:device2"), magnetometer(name: "lsm9ds1_magn", parent: nil, id: "iio:device3"),
                magnetometer(name: "hmc5883l", parent: nil, id: "iio:device4"),
            ], uri: "ip:pi")
        #expect(stems.map(\.name) == ["lsm9ds1", "mpu6050"])
        #expect(stems.map { $0.magnetometer?.name } == ["lsm9ds1_magn", nil])
    }
}
