import CommandLineSupport
import Testing

@testable import IIOSensors

@Suite("What a context holds, where a sensor sits, and which IMU is the default")
struct InventoryAndLocationTests {
    @Test("a device is named with its channels in natural order, without the timestamp")
    func summary() {
        #expect(
            IIOInventory.summary(name: "ad7291", channels: ["voltage10", "timestamp", "voltage2", "temp0"])
                == "ad7291 (temp0, voltage2, voltage10)")
        #expect(IIOInventory.summary(name: "trigger-less", channels: ["timestamp"]) == "trigger-less (no channels)")
    }

    @Test("hostile sizes stay bounded: 8 channels and 12 devices named, the rest counted")
    func bounded() {
        let channels = (0..<5000).map { "voltage\($0)" }
        #expect(
            IIOInventory.summary(name: "adc", channels: channels)
                == "adc (voltage0, voltage1, voltage2, voltage3, voltage4, voltage5, voltage6, voltage7, 4992 more)")
        let devices = (0..<1000).map { "adc\($0) (voltage0)" }
        let sentence = IIOInventory.sentence(devices)
        #expect(sentence.hasPrefix("1000 IIO devices, none with an accelerometer: adc0 (voltage0), adc1 (voltage0), "))
        #expect(sentence.hasSuffix("adc11 (voltage0), and 988 more"))
    }

    @Test("the sentence for one device and for none")
    func sentences() {
        #expect(IIOInventory.sentence(["als (illuminance)"]) == "1 IIO device, none with an accelerometer: als (illuminance)")
        #expect(IIOInventory.sentence([]) == "no IIO devices at all, none with an accelerometer")
        #expect(
            IIOSensorError.noAccelerometer(devices: []).description.hasPrefix(
                "no IIO devices at all, none with an accelerometer; is the accelerometer's driver loaded?"))
    }

    @Test(
        "cros-ec's label (accel-display, accel-base) and older location (lid, base) give the location; other labels none",
        arguments: [
            ("accel-display", "lid"), ("accel-base", "base"), ("accel-camera", "camera"), ("lid", "lid"), ("base", "base"),
            ("camera", "camera"), ("proximity-wifi", nil), (nil, nil),
        ] as [(String?, String?)])
    func location(label: String?, expected: String?) {
        #expect(device(name: "cros-ec-accel", label: label).location == expected)
    }

    @Test("--device lid and --device base select the convertible's IMUs; the default is the one with a gyroscope")
    func lidAndBase() throws {
        let hub = "/sys/devices/platform/cros-ec-sensorhub.2.auto"
        let imus = IMUGrouping.imus(
            from: [
                device(
                    name: "cros-ec-accel", parent: hub + "/cros-ec-accel.3.auto", label: "accel-display", id: "iio:device6", gyro: false),
                device(name: "cros-ec-accel", parent: hub + "/cros-ec-accel.4.auto", label: "accel-base", id: "iio:device7", gyro: false),
                device(name: "cros-ec-gyro", parent: hub + "/cros-ec-gyro.5.auto", label: "accel-base", id: "iio:device8", accel: false),
            ], uri: "local:")
        #expect(imus.map(\.location) == ["lid", "base"])
        #expect(imus.first { $0.matches("lid") }?.accelerometer?.id == "iio:device6")
        #expect(imus.first { $0.matches("base") }?.gyroscope?.id == "iio:device8")
        #expect(IMUDiscovery.defaultIMU(among: imus)?.accelerometer?.id == "iio:device7")
    }

    @Test("the default: the first IMU with both sensors, else the first with an accelerometer, never a gyroscope alone")
    func defaultChoice() {
        let accelOnly = IMU(name: "adxl345", uri: "local:", accelerometer: device(name: "adxl345", gyro: false), gyroscope: nil)
        let gyroOnly = IMU(name: "l3g4200d", uri: "local:", accelerometer: nil, gyroscope: device(name: "l3g4200d", accel: false))
        let combined = IMU(name: "mpu6050", uri: "local:", accelerometer: device(name: "mpu6050"), gyroscope: device(name: "mpu6050"))
        #expect(IMUDiscovery.defaultIMU(among: [gyroOnly, accelOnly, combined])?.name == "mpu6050")
        #expect(IMUDiscovery.defaultIMU(among: [gyroOnly, accelOnly])?.name == "adxl345")
        #expect(IMUDiscovery.defaultIMU(among: [gyroOnly]) == nil)
    }

    @Test("a sensor of one or two axes is partial: listed apart, never an accelerometer or gyroscope of an IMU")
    func partialSensors() {
        var twoAxisGyro = device(name: "adxrs290", accel: false)
        twoAxisGyro.channels.removeAll { $0.axis == .z }
        var singleAxis = device(name: "adxrs450", accel: false)
        singleAxis.channels.removeAll { $0.axis != .z }
        var imuWithTwoAxisGyro = device(name: "odd-imu")
        imuWithTwoAxisGyro.channels.removeAll { $0.type == .angularVelocity && $0.axis == .x }
        #expect(twoAxisGyro.axes(of: .angularVelocity) == [.x, .y] && twoAxisGyro.axes(of: .acceleration).isEmpty)
        #expect(singleAxis.axes(of: .angularVelocity) == [.z])
        #expect(twoAxisGyro.isPartialMotionSensor && !twoAxisGyro.isGyroscope)
        #expect(singleAxis.isPartialMotionSensor)
        // A three-axis accelerometer makes the device an IMU member, whatever its other channels.
        #expect(!imuWithTwoAxisGyro.isPartialMotionSensor && imuWithTwoAxisGyro.isAccelerometer && !imuWithTwoAxisGyro.isGyroscope)
        #expect(!device(name: "mpu6050").isPartialMotionSensor)
    }

    @Test("new failures have their statuses: 15 for a busy or unreadable sensor, 64 for an unusable --uri")
    func exitCodes() {
        #expect(
            FailureReport(IIOSensorError.bufferBusy(device: "accel_3d (iio:device4)", holder: nil), tool: "imu-stream").exitStatus
                == .sensorBusy)
        #expect(
            FailureReport(IIOSensorError.notPollable(device: "accel_3d (iio:device4)", reason: "x"), tool: "imu-stream").exitStatus
                == .sensorBusy)
        #expect(FailureReport(IIOSensorError.unsupportedURI(uri: "xml:a"), tool: "imu-stream").exitStatus == .usage)
        #expect(
            IIOSensorError.unsupportedURI(uri: "xml:a").description
                == "unsupported libiio URI 'xml:a' (--uri): libiio's xml: backend only describes channels; it reads no attribute "
                + "values and opens no buffers; use 'local:' for this machine's /sys/bus/iio or 'ip:HOST[:PORT]' for a board running iiod.")
    }

    @Test(
        "an xml:, usb: or serial: URI is refused before libiio is asked", arguments: ["xml:/nonexistent.xml", "usb:", "serial:/dev/ttyS0"])
    func refusedURI(uri: String) {
        #expect(throws: IIOSensorError.unsupportedURI(uri: uri)) { try IMUDiscovery(uri: uri).imus() }
    }
}
