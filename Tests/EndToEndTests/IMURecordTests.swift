import Foundation
import IIOTestbed
import MotionRecording
import SystemPackage
import Testing

/// `imu-record` against the polled ADXL345 fixture (iio:device10): its readings are real-time and never run out.
@Suite("imu-record on umockdev fixtures", .enabled(if: canRunCLIs, cliMessage))
struct IMURecordTests {
    private let g = 9.80665
    /// What the fixture's `*_raw` attributes read, in g and CoreMotion signs (recordings keep 8 decimals).
    private var adxl345Acceleration: [Double] { [-3 * 0.0383 / g, 5 * 0.0383 / g, -256 * 0.0383 / g] }

    /// A scratch output directory.
    private func outputDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imu-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The single recording directory `imu-record` created in `output`, once it exists.
    private func recordingDirectory(in output: URL) -> URL? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        return entries.first { $0.hasSuffix(".imurec") }.map { output.appendingPathComponent($0) }
    }

    /// Complete rows of `raw.csv` on disk so far (the header excluded).
    private func rawRowsOnDisk(in output: URL) -> Int {
        guard let directory = recordingDirectory(in: output),
              let data = FileManager.default.contents(atPath: directory.appendingPathComponent("raw.csv").path)
        else { return 0 }
        return max(0, data.filter { $0 == UInt8(ascii: "\n") }.count - 1)
    }

    @Test("--duration: a complete recording whose raw rows are the sensor's values and whose motion is at 25 Hz")
    func duration() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let output = try outputDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try testbed.runUnderPreload(
            executable: try product("imu-record"),
            arguments: ["--tag", "walking", "--subject", "alice", "--duration", "1", "--sensor-rate", "50", "--output", output.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let summary = try #require(try jsonLines(result.output).last)
        #expect(summary["tag"] as? String == "walking")
        #expect(summary["imu"] as? String == "adxl345")

        let recording = try RecordingReader.read(FilePath(try #require(recordingDirectory(in: output)).path))
        #expect(recording.isComplete)
        #expect(!recording.isTruncated)
        #expect(recording.metadata.tag == "walking")
        #expect(recording.metadata.subject == "alice")
        #expect(recording.metadata.device.name == "adxl345")
        #expect(recording.metadata.hasGyroscope == false)
        #expect(recording.raw.count == summary["rawSamples"] as? Int)
        #expect(!recording.raw.isEmpty)
        #expect(recording.raw.allSatisfy { $0.sensor == .accelerometer })
        #expect(recording.raw.allSatisfy { close([$0.value.x, $0.value.y, $0.value.z], adxl345Acceleration, tolerance: 1e-8) })
        let span = try #require(recording.raw.last?.timestamp) - recording.raw[0].timestamp
        #expect(span < 1, "samples past --duration were recorded")
        #expect(recording.motion.count == summary["motionSamples"] as? Int)
        let steps = zip(recording.motion.dropFirst(), recording.motion).map { $0.timestamp - $1.timestamp }
        #expect(steps.allSatisfy { abs($0 - 0.04) < 1e-9 }, "\(steps)")
    }

    @Test("SIGTERM finishes the recording cleanly: complete, nothing truncated")
    func terminate() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let output = try outputDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let recorder = try testbed.launchUnderPreload(
            executable: try product("imu-record"), arguments: ["--tag", "sitting", "--sensor-rate", "50", "--output", output.path])
        #expect(recorder.waitUntil(timeLimit: 30) { rawRowsOnDisk(in: output) >= 10 })
        let result = recorder.stop()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("recorded 'sitting' from adxl345"))
        let recording = try RecordingReader.read(FilePath(try #require(recordingDirectory(in: output)).path))
        #expect(recording.isComplete)
        #expect(!recording.isTruncated)
        #expect(recording.raw.count >= 10)
    }

    @Test("kill -9: the recording reads back with every row that reached the disk, marked incomplete")
    func killNine() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let output = try outputDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let recorder = try testbed.launchUnderPreload(
            executable: try product("imu-record"), arguments: ["--tag", "walking", "--sensor-rate", "50", "--output", output.path])
        #expect(recorder.waitUntil(timeLimit: 30) { rawRowsOnDisk(in: output) >= 20 })
        let rowsBeforeKill = rawRowsOnDisk(in: output)
        recorder.send(SIGKILL)
        _ = recorder.stop()
        let recording = try RecordingReader.read(FilePath(try #require(recordingDirectory(in: output)).path))
        #expect(!recording.isComplete)
        #expect(recording.raw.count >= rowsBeforeKill)
        #expect(recording.raw.allSatisfy { close([$0.value.x, $0.value.y, $0.value.z], adxl345Acceleration, tolerance: 1e-8) })
    }

    @Test("unplug and replug: 'sensor removed, waiting', both parts recorded, the gap marked")
    func unplugAndReplug() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let output = try outputDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let recorder = try testbed.launchUnderPreload(
            executable: try product("imu-record"), arguments: ["--tag", "walking", "--sensor-rate", "50", "--output", output.path])
        #expect(recorder.waitUntil(timeLimit: 30) { rawRowsOnDisk(in: output) >= 10 })
        try testbed.remove(device: "iio:device10")
        #expect(recorder.waitUntil(timeLimit: 30) { recorder.errorSoFar.contains("sensor removed, waiting: adxl345") })
        #expect(testbed.waitForUEventListeners())
        let rowsWhileRemoved = rawRowsOnDisk(in: output)
        _ = try testbed.reinstall(device: "iio:device10")
        #expect(recorder.waitUntil(timeLimit: 30) { rawRowsOnDisk(in: output) >= rowsWhileRemoved + 10 })
        let result = recorder.stop()
        #expect(result.status == 0, "\(result.standardError)")

        let recording = try RecordingReader.read(FilePath(try #require(recordingDirectory(in: output)).path))
        #expect(recording.isComplete)
        let removed = try #require(recording.events.first { $0.kind == .sensorRemoved })
        let reattached = try #require(recording.events.first { $0.kind == .sensorReattached })
        #expect(removed.detail == "adxl345")
        #expect(reattached.timestamp > removed.timestamp)
        #expect(recording.raw.contains { $0.timestamp <= removed.timestamp })
        #expect(recording.raw.contains { $0.timestamp >= reattached.timestamp })
    }

    @Test("stopped while waiting for an IMU: nothing written, status 1; a bad --tag is a usage error")
    func stoppedWhileWaiting() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let output = try outputDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let recorder = try testbed.launchUnderPreload(
            executable: try product("imu-record"), arguments: ["--tag", "walking", "--wait", "--output", output.path])
        #expect(recorder.waitUntil(timeLimit: 30) { recorder.errorSoFar.contains("waiting for an IMU") })
        let result = recorder.stop()
        #expect(result.status == 1)
        #expect(result.standardError.contains("stopped before the recording started"), "\(result.standardError)")
        #expect(recordingDirectory(in: output) == nil)
        let usage = try testbed.runUnderPreload(executable: try product("imu-record"), arguments: ["--tag", "a/b"])
        #expect(usage.status == 64)
    }
}
