import ActivityKit
import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// `imu-classify --live` model reloads that must be refused or have nothing to do, on the polled ADXL345 fixture.
@Suite("imu-classify model reload", .enabled(if: canRunCLIs, cliMessage))
struct IMUClassifyReloadTests {
    @Test("--model rewritten with another sample rate: refused with a warning naming the file and both windows; the stream goes on")
    func reloadWithOtherWindowsIsRefused() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let bundled = try #require(ActivityModel.defaultModelCandidates.first { FileManager.default.fileExists(atPath: $0.path) })
        let running = try ActivityModel.load(contentsOf: bundled).window
        let modelFile = FileManager.default.temporaryDirectory.appendingPathComponent("imu-classify-\(UUID().uuidString).model")
        defer { try? FileManager.default.removeItem(at: modelFile) }
        let original = String(decoding: try Data(contentsOf: bundled), as: UTF8.self)
        try Data(original.utf8).write(to: modelFile)
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"), arguments: ["--live", "--sensor-rate", "50", "--json", "--model", modelFile.path])
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.split(separator: "\n").count >= 1 })

        let runningWindow = #""window":{"hop":\#(running.hop),"sampleRate":\#(Int(running.sampleRate)),"size":\#(running.size)}"#
        #expect(original.contains(runningWindow))
        let fiftyHertz = original.replacingOccurrences(
            of: runningWindow, with: #""window":{"hop":\#(running.hop),"sampleRate":50,"size":\#(running.size)}"#
        )
        .replacingOccurrences(of: "\"walking\"", with: "\"strolling\"")
        try Data(fiftyHertz.utf8).write(to: modelFile, options: .atomic)
        let warning =
            "kept the previous model, did not reload \(modelFile.path): the model expects windows of \(running.size) samples "
            + "(hop \(running.hop)) at 50 Hz but the running stream is cut into \(running.summary)"
        #expect(classify.waitUntil(timeLimit: 60) { classify.errorSoFar.contains(warning) }, "\(classify.errorSoFar)")
        let linesAtWarning = classify.outputSoFar.split(separator: "\n").count
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.split(separator: "\n").count >= linesAtWarning + 2 })
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let lines = try jsonLines(result.output)
        #expect(lines.allSatisfy { ($0["probabilities"] as? [String: Double])?["walking"] != nil }, "the refused model was used")
        let timestamps = lines.compactMap { $0["timestamp"] as? Double }
        let hop = Double(running.hop) / running.sampleRate
        #expect(isUnbrokenWindowStream(timestamps, hop: hop), "the stream was interrupted: \(timestamps)")
    }

    @Test("two --model files: a change to either reloads both; a pair that no longer goes together is refused, then taken once it does")
    func averagedModelsReloadTogether() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let bundled = try #require(ActivityModel.defaultModelCandidates.first { FileManager.default.fileExists(atPath: $0.path) })
        let original = String(decoding: try Data(contentsOf: bundled), as: UTF8.self)
        let renamed = original.replacingOccurrences(of: "\"walking\"", with: "\"strolling\"")
        let files = ["a", "b"].map {
            FileManager.default.temporaryDirectory.appendingPathComponent("imu-classify-\($0)-\(UUID().uuidString).model")
        }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        for file in files { try Data(original.utf8).write(to: file) }
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"),
            arguments: ["--live", "--sensor-rate", "50", "--json", "--verbose", "--model", files[0].path, "--model", files[1].path])
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.split(separator: "\n").count >= 1 })

        try Data(renamed.utf8).write(to: files[1], options: .atomic)
        let refusal =
            "kept the previous model, did not reload \(files[0].path), \(files[1].path): the models cannot be averaged: they "
            + "must name the same activities in the same order"
        #expect(classify.waitUntil(timeLimit: 60) { classify.errorSoFar.contains(refusal) }, "\(classify.errorSoFar)")
        try Data(renamed.utf8).write(to: files[0], options: .atomic)
        #expect(
            classify.waitUntil(timeLimit: 60) { classify.outputSoFar.contains("\"strolling\"") }, "\(classify.errorSoFar)")
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains("reloaded model \(files[0].path)"), "\(result.standardError)")
        let lines = try jsonLines(result.output)
        let firstRenamed = try #require(lines.firstIndex { ($0["probabilities"] as? [String: Double])?["strolling"] != nil })
        // Every window before the pair was taken is scored by the original pair, every one after by the renamed pair.
        #expect(lines[..<firstRenamed].allSatisfy { ($0["probabilities"] as? [String: Double])?["walking"] != nil })
        #expect(lines[firstRenamed...].allSatisfy { ($0["probabilities"] as? [String: Double])?["strolling"] != nil })
    }

    @Test("SIGHUP with the bundled model says there is nothing to reload and keeps classifying")
    func hangupWithTheBundledModel() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let classify = try testbed.launchUnderPreload(
            executable: try product("imu-classify"), arguments: ["--live", "--sensor-rate", "50", "--json"])
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.split(separator: "\n").count >= 1 })
        classify.send(SIGHUP)
        #expect(
            classify.waitUntil(timeLimit: 30) { classify.errorSoFar.contains("SIGHUP: nothing to reload, the bundled model is in use") })
        let linesAtHangup = classify.outputSoFar.split(separator: "\n").count
        #expect(classify.waitUntil(timeLimit: 60) { classify.outputSoFar.split(separator: "\n").count >= linesAtHangup + 1 })
        let result = classify.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
    }
}
