import CommandLineSupport
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

    @Test("every fixture: JSON lines with the exact CoreMotion values of the scans fed (or the *_raw polled)", arguments: StreamCase.all)
    func everyFixture(_ streamCase: StreamCase) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let fixture = try SysfsFixture(named: streamCase.fixture)
        _ = try testbed.install(fixture)
        let fedTimes = (0..<8).map { Double(1_000_000_000 + $0 * 10_000_000) / 1e9 }
        for (sysname, values) in streamCase.scans {
            let device = try #require(fixture.device(sysname))
            let layout = try #require(FixtureScanLayout(device: device, excluding: streamCase.excluded))
            let bytes = (0..<8).flatMap { n in
                layout.encode(values.merging(["timestamp": 1_000_000_000 + Int64(n) * 10_000_000]) { $1 })
            }
            _ = try testbed.feed(device: sysname, bytes: bytes)
        }
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--device", streamCase.device, "--samples", "3", "--json", "--verbose"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.output, schema: "sample.schema.json")
        let lines = try jsonLines(result.output)
        #expect(lines.count == 3)
        for line in lines {
            #expect(close(vector(line, "acceleration"), streamCase.acceleration, tolerance: 1e-12), "\(line)")
            if let rotationRate = streamCase.rotationRate {
                #expect(close(vector(line, "rotation_rate"), rotationRate, tolerance: 1e-12), "\(line)")
            } else {
                #expect(line["rotation_rate"] == nil)
            }
        }
        let times = lines.compactMap { $0["timestamp"] as? Double }
        #expect(times.count == 3 && zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        switch streamCase.clock {
        case .fed:
            #expect(times.allSatisfy(fedTimes.contains), "\(times)")
        case .boottimeConverted:
            let offset = monotonicMinusBoottime()
            #expect(times.allSatisfy { time in fedTimes.contains { abs(time - ($0 + offset)) < 1e-3 } }, "\(times)")
        case .polled:
            break
        }
        #expect(result.standardError.contains(streamCase.log), "\(result.standardError)")
    }

    @Test("--duration ends the stream that many seconds of sample time after the first sample")
    func duration() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        _ = try testbed.feed(device: "iio:device0", bytes: mpu6050Scans(8))
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--duration", "0.045", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(try jsonLines(result.output).map { $0["timestamp"] as? Double } == [0.01, 0.02, 0.03, 0.04, 0.05])
    }

    @Test("the human format: seconds, acceleration in g, rotation rate in rad/s")
    func humanFormat() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        _ = try testbed.feed(device: "iio:device0", bytes: mpu6050Scans(8))
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "2"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(
            result.output == """
                      0.010000 s  acc  -0.0156   0.0156  -0.9991 g   rot   0.1395  -0.1395   0.2800 rad/s
                      0.020000 s  acc  -0.0156   0.0156  -0.9991 g   rot   0.1395  -0.1395   0.2811 rad/s

                """)
    }

    @Test("--sensor-rate on adxl345 sets its per-type frequency to the smallest listed value at or above it")
    func rateFromDeviceWideList() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--sensor-rate", "30", "--samples", "1"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(try testbed.attribute("in_accel_sampling_frequency", of: "iio:device10") == "50")
    }

    @Test(
        "no accelerometer (a gyroscope alone, or no motion sensor at all): status 4",
        arguments: [
            (["iio:device6", "iio:device7"], "1 IIO device, none with an accelerometer: cros-ec-gyro (anglvel_x, anglvel_y, anglvel_z)"),
            ([], "1 IIO device, none with an accelerometer: als (illuminance)"),
        ])
    func noAccelerometer(removed: [String], found: String) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        if removed.isEmpty {
            _ = try testbed.install(
                try SysfsFixture(
                    name: "als",
                    text: """
                        P: /devices/platform/soc/fe804000.i2c/i2c-1/1-0029/iio:device13
                        E: SUBSYSTEM=iio
                        E: DEVTYPE=iio_device
                        A: name=als\\n
                        A: in_illuminance_raw=120\\n

                        """))
        } else {
            _ = try testbed.install(fixtureNamed: "cros-ec")
            for device in removed { try testbed.remove(device: device) }
        }
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "1"])
        #expect(result.status == ExitStatus.noAccelerometer.rawValue, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("imu-stream: \(found); "), "\(result.standardError)")
    }

    @Test("a sensor that delivers nothing: 'no samples' and status 8, not a hang")
    func noSamples() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "lis3dh")
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--sensor-rate", "25"])
        #expect(result.status == ExitStatus.noSamplesInTime.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("no samples from lis3dh (iio:device9) within 2 s"), "\(result.standardError)")
        #expect(result.standardError.hasSuffix("; try --poll to read it by polling\n"), "\(result.standardError)")
        #expect(try testbed.attribute("buffer/enable", of: "iio:device9") == "0")
        let recorder = try testbed.runUnderPreload(
            executable: try product("imu-record"),
            arguments: ["--tag", "still", "--sensor-rate", "25", "--output", testbed.root.path])
        #expect(recorder.status == ExitStatus.noSamplesInTime.rawValue, "\(recorder.standardError)")
        #expect(!recorder.standardError.contains("--poll"), "imu-record has no --poll: \(recorder.standardError)")
        #expect(
            recorder.standardError.hasPrefix("imu-record: the tag 'still' is not a canonical activity name (walking, running, "),
            "a tag other data will not share is named: \(recorder.standardError)")
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
            executable: try product("imu-stream"), arguments: ["--device", "lsm6dso", "--sensor-rate", "100", "--samples", "3", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(lines.count == 3)
        for line in lines {
            let t = try #require(line["timestamp"] as? Double)
            let n = ((t - 2) * 100).rounded()
            #expect(close(vector(line, "acceleration"), [-n * 0.000598205 / g, 0, -16000 * 0.000598205 / g], tolerance: 1e-9))
            #expect(close(vector(line, "rotation_rate"), [10 * n * 0.000152716, 0, 0], tolerance: 1e-9))
        }
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
            executable: try product("imu-stream"), arguments: ["--sensor-rate", "100", "--json"], timeLimit: 30)
        #expect(result.status == ExitStatus.sensorRemoved.rawValue)
        #expect(try jsonLines(result.output).count == 4)
        #expect(result.standardError.contains("sensor removed: mpu6050 (iio:device0)"), "\(result.standardError)")
    }

    @Test("--wait: waits for the first IMU, says 'sensor removed, waiting' on unplug and resumes on replug")
    func waitSurvivesUnplug() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let stream = try testbed.launchUnderPreload(
            executable: try product("imu-stream"), arguments: ["--wait", "--sensor-rate", "50", "--json"])
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
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(
            lines.allSatisfy { close(vector($0, "acceleration"), [-3 * 0.0383 / g, 5 * 0.0383 / g, -256 * 0.0383 / g], tolerance: 1e-12) })
        #expect(result.standardError.components(separatedBy: "streaming from adxl345").count == 3, "\(result.standardError)")
    }

    @Test("an unknown --device names the IMUs there are (status 5); a bad --sensor-rate is a usage error (64)")
    func wrongDevice() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "lsm6dso")
        let missing = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--device", "bmi270"])
        #expect(missing.status == ExitStatus.noSuchIMU.rawValue)
        #expect(missing.standardError.contains("no IMU matches 'bmi270'; available: lsm6dso"))
        let usage = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--sensor-rate", "-3"])
        #expect(usage.status == ExitStatus.usage.rawValue)
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
            arguments: [
                "--reuid=65534", "--regid=65534", "--clear-groups", "--", try product("imu-stream"), "--sensor-rate", "100", "--samples",
                "1",
            ])
        #expect(result.status == ExitStatus.permissionDenied.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("permission denied on /sys/bus/iio/devices/iio:device0/sampling_frequency"))
        #expect(result.standardError.contains("udev/70-imu-bridge.rules"))
    }

    @Test("permission denied on the device node itself: the fix, status 6", .enabled(if: getuid() == 0, "needs root to drop to nobody"))
    func nodePermissionDenied() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        // Every sysfs write is allowed (as the udev rule's group has it), only /dev/iio:device0 is closed.
        try testbed.makeReadableByEveryone()
        try testbed.makeAttributesWritableByEveryone(of: "iio:device0")
        try testbed.makeIoctlSocketsUsableByEveryone()
        try testbed.setNodeMode(0o000, of: "iio:device0")
        let result = try testbed.runUnderPreload(
            executable: "/usr/bin/setpriv",
            arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", "--", try product("imu-stream"), "--samples", "1"])
        #expect(result.status == ExitStatus.permissionDenied.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("permission denied on /dev/iio:device0: install udev/70-imu-bridge.rules"))
        #expect(result.standardError.contains("sudo usermod -aG imu $USER"))
    }
}

/// One fixture streamed by `imu-stream`: the scan values fed per device (the same scan 8 times, 10 ms
/// apart from 1 s), and the CoreMotion values that must come out (Fixtures/sysfs/README.md has the scales).
struct StreamCase: Sendable, CustomTestStringConvertible {
    /// How printed timestamps relate to the fed ones.
    enum Clock: Sendable {
        /// Exactly the fed timestamps (the device's clock was switched to monotonic).
        case fed
        /// The fed timestamps plus the monotonic-minus-boottime offset (cros-ec's EC FIFO).
        case boottimeConverted
        /// Polled: the reader's own monotonic time.
        case polled
    }

    let fixture: String
    let device: String
    var scans: [String: [String: Int64]] = [:]
    var excluded: Set<String> = []
    let acceleration: [Double]
    let rotationRate: [Double]?
    let clock: Clock
    /// A line `--verbose` must log (the capture mode or the clock decision).
    let log: String

    var testDescription: String { fixture }

    private static let g = 9.80665

    static let all: [StreamCase] = [
        StreamCase(
            fixture: "mpu6050", device: "mpu6050",
            scans: [
                "iio:device0": ["accel_x": 256, "accel_y": -256, "accel_z": 16384, "anglvel_x": 131, "anglvel_y": -131, "anglvel_z": 262]
            ],
            excluded: ["temp"],
            acceleration: [-256 * 0.000598 / g, 256 * 0.000598 / g, -16384 * 0.000598 / g],
            rotationRate: [131 * 0.001064724, -131 * 0.001064724, 262 * 0.001064724], clock: .fed,
            log: "mpu6050: current_timestamp_clock switched from realtime to monotonic for the stream"),
        StreamCase(
            fixture: "lsm6dso", device: "lsm6dso",
            scans: [
                "iio:device1": ["accel_x": 10, "accel_y": -20, "accel_z": 16700], "iio:device2": ["anglvel_x": 100, "anglvel_z": -100],
            ],
            acceleration: [-10 * 0.000598205 / g, 20 * 0.000598205 / g, -16700 * 0.000598205 / g],
            rotationRate: [100 * 0.000152716, 0, -100 * 0.000152716], clock: .fed,
            log: "lsm6dso_gyro: buffered capture"),
        // in_mount_matrix turns the chip 90 degrees: device x = -chip y, device y = chip x.
        StreamCase(
            fixture: "bmi160", device: "bmi160",
            scans: [
                "iio:device3": ["anglvel_x": 100, "anglvel_y": -100, "anglvel_z": 200, "accel_x": 1000, "accel_y": -1000, "accel_z": 16384]
            ],
            acceleration: [-1000 * 0.000598 / g, -1000 * 0.000598 / g, -16384 * 0.000598 / g],
            rotationRate: [100 * 0.001065, 100 * 0.001065, 200 * 0.001065], clock: .fed,
            log: "bmi160: buffered capture at 100 Hz"),
        // Garbage above the 16 used bits of each 32-bit word; the Windows sign convention is CoreMotion's.
        StreamCase(
            fixture: "hid-sensor-hub", device: "hid-sensor-hub",
            scans: [
                "iio:device4": ["accel_x": 0xDEAD_0005, "accel_y": 0xBEEF_FFFB, "accel_z": 0x0000_FF9C],
                "iio:device5": ["anglvel_x": 0x1234_03E8, "anglvel_y": 0x0000_07D0, "anglvel_z": 0xFFFF_F448],
            ],
            acceleration: [5 * 0.00980665 / g, -5 * 0.00980665 / g, -100 * 0.00980665 / g],
            rotationRate: [1000 * 0.000174533, 2000 * 0.000174533, -3000 * 0.000174533], clock: .fed,
            log: "accel_3d: current_timestamp_clock switched from realtime to monotonic for the stream"),
        StreamCase(
            fixture: "cros-ec", device: "cros-ec",
            scans: ["iio:device7": ["accel_x": 25, "accel_y": -60, "accel_z": 16390], "iio:device8": ["anglvel_x": 3, "anglvel_z": -1]],
            acceleration: [-25 * 0.000598550 / g, 60 * 0.000598550 / g, -16390 * 0.000598550 / g],
            rotationRate: [3 * 0.001065264, 0, -1 * 0.001065264], clock: .boottimeConverted,
            log: "cros-ec-gyro: scan timestamps are boottime whatever current_timestamp_clock says (driver); converting to monotonic"),
        // 12 significant bits, left-justified by 4 in the 16-bit word (the layout shifts them in).
        StreamCase(
            fixture: "lis3dh", device: "lis3dh", scans: ["iio:device9": ["accel_x": -8, "accel_y": 21, "accel_z": 1000]],
            acceleration: [8 * 0.009806 / g, -21 * 0.009806 / g, -1000 * 0.009806 / g], rotationRate: nil, clock: .fed,
            log: "lis3dh: buffered capture"),
        StreamCase(
            fixture: "adxl345", device: "adxl345",
            acceleration: [-3 * 0.0383 / g, 5 * 0.0383 / g, -256 * 0.0383 / g], rotationRate: nil, clock: .polled,
            log: "adxl345: reading by polling the *_raw attributes at 100 Hz"),
    ]
}

/// CLOCK_MONOTONIC minus CLOCK_BOOTTIME now, in seconds: minus the time this machine spent suspended.
private func monotonicMinusBoottime() -> Double {
    var monotonic = timespec()
    var boottime = timespec()
    clock_gettime(CLOCK_MONOTONIC, &monotonic)
    clock_gettime(CLOCK_BOOTTIME, &boottime)
    return Double(monotonic.tv_sec - boottime.tv_sec) + Double(monotonic.tv_nsec - boottime.tv_nsec) / 1e9
}
