import CommandLineSupport
import MotionSamples
import Testing

@testable import IIOSensors

@Suite("Mount matrix")
struct MountMatrixTests {
    @Test("parses the kernel notation and maps sensor axes onto device axes")
    func parsesAndApplies() throws {
        // A chip rotated 90 degrees about z: device x = -sensor y, device y = sensor x.
        let matrix = try MountMatrix(parsing: "0, -1, 0; 1, 0, 0; 0, 0, 1\n")
        #expect(matrix.apply(Vector3(x: 1, y: 2, z: 3)) == Vector3(x: -2, y: 1, z: 3))
        #expect(matrix.description == "0, -1, 0; 1, 0, 0; 0, 0, 1")
    }

    @Test("empty means identity, as systemd's hwdb documents")
    func emptyIsIdentity() throws {
        #expect(try MountMatrix(parsing: "").isIdentity)
        #expect(try MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1").isIdentity)
    }

    @Test("accepts fractional entries of tilted mounts")
    func fractional() throws {
        let matrix = try MountMatrix(parsing: "0.7071, -0.7071, 0; 0.7071, 0.7071, 0; 0, 0, 1")
        #expect(abs(matrix.apply(Vector3(x: 1, y: 0, z: 0)).y - 0.7071) < 1e-12)
    }

    @Test(
        "rejects malformed matrices with the attribute and a fix",
        arguments: [
            "1, 0; 0, 1", "1, 0, 0; 0, 1, 0", "a, b, c; 0, 1, 0; 0, 0, 1", "1, 0, 0; 0, 0, 0; 0, 0, 1", "1, 0, 0; 0, 1, 0; 0, 0, nan",
        ])
    func rejects(text: String) {
        #expect(throws: IIOSensorError.self) { try MountMatrix(parsing: text, attribute: "in_accel_mount_matrix") }
        do {
            _ = try MountMatrix(parsing: text, attribute: "in_accel_mount_matrix")
        } catch {
            #expect(error.description.contains("in_accel_mount_matrix"))
            #expect(FailureReport(error, tool: "imu-stream").exitStatus == .malformedSysfsValue)
        }
    }
}

@Suite("Sampling frequency choice")
struct SamplingFrequencyTests {
    @Test("picks the smallest offered frequency at or above the request")
    func choosesAtOrAbove() {
        let lsm6dso = SamplingFrequency(location: .device, current: 12.5, available: [12.5, 26, 52, 104, 208, 416, 833])
        #expect(lsm6dso.choice(forAtLeast: 25) == 26)
        #expect(lsm6dso.choice(forAtLeast: 104) == 104)
        #expect(lsm6dso.choice(forAtLeast: 5000) == 833)
    }

    @Test("without a list the request is used as is (HID sensor hubs)")
    func noList() {
        #expect(SamplingFrequency(location: .channels(.acceleration), current: 10, available: []).choice(forAtLeast: 25) == 25)
    }

    @Test("ignores 0 (cros-ec's 'off')")
    func ignoresZero() {
        #expect(SamplingFrequency(location: .device, current: 0, available: [0, 12.5, 100]).choice(forAtLeast: 1) == 12.5)
    }

    @Test("parses discrete lists and [min step max] ranges")
    func parsesAvailable() {
        #expect(SamplingFrequency.parseAvailable("10 20 50 100 200 500\n") == [10, 20, 50, 100, 200, 500])
        #expect(SamplingFrequency.parseAvailable("12.500 26.000 52.000") == [12.5, 26, 52])
        #expect(SamplingFrequency.parseAvailable("[10 10 40]") == [10, 20, 30, 40])
        #expect(SamplingFrequency.parseAvailable("bogus") == [])
    }

    @Test("hostile *_available lists give only plausible frequencies and never trap")
    func hostileAvailable() {
        #expect(SamplingFrequency.parseAvailable("[0 1 inf]") == [])
        #expect(SamplingFrequency.parseAvailable("[0 1e-300 1e300]") == [])
        #expect(SamplingFrequency.parseAvailable("[nan 1 10]") == [])
        #expect(SamplingFrequency.parseAvailable("[1 1 1e12]").count == 10_001)
        #expect(SamplingFrequency.parseAvailable("0 nan 50 1e19 -5 inf") == [50])
        #expect(SamplingFrequency.parse("0.000000\n") == nil)
        #expect(SamplingFrequency.parse("1e19") == nil)
        #expect(SamplingFrequency.parse("104.000000\n") == 104)
    }
}
