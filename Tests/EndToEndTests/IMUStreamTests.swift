import Foundation
import IIOTestbed
import Testing

@Suite("imu-stream on umockdev fixtures", .enabled(if: canRunCLIs, cliMessage))
struct IMUStreamTests {
    private let g = 9.80665

    private func mpu6050Scans(_ count: Int) -> [UInt8] {
        (1...count).flatMap { n -> [UInt8] in
            [Int16(256), -256, 16384, 131, -131, Int16(262 + n)].flatMap(be) + [0, 0, 0, 0] + le(Int64(n) * 10_000_000)
        }
    }

    @Test("MPU-6050 buffered: JSON lines with CoreMotion values equal to the scans fed")
    func mpu6050() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        let feeder = try testbed.feed(device: "iio:device0", bytes: mpu6050Scans(8))
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--device", "mpu6050", "--rate", "100", "--samples", "8", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(feeder.waitUntilWritten())
        let lines = try jsonLines(result.output)
        #expect(lines.count == 8)
        #expect(lines.map { $0["timestamp"] as? Double } == (1...8).map { Double($0) / 100 })
        #expect(close(vector(lines[0], "acceleration"), [-256 * 0.000598 / g, 256 * 0.000598 / g, -16384 * 0.000598 / g], tolerance: 1e-12))
        #expect(close(vector(lines[7], "rotationRate"), [131 * 0.001064724, -131 * 0.001064724, 270 * 0.001064724], tolerance: 1e-12))
    }

    @Test("st_lsm6dsx split devices come out merged on one timeline")
    func lsm6dsoMerged() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "lsm6dso")
        func scans(_ v: (Int) -> [Int16]) -> [UInt8] {
            (0..<8).flatMap { n in v(n).flatMap(le) + [0, 0] + le(Int64(2_000_000_000) + Int64(n) * 10_000_000) }
        }
        _ = try testbed.feed(device: "iio:device1", bytes: scans { n in [Int16(n), 0, 16000] })
        _ = try testbed.feed(device: "iio:device2", bytes: scans { n in [Int16(10 * n), 0, 0] })
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--device", "lsm6dso", "--rate", "100", "--samples", "3", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(lines.count == 3)
        for line in lines {
            let t = try #require(line["timestamp"] as? Double)
            let n = ((t - 2) * 100).rounded()
            #expect(close(vector(line, "acceleration"), [-n * 0.000598205 / g, 0, -16000 * 0.000598205 / g], tolerance: 1e-9))
            #expect(close(vector(line, "rotationRate"), [10 * n * 0.000152716, 0, 0], tolerance: 1e-9))
        }
    }

    @Test("ADXL345 without a buffer is polled; no rotationRate without a gyroscope")
    func polled() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "3", "--json", "--rate", "50"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0["rotationRate"] == nil })
        #expect(close(vector(lines[0], "acceleration"), [-3 * 0.0383 / g, 5 * 0.0383 / g, -256 * 0.0383 / g], tolerance: 1e-12))
    }

    @Test("an IMU unplugged mid-stream: what was read is printed, then 'sensor removed' and status 7")
    func unplug() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        let feeder = try testbed.feed(device: "iio:device0", bytes: mpu6050Scans(4))
        let unplugged = Thread {
            if feeder.waitUntilWritten() { try? testbed.remove(device: "iio:device0") }
        }
        unplugged.start()
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--rate", "100", "--json"], timeLimit: 30)
        #expect(result.status == 7)
        #expect(try jsonLines(result.output).count == 4)
        #expect(result.standardError.contains("sensor removed: mpu6050 (iio:device0)"), "\(result.standardError)")
    }

    @Test("--wait: waits for the first IMU, says 'sensor removed, waiting' on unplug and resumes on replug")
    func waitSurvivesUnplug() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let stream = try testbed.launchUnderPreload(
            executable: try product("imu-stream"), arguments: ["--wait", "--rate", "50", "--json"])
        #expect(stream.waitUntil(timeLimit: 30) { stream.errorSoFar.contains("waiting for an IMU (first IMU)") })
        #expect(testbed.waitForUEventListeners())
        _ = try testbed.install(fixtureNamed: "adxl345")
        #expect(stream.waitUntil(timeLimit: 30) { stream.outputSoFar.split(separator: "\n").count >= 5 })
        try testbed.remove(device: "iio:device10")
        #expect(stream.waitUntil(timeLimit: 30) { stream.errorSoFar.contains("sensor removed, waiting: adxl345") })
        #expect(testbed.waitForUEventListeners())
        let linesWhileRemoved = stream.outputSoFar.split(separator: "\n").count
        _ = try testbed.reinstall(device: "iio:device10")
        #expect(stream.waitUntil(timeLimit: 30) { stream.outputSoFar.split(separator: "\n").count >= linesWhileRemoved + 5 })
        let result = stream.stop()
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(lines.allSatisfy { close(vector($0, "acceleration"), [-3 * 0.0383 / g, 5 * 0.0383 / g, -256 * 0.0383 / g], tolerance: 1e-12) })
        #expect(result.standardError.components(separatedBy: "streaming from adxl345").count == 3, "\(result.standardError)")
    }

    @Test("an unknown --device names the IMUs there are (status 5); a bad --rate is a usage error (64)")
    func wrongDevice() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "lsm6dso")
        let missing = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--device", "bmi270"])
        #expect(missing.status == 5)
        #expect(missing.standardError.contains("no IMU matches 'bmi270'; available: lsm6dso"))
        let usage = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--rate", "-3"])
        #expect(usage.status == 64)
    }

    @Test("permission denied: a user outside the group gets the fix, status 6", .enabled(if: getuid() == 0, "needs root to drop to nobody"))
    func permissionDenied() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        // The tree is readable by everyone, as sysfs is; the node and attributes stay root's, mode 0644/0600.
        try testbed.makeReadableByEveryone()
        let result = try testbed.runUnderPreload(
            executable: "/usr/bin/setpriv",
            arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", "--", try product("imu-stream"), "--rate", "100", "--samples", "1"])
        #expect(result.status == 6, "\(result.standardError)")
        #expect(result.standardError.contains("permission denied on /sys/bus/iio/devices/iio:device0/sampling_frequency"))
        #expect(result.standardError.contains("udev/70-imu-bridge.rules"))
    }
}
