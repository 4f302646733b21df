import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// A process that holds device nodes open the way iio-sensor-proxy holds an accelerometer's, named like it.
final class NodeHolder {
    private let process = Process()

    /// Opens every one of `nodes` (FIFOs in the testbed) read-write and sleeps, as `iio-sensor-proxy`.
    init(nodes: [URL]) throws {
        let redirects = nodes.enumerated().map { "exec \($0.offset + 3)<>\"$\($0.offset + 1)\"" }.joined(separator: "; ")
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "\(redirects); exec -a iio-sensor-proxy sleep 120", "holder"] + nodes.map(\.path)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "LD_PRELOAD")
        environment.removeValue(forKey: "UMOCKDEV_DIR")
        process.environment = environment
        // Never the test's own output: `swift test` reads it to its end, which a holder still running would delay.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The holder's process id.
    var pid: Int32 { process.processIdentifier }

    /// Waits until the holder has every node open (its fds 3...).
    func waitUntilHolding(_ count: Int) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let open = (3..<(3 + count)).allSatisfy { FileManager.default.fileExists(atPath: "/proc/\(pid)/fd/\($0)") }
            let named = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.hasPrefix("iio-sensor-proxy") ?? false
            if open && named { return true }
            usleep(10_000)
        }
        return false
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

@Suite("imu-stream: buffer-only devices, triggers and busy buffers", .enabled(if: canRunCLIs, cliMessage))
struct BufferAccessTests {
    private let g = 9.80665

    /// Eight accel_3d scans (24 bytes: x, y, z as le s16 in 32-bit words, pad, le s64 timestamp) reading (n, -100, 5).
    private func accel3DScans(device: SysfsDevice) throws -> [UInt8] {
        let layout = try #require(FixtureScanLayout(device: device))
        return (0..<8).flatMap { n in
            layout.encode(["accel_x": Int64(n), "accel_y": -100, "accel_z": 5, "timestamp": 1_000_000_000 + Int64(n) * 10_000_000])
        }
    }

    @Test("a buffer-only device with no current trigger: streamed through its own trigger (accel_3d-dev40), detached after")
    func bufferOnlyAttachesOwnTrigger() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let fixture = try SysfsFixture(named: "buffer-only-accel")
        _ = try testbed.install(fixture)
        _ = try testbed.feed(device: "iio:device40", bytes: try accel3DScans(device: try #require(fixture.device("iio:device40"))))
        // While it streams the trigger is accel_3d-dev40 (checked in interruptDetachesTrigger, which streams until stopped).
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--samples", "3", "--json", "--verbose"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(try testbed.attribute("trigger/current_trigger", of: "iio:device40") == "", "detached again on exit")
        #expect(result.standardError.contains("attached its trigger accel_3d-dev40"), "\(result.standardError)")
        #expect(result.standardError.contains("buffered capture"), "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(lines.count == 3)
        for (n, line) in lines.enumerated() {
            // HID sign is CoreMotion's: no negation; 0.00980665 m/s^2 per count.
            #expect(
                close(
                    vector(line, "acceleration"), [Double(n) * 0.00980665 / g, -100 * 0.00980665 / g, 5 * 0.00980665 / g], tolerance: 1e-12)
            )
        }
    }

    @Test("Ctrl-C while a buffer-only device streams through the trigger it attached: status 0, trigger detached")
    func interruptDetachesTrigger() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let fixture = try SysfsFixture(named: "buffer-only-accel")
        _ = try testbed.install(fixture)
        let device = try #require(fixture.device("iio:device40"))
        let layout = try #require(FixtureScanLayout(device: device))
        let scans = (0..<200).flatMap { n in
            layout.encode(["accel_x": 1, "accel_y": -100, "accel_z": 5, "timestamp": 1_000_000_000 + Int64(n) * 10_000_000])
        }
        _ = try testbed.feed(device: "iio:device40", bytes: scans)
        let stream = try testbed.launchUnderPreload(executable: try product("imu-stream"), arguments: ["--json"])
        #expect(stream.waitUntil(timeLimit: 30) { stream.outputSoFar.split(separator: "\n").count >= 3 })
        #expect(try testbed.attribute("trigger/current_trigger", of: "iio:device40") == "accel_3d-dev40")
        stream.send(SIGINT)
        let result = stream.wait()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(try testbed.attribute("trigger/current_trigger", of: "iio:device40") == "")
        #expect(try testbed.attribute("buffer/enable", of: "iio:device40") == "0")
    }

    @Test("--poll on a buffer-only device: status 15 and why, never a poll of *_raw that does not exist")
    func bufferOnlyCannotBePolled() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "buffer-only-accel")
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--poll", "--samples", "1"])
        #expect(result.status == ExitStatus.sensorBusy.rawValue, "\(result.standardError)")
        #expect(
            result.standardError
                == "imu-stream: accel_3d (iio:device40) cannot be read: it has no *_raw attributes to poll (--poll), only its kernel buffer; run without --poll.\n"
        )
        #expect(try testbed.attribute("trigger/current_trigger", of: "iio:device40") == "", "untouched")
    }

    @Test("a buffer-only device without any trigger: status 15 naming the triggers looked for, not 'sensor removed'")
    func bufferOnlyWithoutTrigger() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "buffer-only-no-trigger")
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "1"])
        #expect(result.status == ExitStatus.sensorBusy.rawValue, "\(result.standardError)")
        #expect(
            result.standardError
                == "imu-stream: accel_3d (iio:device41) cannot be read: no current trigger and no trigger of its own "
                + "(accel_3d-dev41 or accel_3d-trigger), and it has no *_raw attributes to poll.\n")
        #expect(!result.standardError.contains("removed"))
    }

    @Test("no device node (a container given /sys but not /dev/iio:*): polled *_raw with a note, not 'sensor removed'")
    func missingNodeIsPolled() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "hid-sensor-hub")
        for device in ["iio:device4", "iio:device5"] { try testbed.removeNode(of: device) }
        // --wait too: before, each buffer open failed with ENOENT, read as an unplug, and the IMU was found present
        // again at once, a loop of "sensor removed" and "streaming from" as fast as the devices could be scanned.
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"),
            arguments: ["--device", "accel_3d", "--sensor-rate", "50", "--samples", "3", "--json", "--wait"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "accel_3d (iio:device4): its device node /dev/iio:device4 does not exist although it is in /sys/bus/iio/devices; polling the *_raw attributes instead, at most 50 Hz"
            ), "\(result.standardError)")
        #expect(!result.standardError.contains("removed"), "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { close(vector($0, "acceleration"), [0.012, -1.0, -0.035], tolerance: 1e-12) }, "\(lines)")
    }

    @Test("no device node and no *_raw to poll: status 15 saying which node is missing and how to pass it in")
    func missingNodeOfBufferOnlyDevice() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "buffer-only-accel")
        try testbed.removeNode(of: "iio:device40")
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "1", "--wait"])
        #expect(result.status == ExitStatus.sensorBusy.rawValue, "\(result.standardError)")
        #expect(!result.standardError.contains("removed"), "\(result.standardError)")
        #expect(
            result.standardError.split(separator: "\n").last.map(String.init)
                == "imu-stream: accel_3d (iio:device40) cannot be read: its device node /dev/iio:device40 does not exist although "
                + "it is in /sys/bus/iio/devices, and it has no *_raw attributes to poll: pass the node into the container "
                + "(`--device /dev/iio:device40`) or mount devtmpfs on /dev.")
        #expect(try testbed.attribute("trigger/current_trigger", of: "iio:device40") == "", "untouched")
    }

    @Test(
        "a sensor that does not answer while it stays present (ENXIO, EIO from its *_raw): status 8 and why, even with --wait",
        arguments: [(ENXIO, "No such device or address"), (EIO, "Input/output error")])
    func notAnsweringIsNotRemoved(errno: Int32, meaning: String) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "hid-sensor-hub")
        // An I2C sensor with a loose wire fails its reads and stays bound. Read as an unplug, --wait found it present
        // again at once and streamed it again: a loop of "sensor removed" and "streaming from" that never ended.
        let result = try OpenFailureShim.runStream(
            in: testbed, failing: ["iio:device4/in_accel_x_raw"], errno: errno, reads: true,
            ["--device", "accel_3d", "--poll", "--wait", "--samples", "3", "--json"])
        #expect(result.status == ExitStatus.noSamplesInTime.rawValue, "\(result.standardError)")
        #expect(!result.standardError.contains("removed"), "\(result.standardError)")
        #expect(
            result.standardError.split(separator: "\n").last.map(String.init)
                == "imu-stream: accel_3d (iio:device4) does not answer: reading in_accel_x_raw failed (\(meaning)) while "
                + "it is still present, so it was not unplugged. Check its wiring and power, and `dmesg | tail` for bus errors.")
        #expect(result.output.isEmpty)
    }

    @Test("a buffer enabled and held by another process: polled *_raw with a note naming the holder; its buffer left alone")
    func heldBufferIsPolled() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "hid-sensor-hub")
        for device in ["iio:device4", "iio:device5"] { try testbed.setAttribute("buffer/enable", of: device, to: "1") }
        let holder = try NodeHolder(nodes: ["iio:device4", "iio:device5"].map { testbed.root.appendingPathComponent("dev/\($0)") })
        #expect(holder.waitUntilHolding(2))
        let result = try testbed.runUnderPreload(
            executable: try product("imu-stream"), arguments: ["--device", "accel_3d", "--sensor-rate", "50", "--samples", "3", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "accel_3d (iio:device4): its kernel buffer is in use by iio-sensor-proxy (pid \(holder.pid)) (EBUSY); polling the *_raw attributes instead, at most 50 Hz"
            ), "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(lines.count == 3)
        for line in lines {
            // in_accel_{x,y,z}_raw = 12, -1000, -35 at 0.00980665 m/s^2; HID sign.
            #expect(close(vector(line, "acceleration"), [0.012, -1.0, -0.035], tolerance: 1e-12), "\(line)")
        }
        for device in ["iio:device4", "iio:device5"] {
            #expect(try testbed.attribute("buffer/enable", of: device) == "1", "the holder's buffer was not disabled")
        }
        #expect(try testbed.attribute("in_accel_sampling_frequency", of: "iio:device4") == "10.000000", "nor its rate changed")
    }

    @Test(
        "EBUSY from the kernel (node open, or the buffer/enable write): polled where *_raw exists",
        arguments: [["/dev/iio:device4", "/dev/iio:device5"], ["iio:device4/buffer/enable", "iio:device5/buffer/enable"]])
    func busyOpenIsPolled(busyPaths: [String]) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "hid-sensor-hub")
        let result = try OpenFailureShim.runStream(in: testbed, failing: busyPaths, ["--device", "accel_3d", "--samples", "2", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(
            result.standardError.contains("accel_3d (iio:device4): its kernel buffer is in use by another reader (EBUSY); polling"),
            "\(result.standardError)")
        #expect(try jsonLines(result.output).allSatisfy { close(vector($0, "acceleration"), [0.012, -1.0, -0.035], tolerance: 1e-12) })
    }

    @Test(
        "EBUSY on a buffer-only device: status 15 with the one-line reason, and its trigger detached again",
        arguments: [["/dev/iio:device40"], ["iio:device40/buffer/enable"]])
    func busyBufferOnly(busyPaths: [String]) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "buffer-only-accel")
        let result = try OpenFailureShim.runStream(in: testbed, failing: busyPaths, ["--samples", "1"])
        #expect(result.status == ExitStatus.sensorBusy.rawValue, "\(result.standardError)")
        #expect(
            result.standardError
                == "imu-stream: the kernel buffer of accel_3d (iio:device40) is in use by another reader (EBUSY), and the device "
                + "has no *_raw attributes to poll instead: stop the other reader (iio-sensor-proxy: `sudo systemctl stop "
                + "iio-sensor-proxy`) and retry.\n")
        #expect(try testbed.attribute("trigger/current_trigger", of: "iio:device40") == "")
    }

    @Test("a buffer-only device held by another process: status 15 naming the holder")
    func heldBufferOnly() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "buffer-only-accel")
        try testbed.setAttribute("buffer/enable", of: "iio:device40", to: "1")
        try testbed.setAttribute("trigger/current_trigger", of: "iio:device40", to: "accel_3d-dev40")
        let holder = try NodeHolder(nodes: [testbed.root.appendingPathComponent("dev/iio:device40")])
        #expect(holder.waitUntilHolding(1))
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--samples", "1"])
        #expect(result.status == ExitStatus.sensorBusy.rawValue, "\(result.standardError)")
        #expect(
            result.standardError.hasPrefix(
                "imu-stream: the kernel buffer of accel_3d (iio:device40) is in use by iio-sensor-proxy (pid \(holder.pid)) (EBUSY)"),
            "\(result.standardError)")
        #expect(try testbed.attribute("trigger/current_trigger", of: "iio:device40") == "accel_3d-dev40", "the holder's trigger stays")
        #expect(try testbed.attribute("buffer/enable", of: "iio:device40") == "1")
    }
}
