import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// `--uri ip:HOST:PORT`: the tools as clients of a real `iiod` that serves a umockdev testbed.
@Suite("imu-list and imu-stream through iiod", .enabled(if: canRunCLIs && PackageLocations.executableOnPath("iiod") != nil, "needs iiod"))
struct RemoteIIODTests {
    /// Starts `iiod -p PORT` on the testbed and returns it with its URI, once it answers `imu-list`.
    private func serve(_ testbed: Testbed) throws -> (BackgroundProcess, String, ProcessResult) {
        let port = Int.random(in: 30500...39999)
        let iiod = try testbed.launchUnderPreload(executable: "iiod", arguments: ["-p", String(port)])
        let uri = "ip:127.0.0.1:\(port)"
        var listing = try Testbed.runOutsidePreload(executable: try product("imu-list"), arguments: ["--uri", uri, "--json"])
        for _ in 0..<50 where listing.status == ExitStatus.remoteUnreachable.rawValue && iiod.isRunning {
            usleep(100_000)
            listing = try Testbed.runOutsidePreload(executable: try product("imu-list"), arguments: ["--uri", uri, "--json"])
        }
        return (iiod, uri, listing)
    }

    @Test("imu-list --uri ip: lists the remote IMU; imu-stream reads its buffer with the exact fed values")
    func remoteMPU6050() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        let (iiod, uri, listing) = try serve(testbed)
        defer { iiod.stop() }
        #expect(listing.status == ExitStatus.success.rawValue, "\(listing.standardError)")
        let imus = try jsonLines(listing.output)
        #expect(imus.map { $0["name"] as? String } == ["mpu6050"])
        #expect(imus.first?["uri"] as? String == uri)

        let g = 9.80665
        let scans = (1...8).flatMap { n -> [UInt8] in
            [Int16(256), -256, 16384, 131, -131, Int16(262 + n)].flatMap(be) + [0, 0, 0, 0] + le(Int64(n) * 10_000_000)
        }
        _ = try testbed.feed(device: "iio:device0", bytes: scans)
        let stream = try Testbed.runOutsidePreload(
            executable: try product("imu-stream"), arguments: ["--uri", uri, "--sensor-rate", "100", "--samples", "8", "--json"])
        #expect(stream.status == ExitStatus.success.rawValue, "\(stream.standardError)")
        let lines = try jsonLines(stream.output)
        #expect(lines.count == 8)
        #expect(
            close(vector(lines[0], "acceleration"), [-256 * 0.000598 / g, 256 * 0.000598 / g, -16384 * 0.000598 / g], tolerance: 1e-12))
        #expect(close(vector(lines[7], "rotation_rate"), [131 * 0.001064724, -131 * 0.001064724, 270 * 0.001064724], tolerance: 1e-12))
    }

    @Test("magnetometers over iiod: the MPU-9250's own, and the HID hub's magn_3d by its name stem; the field in µT")
    func remoteMagnetometers() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu9250")
        _ = try testbed.install(fixtureNamed: "hid-sensor-hub-magn")
        let (iiod, uri, listing) = try serve(testbed)
        defer { iiod.stop() }
        #expect(listing.status == ExitStatus.success.rawValue, "\(listing.standardError)")
        try SchemaValidation.expectValid(listing.output, schema: "imu.schema.json")
        let imus = try jsonLines(listing.output)
        #expect(imus.map { $0["name"] as? String } == ["mpu9250", "hid-sensor-hub"])
        let magnetometers = imus.map { $0["magnetometer"] as? [String: Any] }
        #expect(magnetometers.map { $0?["name"] as? String } == ["mpu9250", "magn_3d"])
        #expect(magnetometers[0]?["mount_matrix"] as? [[Double]] == [[0, 1, 0], [1, 0, 0], [0, 0, -1]])

        let stream = try Testbed.runOutsidePreload(
            executable: try product("imu-stream"),
            arguments: ["--uri", uri, "--device", "hid-sensor-hub", "--poll", "--sensor-rate", "20", "--samples", "3", "--json"])
        #expect(stream.status == ExitStatus.success.rawValue, "\(stream.standardError)")
        // Remote: no udev, so no hwdb rotation: the hub's (-150, 220, -400) mG as they are.
        let fields = try jsonLines(stream.output).compactMap { vector($0, "magnetic_field") }
        #expect(!fields.isEmpty && fields.allSatisfy { close($0, [-15, 22, -40], tolerance: 1e-9) }, "\(stream.output)")
    }

    @Test("an iiod that is not there: status 10 and the URI named")
    func unreachable() throws {
        let result = try Testbed.runOutsidePreload(executable: try product("imu-list"), arguments: ["--uri", "ip:127.0.0.1:1"])
        #expect(result.status == ExitStatus.remoteUnreachable.rawValue)
        #expect(result.standardError.contains("ip:127.0.0.1:1"), "\(result.standardError)")
        #expect(result.standardError.contains("Is `iiod` running on the board and port 1 open?"), "\(result.standardError)")
    }
}
