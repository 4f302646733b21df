import ActivityKit
import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// `imu-classify --live` on umockdev fixtures and `--replay` of the bundled demo recording, with the bundled model.
@Suite("imu-classify", .enabled(if: canRunCLIs, cliMessage))
struct IMUClassifyTests {
    /// The bundled model's windows: the cadence the JSON lines must follow.
    private let window = try! ActivityModel.bundledDefault().window

    /// MPU-6050 scans at 100 Hz (10 ms apart), lying still face up with a small constant rotation.
    private func mpu6050Scans(_ count: Int) -> [UInt8] {
        (1...count).flatMap { n -> [UInt8] in
            [Int16(0), 0, 16384, 20, -10, 5].flatMap(be) + [0, 0, 0, 0] + le(Int64(n) * 10_000_000)
        }
    }

    private func windowLines(_ output: String) throws -> [[String: Any]] {
        try jsonLines(output).filter { $0["activity"] != nil }
    }

    /// The JSON window lines of `imu-classify --replay` of the bundled demo recording (a walk, then sitting down)
    /// with `arguments`, the run checked to succeed.
    private func demoWindowLines(_ testbed: Testbed, _ arguments: [String]) throws -> [[String: Any]] {
        let recording = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
        let run = try testbed.runUnderPreload(
            executable: try product("imu-classify"), arguments: ["--replay", recording, "--json"] + arguments)
        #expect(run.status == ExitStatus.success.rawValue, "\(run.standardError)")
        return try windowLines(run.output)
    }

    @Test("--live --json: one line per hop once a window is full, with activity, confidence and probabilities")
    func liveCadence() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        let seconds = 12
        let feeder = try testbed.feed(device: "iio:device0", bytes: mpu6050Scans(seconds * 100))
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"), arguments: ["--live", "--device", "mpu6050", "--sensor-rate", "100", "--json"])
        #expect(feeder.waitUntilWritten(timeout: 30))
        let hop = Double(window.hop) / window.sampleRate
        let expectedWindows = Int((Double(seconds) - window.duration) / hop)
        _ = classify.waitForOutput(timeLimit: 30) { $0.split(separator: "\n").count >= expectedWindows }
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let lines = try windowLines(result.output)
        #expect(lines.count >= expectedWindows, "\(result.output)\n\(result.standardError)")
        let timestamps = lines.compactMap { $0["timestamp"] as? Double }
        #expect(timestamps.count == lines.count)
        let first = try #require(timestamps.first)
        #expect(abs(first - 0.01 - window.duration) <= 2 / window.sampleRate, "first window ends at \(first) s")
        #expect(zip(timestamps.dropFirst(), timestamps).allSatisfy { abs($0 - $1 - hop) < 1e-6 }, "\(timestamps)")
        for line in lines {
            let probabilities = try #require(line["probabilities"] as? [String: Double])
            #expect(Set(probabilities.keys) == ["downstairs", "running", "sitting", "standing", "upstairs", "walking"])
            #expect(abs(probabilities.values.reduce(0, +) - 1) < 1e-9)
            let confidence = try #require(line["confidence"] as? Double)
            let activity = try #require(line["activity"] as? String)
            #expect(activity == (confidence >= 0.9 ? probabilities.max { $0.value < $1.value }?.key : "unknown"))
        }
    }

    @Test(
        "--live: the kernel wakes it once a quarter of the hop is in (buffer/watermark), 0.1...0.5 s",
        arguments: [(nil, 50), ("25", 25), ("5", 10), ("1", 10)] as [(String?, Int)])
    func liveWakeUpsFollowTheHop(hop: String?, watermark: Int) throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        // 2 s at the default hop of 50 samples (25 Hz): 0.5 s refills; 1 s: 0.25 s; 0.2 s and 0.04 s: 0.1 s.
        let feeder = try testbed.feed(device: "iio:device0", bytes: mpu6050Scans(600))
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"),
            arguments: ["--live", "--device", "mpu6050", "--sensor-rate", "100", "--json"] + (hop.map { ["--hop", $0] } ?? []))
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.contains("\"activity\"") })
        let written = try testbed.attribute("buffer/watermark", of: "iio:device0")
        #expect(feeder.waitUntilWritten(timeout: 30))
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(written == "\(watermark)", "\(result.standardError)")
    }

    @Test("--live: 'sensor removed, waiting' on unplug, windows again after replug")
    func liveUnplugAndReplug() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"), arguments: ["--live", "--sensor-rate", "50", "--json"])
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.split(separator: "\n").count >= 1 })
        try testbed.remove(device: "iio:device10")
        #expect(classify.waitUntil(timeLimit: 30) { classify.errorSoFar.contains("sensor removed, waiting: adxl345") })
        #expect(testbed.waitForUEventListeners())
        let linesWhileRemoved = classify.outputSoFar.split(separator: "\n").count
        _ = try testbed.reinstall(device: "iio:device10")
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.split(separator: "\n").count >= linesWhileRemoved + 1 })
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(try windowLines(result.output).count >= linesWhileRemoved + 1)
        #expect(result.standardError.components(separatedBy: "streaming from adxl345").count == 3, "\(result.standardError)")
    }

    @Test("--live --model: a rewritten model file and SIGHUP are picked up without dropping the stream")
    func liveModelReload() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let bundled = try #require(ActivityModel.defaultModelCandidates.first { FileManager.default.fileExists(atPath: $0.path) })
        let modelFile = FileManager.default.temporaryDirectory.appendingPathComponent("imu-classify-\(UUID().uuidString).model")
        defer { try? FileManager.default.removeItem(at: modelFile) }
        let original = try Data(contentsOf: bundled)
        try original.write(to: modelFile)
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"),
            arguments: ["--live", "--sensor-rate", "50", "--json", "--verbose", "--model", modelFile.path])
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.split(separator: "\n").count >= 1 })
        let renamed = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"walking\"", with: "\"strolling\"")
        try Data(renamed.utf8).write(to: modelFile, options: .atomic)
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.contains("\"strolling\"") })
        classify.send(SIGHUP)
        #expect(classify.waitUntil(timeLimit: 60) { classify.errorSoFar.components(separatedBy: "reloaded model").count == 3 })
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let lines = try windowLines(result.output)
        let first = try #require(lines.first?["probabilities"] as? [String: Double])
        let last = try #require(lines.last?["probabilities"] as? [String: Double])
        #expect(first["walking"] != nil && last["strolling"] != nil)
        let timestamps = lines.compactMap { $0["timestamp"] as? Double }
        let hop = Double(window.hop) / window.sampleRate
        #expect(isUnbrokenWindowStream(timestamps, hop: hop), "the stream was interrupted: \(timestamps)")
    }

    @Test("under systemd (INVOCATION_ID set) --live waits for an IMU instead of failing, and classifies once one appears")
    func liveWaitsUnderSystemd() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let classify = try testbed.launchUnderPreload(
            executable: "env", arguments: ["INVOCATION_ID=4f1c", try product("imu-classify"), "--live", "--sensor-rate", "50", "--json"])
        #expect(classify.waitUntil(timeLimit: 30) { classify.errorSoFar.contains("waiting for an IMU (first IMU)") })
        #expect(classify.isRunning)
        #expect(testbed.waitForUEventListeners())
        _ = try testbed.install(fixtureNamed: "adxl345")
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.split(separator: "\n").count >= 1 })
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let first = try #require(try windowLines(result.output).first)
        #expect(first["activity"] as? String != nil)
        #expect(result.standardError.contains("streaming from adxl345"), "\(result.standardError)")

        let refused = try testbed.runUnderPreload(
            executable: "env", arguments: ["INVOCATION_ID=4f1c", try product("imu-classify"), "--live", "--no-wait", "--device", "bmi270"])
        #expect(refused.status == ExitStatus.noSuchIMU.rawValue, "\(refused.standardError)")
    }

    @Test("--live without IIO: status 3; a missing --device: status 5; --live with --replay: usage error")
    func liveErrors() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        // Outside systemd: without INVOCATION_ID, --live does not wait.
        let none = try testbed.runUnderPreload(
            executable: "env", arguments: ["-u", "INVOCATION_ID", try product("imu-classify"), "--live"])
        #expect(none.status == ExitStatus.noIIOSubsystem.rawValue, "\(none.standardError)")
        _ = try testbed.install(fixtureNamed: "lsm6dso")
        let missing = try testbed.runUnderPreload(executable: try product("imu-classify"), arguments: ["--live", "--device", "bmi270"])
        #expect(missing.status == ExitStatus.noSuchIMU.rawValue)
        #expect(missing.standardError.contains("no IMU matches 'bmi270'"))
        let usage = try testbed.runUnderPreload(executable: try product("imu-classify"), arguments: ["--live", "--replay", "x"])
        #expect(usage.status == ExitStatus.usage.rawValue)
    }

    @Test("--replay of the bundled demo recording: walking first, sitting last")
    func replayDemo() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let recording = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
        let json = try testbed.runUnderPreload(executable: try product("imu-classify"), arguments: ["--replay", recording, "--json"])
        #expect(json.status == ExitStatus.success.rawValue, "\(json.standardError)")
        let named = try windowLines(json.output).compactMap { $0["activity"] as? String }.filter { $0 != "unknown" }
        #expect(named.first == "walking", "\(named)")
        #expect(named.last == "sitting", "\(named)")
        let text = try testbed.runUnderPreload(executable: try product("imu-classify"), arguments: ["--replay", recording])
        #expect(text.status == ExitStatus.success.rawValue)
        let changes = text.output.split(separator: "\n").compactMap {
            $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first
        }
        #expect(changes.filter { $0 != "unknown" }.first == "walking" && changes.last == "sitting", "\(text.output)")
    }

    @Test("--replay --responsive: every 0.2 s, single windows, the bundled 4 s and 2 s models averaged, no threshold")
    func replayResponsive() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let responsive = try demoWindowLines(testbed, ["--responsive"])
        let fast = ["--hop", "5", "--smoothing", "1", "--threshold", "0"]
        let models = [ActivityModel.defaultModelFileName, ActivityModel.shortWindowModelFileName].map { name in
            ActivityModel.bundledModelCandidates(named: name).first { FileManager.default.fileExists(atPath: $0.path) }!.path
        }
        let long = try demoWindowLines(testbed, fast + ["--model", models[0]])
        let short = try demoWindowLines(testbed, fast + ["--model", models[1]])
        let shortByTime = Dictionary(uniqueKeysWithValues: short.map { ($0["timestamp"] as! Double, $0) })
        // The 4 s model's cadence (a line every 0.2 s once its window is full), each line the two models' mean.
        #expect(responsive.map { $0["timestamp"] as? Double } == long.map { $0["timestamp"] as? Double })
        for (line, alone) in zip(responsive, long) {
            let mean = try #require(line["probabilities"] as? [String: Double])
            let first = try #require(alone["probabilities"] as? [String: Double])
            let second = try #require(shortByTime[alone["timestamp"] as! Double]?["probabilities"] as? [String: Double])
            for (activity, value) in mean { #expect(abs(value - (first[activity]! + second[activity]!) / 2) < 1e-12) }
            #expect(line["activity"] as? String == mean.max { $0.value < $1.value }?.key)
        }
        #expect(responsive.compactMap { $0["activity"] as? String }.last == "sitting")
    }

    @Test("--replay --responsive --threshold 0.5: the same probabilities, `unknown` where no activity has an even chance")
    func replayResponsiveAbstaining() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let naming = try demoWindowLines(testbed, ["--responsive"])
        let abstaining = try demoWindowLines(testbed, ["--responsive", "--threshold", "0.5"])
        #expect(abstaining.map { $0["timestamp"] as? Double } == naming.map { $0["timestamp"] as? Double })
        var unknown = 0
        for (line, named) in zip(abstaining, naming) {
            let probabilities = try #require(line["probabilities"] as? [String: Double])
            #expect(probabilities == named["probabilities"] as? [String: Double])
            let best = try #require(probabilities.max { $0.value < $1.value })
            #expect(named["activity"] as? String == best.key)
            #expect(line["activity"] as? String == (best.value >= 0.5 ? best.key : "unknown"))
            if best.value < 0.5 { unknown += 1 }
        }
        // The demo's walk-to-sit switch has windows where the pair is less sure than that (12 of 221).
        #expect(unknown > 0)
        #expect(abstaining.compactMap { $0["activity"] as? String }.last == "sitting")
    }

    @Test("--replay --hop 5: a prediction every 5 samples (0.2 s) from the same 4 s windows; a hop past the window is refused")
    func replayShortHop() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        let recording = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
        let standard = try windowLines(
            try testbed.runUnderPreload(executable: try product("imu-classify"), arguments: ["--replay", recording, "--json"])
                .output)
        let short = try testbed.runUnderPreload(
            executable: try product("imu-classify"), arguments: ["--replay", recording, "--json", "--hop", "5"])
        #expect(short.status == ExitStatus.success.rawValue, "\(short.standardError)")
        let lines = try windowLines(short.output)
        let times = lines.compactMap { $0["timestamp"] as? Double }
        // The first window ends at the same sample; then one every 5 samples at 25 Hz instead of every 50.
        #expect(times.first == standard.first?["timestamp"] as? Double)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 5 / window.sampleRate) < 1e-6 }, "\(times.prefix(5))")
        #expect(lines.count == (standard.count - 1) * window.hop / 5 + 1)
        #expect(lines.compactMap { $0["activity"] as? String }.filter { $0 != "unknown" }.last == "sitting")
        for hop in ["0", String(window.size + 1)] {
            let refused = try testbed.runUnderPreload(
                executable: try product("imu-classify"), arguments: ["--replay", recording, "--hop", hop])
            #expect(refused.status == ExitStatus.usage.rawValue, "--hop \(hop): \(refused.standardError)")
            #expect(refused.standardError.contains("hop"), "\(refused.standardError)")
        }
    }
}
