import Foundation
import IIOTestbed
import Testing

/// systemd's hwdb sets `ACCEL_MOUNT_MATRIX` on a wrongly mounted sensor's udev device (60-sensor.rules);
/// imu-list reports it as the mount matrix and imu-stream applies it before anything else sees a vector.
@Suite("hwdb ACCEL_MOUNT_MATRIX", .enabled(if: canRunCLIs, cliMessage))
struct HWDBMountMatrixTests {
    /// The chip mounted upside down in the plane of the board: x and y flipped.
    private let flipped = "-1, 0, 0; 0, -1, 0; 0, 0, 1"
    private let g = 9.80665

    /// The ADXL345 fixture with the hwdb property on its IIO device, as udev would have it after 60-sensor.rules.
    private func adxl345WithHWDBMatrix() throws -> SysfsFixture {
        var fixture = try SysfsFixture(named: "adxl345")
        let index = try #require(fixture.devices.firstIndex { $0.subsystem == "iio" })
        fixture.devices[index].properties.append(.init(key: "ACCEL_MOUNT_MATRIX", value: flipped))
        return fixture
    }

    @Test("imu-list shows the hwdb matrix and names its source; imu-stream applies it")
    func listedAndApplied() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(try adxl345WithHWDBMatrix())
        let listing = try testbed.runUnderPreload(executable: try product("imu-list"), arguments: ["--json"])
        #expect(listing.status == 0, "\(listing.standardError)")
        let accel = try #require(try jsonLines(listing.output).first?["accelerometer"] as? [String: Any])
        #expect(accel["mountMatrix"] as? [[Double]] == [[-1, 0, 0], [0, -1, 0], [0, 0, 1]])
        #expect(accel["mountMatrixSource"] as? String == "hwdb ACCEL_MOUNT_MATRIX")

        let stream = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "1", "--json", "--rate", "50"])
        #expect(stream.status == 0, "\(stream.standardError)")
        let sample = try #require(try jsonLines(stream.output).first)
        // Unrotated it reads (-3, 5, -256) * 0.0383 / g (see IMUStreamTests.polled); the matrix flips x and y.
        #expect(close(vector(sample, "acceleration"), [3 * 0.0383 / g, -5 * 0.0383 / g, -256 * 0.0383 / g], tolerance: 1e-12))
    }
}
