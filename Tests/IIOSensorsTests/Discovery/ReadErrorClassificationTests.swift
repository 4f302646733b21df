import CommandLineSupport
import SystemPackage
import Testing

@testable import IIOSensors

@Suite("What a read or open errno means")
struct ReadErrorClassificationTests {
    private let mpu = device(name: "mpu6050", id: "iio:device0")

    private static let removalErrors: [Errno] = [
        .operationNotSupportedByDevice, .ioError, .noSuchAddressOrDevice, .noSuchFileOrDirectory, .badFileDescriptor, .brokenPipe,
    ]

    /// The meaning of `error` for a device that is `present` (nil: a remote one, whose sysfs cannot be checked); the
    /// grace periods asked for are appended to `graces`.
    private func classify(_ error: Errno, present: Bool? = true, graces: inout [Double]) -> IIOSensorError {
        DeviceReader.classify(error, device: mpu, operation: "reading /dev/iio:device0", timeout: 2) { grace in
            graces.append(grace)
            return present
        }
    }

    private func classify(_ error: Errno, present: Bool? = true) -> IIOSensorError {
        var graces: [Double] = []
        return classify(error, present: present, graces: &graces)
    }

    @Test("a device gone (ENODEV, EIO, ENXIO, ENOENT, EBADF, EPIPE) is removed; a remote one's errno is believed", arguments: removalErrors)
    func removed(_ error: Errno) {
        #expect(classify(error, present: false) == .deviceRemoved(device: "mpu6050 (iio:device0)"))
        #expect(classify(error, present: nil) == .deviceRemoved(device: "mpu6050 (iio:device0)"))
    }

    @Test(
        "the same errnos while the device stays in sysfs a second later: it does not answer (status 8), it was not removed",
        arguments: removalErrors)
    func notResponding(_ error: Errno) {
        var graces: [Double] = []
        let meaning = classify(error, present: true, graces: &graces)
        #expect(
            meaning == .deviceNotResponding(device: "mpu6050 (iio:device0)", operation: "reading /dev/iio:device0", errno: error.rawValue))
        #expect(graces == [1])
        #expect(FailureReport(meaning, tool: "imu-stream").exitStatus == .noSamplesInTime)
    }

    @Test("the not-answering message names the errno and what to check")
    func notRespondingMessage() {
        let error = IIOSensorError.deviceNotResponding(
            device: "mpu6050 (iio:device0)", operation: "reading in_accel_x_raw", errno: Errno.noSuchAddressOrDevice.rawValue)
        #expect(
            error.description
                == "mpu6050 (iio:device0) does not answer: reading in_accel_x_raw failed (No such device or address) while it "
                + "is still present, so it was not unplugged. Check its wiring and power, and `dmesg | tail` for bus errors.")
    }

    @Test("an unreachable iiod's message names the port the URI gives, iiod's 30431 otherwise")
    func unreachablePort() {
        let ports = [
            "ip:raspberrypi": 30431, "ip:127.0.0.1:1": 1, "ip:10.0.0.2:40000": 40000, "ip:[::1]:30432": 30432,
            "ip:[fe80::1%eth0]": 30431, "ip:fe80::1": 30431, "ip:host:0": 30431, "ip:host:99999": 30431, "ip:": 30431,
        ]
        for (uri, port) in ports {
            #expect(IIOSensorError.iiodPort(of: uri) == port, "\(uri)")
        }
        #expect(
            IIOSensorError.remoteUnreachable(uri: "ip:127.0.0.1:1", reason: "Connection refused").description
                == "cannot reach ip:127.0.0.1:1: Connection refused. Is `iiod` running on the board and port 1 open?")
    }

    @Test("EACCES and EPERM are a permission problem on the device node")
    func permission() {
        #expect(classify(.permissionDenied) == .permissionDenied(path: "/dev/iio:device0"))
        #expect(classify(.notPermitted) == .permissionDenied(path: "/dev/iio:device0"))
        #expect(FailureReport(classify(.permissionDenied), tool: "imu-stream").exitStatus == .permissionDenied)
    }

    @Test("ETIMEDOUT is no samples in time while the device is there, removal once it is gone")
    func timeout() {
        #expect(classify(.timedOut) == .refillTimeout(device: "mpu6050 (iio:device0)", seconds: 2))
        #expect(FailureReport(classify(.timedOut), tool: "imu-stream").exitStatus == .noSamplesInTime)
        #expect(classify(.timedOut, present: false) == .deviceRemoved(device: "mpu6050 (iio:device0)"))
        #expect(classify(.timedOut, present: nil) == .refillTimeout(device: "mpu6050 (iio:device0)", seconds: 2))
        var graces: [Double] = []
        _ = classify(.timedOut, graces: &graces)
        #expect(graces == [0], "a refill that timed out has waited long enough")
    }

    @Test("anything else names the operation and the errno")
    func other() {
        #expect(classify(.noMemory) == .systemError(operation: "reading /dev/iio:device0", errno: Errno.noMemory.rawValue))
    }

    @Test("the removal message names the fix")
    func removalMessage() {
        #expect(
            IIOSensorError.deviceRemoved(device: "mpu6050 (iio:device0)").description == "sensor removed: mpu6050 (iio:device0) "
                + "disappeared while streaming (unplugged or driver unbound). Reconnect it (or rebind its driver); run with --wait to "
                + "resume automatically when it is back.")
    }
}

@Suite("A device that goes away while discovery describes it")
struct VanishingDeviceTests {
    @Test(
        "a sysfs read finding no file or device (ENOENT, ENODEV, ENXIO) is a vanished attribute; other errors are not",
        arguments: [
            (Errno.noSuchFileOrDirectory, true), (.operationNotSupportedByDevice, true), (.noSuchAddressOrDevice, true),
            (.permissionDenied, false),
            (.ioError, false),
        ])
    func vanished(_ error: Errno, vanished: Bool) {
        let failure = IIOSensorError.systemError(
            operation: "reading /sys/bus/iio/devices/iio:device0/in_accel_scale", errno: error.rawValue)
        #expect(IMUDiscovery.isVanishedAttribute(failure) == vanished)
        #expect(!IMUDiscovery.isVanishedAttribute(.deviceRemoved(device: "mpu6050 (iio:device0)")))
    }

    @Test("presence is the device's name attribute: there for a fixture's device, not for one that never was")
    func presence() async throws {
        try await withTestbed(["mpu6050"]) { _, _ in
            let id = try #require(try IMUDiscovery().imus().first?.accelerometer?.id)
            #expect(IMUDiscovery.isPresent(id))
            #expect(!IMUDiscovery.isPresent("iio:device999"))
        }
    }
}
