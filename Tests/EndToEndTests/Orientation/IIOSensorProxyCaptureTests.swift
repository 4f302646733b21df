import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// iio-sensor-proxy's recorded HID accelerometer buffers (Fixtures/iio-sensor-proxy, see Fixtures/README.md),
/// fed through a umockdev FIFO to the HID hub fixture's `accel_3d` and decoded by imu-stream: the last
/// scan gives the orientation iio-sensor-proxy's integration test expects from the same bytes.
@Suite("iio-sensor-proxy's buffer captures", .enabled(if: canRunCLIs, cliMessage))
struct IIOSensorProxyCaptureTests {
    @Test(
        "decoded by imu-bridge, the last scan has iio-sensor-proxy's orientation",
        arguments: [
            ("orientation-normal", IIOSensorProxyOrientation.normal), ("orientation-left-up", .leftUp),
        ])
    func capture(name: String, expected: IIOSensorProxyOrientation) throws {
        let url = PackageLocations.packageRoot.appendingPathComponent(
            "Fixtures/iio-sensor-proxy/\(name).bin")
        let bytes = [UInt8](try Data(contentsOf: url))
        // le:s16/32>>0 x, y, z, four bytes of padding, le:s64 timestamp: 24 bytes a scan.
        #expect(bytes.count % 24 == 0)
        let scans = bytes.count / 24
        var fixture = try SysfsFixture(named: "hid-sensor-hub")
        fixture.devices.removeAll { $0.attribute("name")?.hasPrefix("gyro_3d") == true }
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixture)
        let accel = try #require(
            fixture.devices.first {
                $0.subsystem == "iio"
                    && $0.attribute("name")?.trimmingCharacters(in: .whitespacesAndNewlines) == "accel_3d"
            })
        _ = try testbed.feed(device: accel.sysname, bytes: bytes)
        let stream = try testbed.runUnderPreload(
            executable: try product("imu-stream"),
            arguments: ["--device", "accel_3d", "--samples", "\(scans)", "--json"])
        #expect(stream.status == ExitStatus.success.rawValue, "\(stream.standardError)")
        let samples = try jsonLines(stream.output)
        #expect(samples.count == scans)
        let last = try #require(samples.last.flatMap { vector($0, "acceleration") })
        // The last scan's 16 used bits, as iio-sensor-proxy reads them, times the fixture's scale, in g.
        let tail = Array(bytes.suffix(24))
        let used = (0..<3).map {
            Double(Int16(bitPattern: UInt16(tail[4 * $0]) | UInt16(tail[4 * $0 + 1]) << 8))
        }
        #expect(close(last, used.map { $0 * 0.00980665 / 9.80665 }, tolerance: 1e-12))
        #expect(IIOSensorProxyOrientation.of(last.map { $0 * 9.80665 }) == expected)
    }
}
