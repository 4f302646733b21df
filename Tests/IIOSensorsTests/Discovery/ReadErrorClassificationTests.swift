import CommandLineSupport
import SystemPackage
import Testing

@testable import IIOSensors

@Suite("What a read or open errno means")
struct ReadErrorClassificationTests {
    private let mpu = device(name: "mpu6050", id: "iio:device0")

    private func classify(_ error: Errno, present: Bool = true) -> IIOSensorError {
        DeviceReader.classify(error, device: mpu, operation: "reading /dev/iio:device0", timeout: 2) { present }
    }

    @Test(
        "a device gone (ENODEV, EIO, ENXIO, ENOENT, EBADF, EPIPE) is removed",
        arguments: [
            Errno.operationNotSupportedByDevice, .ioError, .noSuchAddressOrDevice, .noSuchFileOrDirectory, .badFileDescriptor, .brokenPipe,
        ])
    func removed(_ error: Errno) {
        #expect(classify(error) == .deviceRemoved(device: "mpu6050 (iio:device0)"))
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
