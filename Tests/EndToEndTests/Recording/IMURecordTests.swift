import CommandLineSupport
import Foundation
import IIOTestbed
import MotionSamples
import Testing

/// `imu-record` against the polled ADXL345 fixture (iio:device10).
@Suite("imu-record on umockdev fixtures", .enabled(if: canRunCLIs, cliMessage))
struct IMURecordTests {
    private let g = 9.80665
    /// What the fixture's `*_raw` attributes read, in g and CoreMotion signs (recordings keep 8 decimals).
    private var adxl345Acceleration: [Double] { [-3 * 0.0383 / g, 5 * 0.0383 / g, -256 * 0.0383 / g] }

    @Test("--duration: a complete recording whose raw rows are the sensor's values and whose motion is at 25 Hz")
    func duration() throws {
        let setup = try RecorderSetup()
        let result = try setup.launch(tag: "walking", ["--subject", "alice", "--duration", "1", "--json"]).wait()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.output, schema: "recording-summary.schema.json")
        let summary = try #require(try jsonLines(result.output).last)
        #expect(summary["tag"] as? String == "walking")
        #expect(summary["imu"] as? String == "adxl345")

        try SchemaValidation.expectValidRecording(try #require(setup.recordingDirectory))
        let recording = try setup.readRecording()
        #expect(recording.isComplete)
        #expect(!recording.isTruncated)
        #expect(recording.metadata.tag == "walking")
        #expect(recording.metadata.subject == "alice")
        #expect(recording.metadata.device.name == "adxl345")
        #expect(recording.metadata.hasGyroscope == false)
        #expect(recording.raw.count == summary["raw_samples"] as? Int)
        #expect(!recording.raw.isEmpty)
        #expect(recording.raw.allSatisfy { $0.sensor == .accelerometer })
        #expect(recording.raw.allSatisfy { close([$0.value.x, $0.value.y, $0.value.z], adxl345Acceleration, tolerance: 1e-8) })
        let span = try #require(recording.raw.last?.timestamp) - recording.raw[0].timestamp
        // raw.csv keeps timestamps to the microsecond, so a span just short of 1 s can read back as 1.000000.
        #expect(span < 1 + 0.5e-6, "samples past --duration were recorded")
        #expect(recording.motion.count == summary["motion_samples"] as? Int)
        let steps = zip(recording.motion.dropFirst(), recording.motion).map { $0.timestamp - $1.timestamp }
        #expect(steps.allSatisfy { abs($0 - 0.04) < 1e-9 }, "\(steps)")
    }

    @Test("--countdown: announced, a bell when recording starts 2 s later and one when it ends, nothing from before")
    func countdown() throws {
        let setup = try RecorderSetup()
        let result = try setup.launch(tag: "walking", ["--countdown", "--duration", "1", "--json"]).wait()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("recording 'walking' starts in 2 s"), "\(result.standardError)")
        #expect(result.standardError.filter { $0 == "\u{7}" }.count == 2)
        let recording = try setup.readRecording()
        #expect(recording.isComplete)
        let first = try #require(recording.raw.first?.timestamp)
        let span = try #require(recording.raw.last?.timestamp) - first
        // raw.csv keeps timestamps to the microsecond, so a span just short of 1 s can read back as 1.000000.
        #expect(span < 1 + 0.5e-6, "samples past --duration were recorded")
        let created = try #require(recording.metadata.wallClockStart?.monotonic)
        #expect(first >= created + 2 - 0.01, "samples from the countdown were recorded")
    }

    @Test("SIGTERM finishes the recording cleanly: complete, nothing truncated")
    func terminate() throws {
        let setup = try RecorderSetup()
        let recorder = try setup.launch(tag: "sitting")
        #expect(recorder.waitUntil(timeLimit: 30) { setup.rawRowsOnDisk >= 10 })
        let result = recorder.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(result.output.contains("recorded 'sitting' from adxl345"))
        let recording = try setup.readRecording()
        #expect(recording.isComplete)
        #expect(!recording.isTruncated)
        #expect(recording.raw.count >= 10)
    }

    @Test("kill -9: the recording reads back with every row that reached the disk, marked incomplete")
    func killNine() throws {
        let setup = try RecorderSetup()
        let recorder = try setup.launch(tag: "walking")
        #expect(recorder.waitUntil(timeLimit: 30) { setup.rawRowsOnDisk >= 20 })
        let rowsBeforeKill = setup.rawRowsOnDisk
        recorder.send(SIGKILL)
        _ = recorder.stop()
        let recording = try setup.readRecording()
        #expect(!recording.isComplete)
        #expect(recording.raw.count >= rowsBeforeKill)
        #expect(recording.raw.allSatisfy { close([$0.value.x, $0.value.y, $0.value.z], adxl345Acceleration, tolerance: 1e-8) })
    }

    @Test(
        "a full disk: exit 11 with one line, and the recording reads back with what reached the disk, marked incomplete",
        .enabled(if: SmallDisk.isAvailable, "mounting a small tmpfs needs root and CAP_SYS_ADMIN"))
    func fullDisk() throws {
        let setup = try RecorderSetup()
        let disk = try SmallDisk(at: setup.output.path, kilobytes: 48)
        defer { withExtendedLifetime(disk) {} }
        let result = try setup.launch(tag: "walking", ["--duration", "600"]).wait()
        #expect(result.status == ExitStatus.outputNotWritten.rawValue, "\(result.standardError)")
        let failure = result.standardError.split(separator: "\n").filter { $0.hasPrefix("imu-record: ") }
        #expect(failure.count == 1, "\(result.standardError)")
        #expect(
            failure.first?.contains(
                "No space left on device; check free space and that the disk is still mounted; the readings that reached "
                    + "the disk stay in the recording, marked incomplete") == true, "\(result.standardError)")
        let recording = try setup.readRecording()
        #expect(!recording.isComplete)
        #expect(recording.raw.count >= 50)
        #expect(recording.raw.allSatisfy { close([$0.value.x, $0.value.y, $0.value.z], adxl345Acceleration, tolerance: 1e-8) })
    }

    @Test("unplug and replug: 'sensor removed, waiting', both parts recorded, the gap marked")
    func unplugAndReplug() throws {
        let setup = try RecorderSetup()
        let recorder = try setup.launch(tag: "walking")
        #expect(recorder.waitUntil(timeLimit: 30) { setup.rawRowsOnDisk >= 10 })
        try setup.testbed.remove(device: "iio:device10")
        #expect(recorder.waitUntil(timeLimit: 30) { recorder.errorSoFar.contains("sensor removed, waiting: adxl345") })
        #expect(setup.testbed.waitForUEventListeners())
        let rowsWhileRemoved = setup.rawRowsOnDisk
        _ = try setup.testbed.reinstall(device: "iio:device10")
        #expect(recorder.waitUntil(timeLimit: 30) { setup.rawRowsOnDisk >= rowsWhileRemoved + 10 })
        let result = recorder.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")

        let recording = try setup.readRecording()
        #expect(recording.isComplete)
        let removed = try #require(recording.events.first { $0.kind == .sensorRemoved })
        let reattached = try #require(recording.events.first { $0.kind == .sensorReattached })
        #expect(removed.detail == "adxl345")
        #expect(reattached.timestamp > removed.timestamp)
        // The removal is stamped with the last reading before it, the return's duration is the time between the two.
        #expect(removed.timestamp == recording.raw.last { $0.timestamp <= removed.timestamp }?.timestamp)
        #expect(abs(try #require(reattached.duration) - (reattached.timestamp - removed.timestamp)) < 2e-6)
        #expect(recording.events.map(\.kind) == [.sensorRemoved, .sensorReattached], "the gap across the removal is marked once")
        #expect(recording.raw.contains { $0.timestamp <= removed.timestamp })
        #expect(recording.raw.contains { $0.timestamp >= reattached.timestamp })
    }

    @Test("--wait --any: the ADXL345 unplugged, a LIS3DH plugged in takes over, and the event names it and its matrix")
    func anotherIMUTakesOver() throws {
        let setup = try RecorderSetup()
        let recorder = try setup.launch(tag: "walking", ["--wait", "--any"])
        #expect(recorder.waitUntil(timeLimit: 30) { setup.rawRowsOnDisk >= 10 })
        try setup.testbed.remove(device: "iio:device10")
        #expect(recorder.waitUntil(timeLimit: 30) { recorder.errorSoFar.contains("sensor removed, waiting: adxl345") })
        #expect(setup.testbed.waitForUEventListeners())
        let rowsWhileRemoved = setup.rawRowsOnDisk
        _ = try setup.testbed.install(fixtureNamed: "lis3dh")
        // 1 g on z: the word is 1000 << 4, the LIS3DH's scale 0.009806 m/s^2 per count. Its scans are stamped on the
        // monotonic clock after the ADXL345's polled readings, as a kernel would stamp them, from a second on (so the
        // readings of the two sensors are more than a gap apart, whatever the machine's speed).
        let start = Int64((MonotonicClock.now + 1) * 1e9)
        let scans = (1...20).flatMap { n -> [UInt8] in
            [Int16(0), 0, 1000 << 4].flatMap(le) + [0, 0] + le(start + Int64(n) * 20_000_000)
        }
        let feeder = try setup.testbed.feed(device: "iio:device9", bytes: scans)
        #expect(feeder.waitUntilWritten())
        #expect(recorder.waitUntil(timeLimit: 30) { setup.rawRowsOnDisk >= rowsWhileRemoved + 20 })
        let result = recorder.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")

        let recording = try setup.readRecording()
        #expect(recording.isComplete)
        // The removal and the takeover, in time order; the resampler's gap between the two sensors' readings is theirs.
        #expect(recording.events.map(\.kind) == [.sensorRemoved, .sensorReattached])
        let removed = try #require(recording.events.first { $0.kind == .sensorRemoved })
        let reattached = try #require(recording.events.first { $0.kind == .sensorReattached })
        #expect(abs(try #require(reattached.duration) - (reattached.timestamp - removed.timestamp)) < 2e-6)
        #expect(
            reattached.detail
                == "lis3dh (lis3dh iio:device9) replaces adxl345; no gyroscope; mount matrix 1.0 0.0 0.0; 0.0 1.0 0.0; 0.0 0.0 1.0")
        let lis3dhAcceleration = [0, 0, -1000 * 0.009806 / g]
        let before = recording.raw.prefix(rowsWhileRemoved)
        let after = recording.raw.dropFirst(rowsWhileRemoved)
        #expect(before.allSatisfy { close([$0.value.x, $0.value.y, $0.value.z], adxl345Acceleration, tolerance: 1e-8) })
        #expect(after.count == 20)
        #expect(after.allSatisfy { close([$0.value.x, $0.value.y, $0.value.z], lis3dhAcceleration, tolerance: 1e-8) })
    }

    @Test("a split IMU's gyroscope removed alone: the accelerometer is recorded on, and device motion goes on from it")
    func gyroscopeRemovedAlone() throws {
        let setup = try RecorderSetup(fixture: "lsm6dso")
        // 1 g on z (16000 counts at the fixture's scale): the accelerometer streams at a sensor's pace, stamped when
        // written (those it writes while the gyroscope is away are read at the return); the gyroscope has 50 scans, then
        // is removed.
        let scan: @Sendable (Int, Int64) -> [UInt8] = { _, timestamp in [Int16(0), 0, 16000].flatMap(le) + [0, 0] + le(timestamp) }
        let start = Int64(MonotonicClock.now * 1e9)
        let recorder = try setup.launch(tag: "walking", ["--device", "lsm6dso", "--sensor-rate", "100"])
        let accelerometer = try setup.testbed.feedPaced(device: "iio:device1", scanSize: 16, interval: 0.01, scan: scan)
        defer { accelerometer.stop() }
        let gyroscope = try setup.testbed.feed(
            device: "iio:device2", bytes: (1...50).flatMap { scan($0, start + Int64($0) * 10_000_000) })
        #expect(recorder.waitUntil(timeLimit: 30) { gyroscope.waitUntilWritten(timeout: 0) && setup.rawRowsOnDisk >= 40 })
        gyroscope.close()
        try setup.testbed.remove(device: "iio:device2")
        #expect(recorder.waitUntil(timeLimit: 30) { recorder.errorSoFar.contains("sensor removed, waiting: lsm6dso") })
        let rowsAtRemoval = setup.rawRowsOnDisk
        #expect(recorder.waitUntil(timeLimit: 30) { setup.rawRowsOnDisk >= rowsAtRemoval + 500 })
        let result = recorder.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")

        let recording = try setup.readRecording()
        #expect(recording.isComplete)
        #expect(recording.events.map(\.kind) == [.sensorRemoved, .sensorReattached])
        let reattached = try #require(recording.events.last)
        #expect(reattached.detail.hasPrefix("lsm6dso_accel (lsm6dso_accel iio:device1) replaces lsm6dso; no gyroscope"))
        let after = recording.raw.filter { $0.timestamp > reattached.timestamp }
        #expect(after.count >= 100 && after.allSatisfy { $0.sensor == .accelerometer })
        let motionAfter = recording.motion.filter { $0.timestamp > reattached.timestamp }
        #expect(motionAfter.count >= 20, "device motion stalled without the gyroscope: \(motionAfter.count) rows")
        #expect(motionAfter.allSatisfy { $0.rotationRate == Vector3(x: 0, y: 0, z: 0) })
    }

    @Test("stopped while waiting for an IMU: one line, nothing written, status 0 (as any Ctrl-C); a bad --tag is a usage error")
    func stoppedWhileWaiting() throws {
        let setup = try RecorderSetup(fixture: nil)
        let recorder = try setup.launch(tag: "walking", ["--wait"])
        #expect(recorder.waitUntil(timeLimit: 30) { recorder.errorSoFar.contains("waiting for an IMU") })
        recorder.send(SIGINT)  // Ctrl-C, once the tool has said it is waiting: no timing involved
        let result = recorder.wait()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "imu-record: stopped before the recording started (Ctrl-C or SIGTERM while waiting for an IMU): nothing was written\n"),
            "\(result.standardError)")
        #expect(setup.recordingDirectory == nil)
        let usage = try setup.testbed.runUnderPreload(executable: try product("imu-record"), arguments: ["--tag", "a/b"])
        #expect(usage.status == ExitStatus.usage.rawValue)
    }
}
