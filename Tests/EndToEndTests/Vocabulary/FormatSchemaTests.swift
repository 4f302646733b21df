import Foundation
import IIOTestbed
import Testing

/// Every file and `--json` line of the tools that needs no sensor, validated against docs/schemas/ (imu-list,
/// imu-stream and imu-record are validated in their own suites, on umockdev fixtures).
///
/// The tools run for seconds each, so each test runs them on a dispatch queue (``checked(_:)``), leaving the test
/// runner's few cooperative threads to the suites that wait on timers, and asserts on what they reported.
@Suite("Formats match docs/schemas", .enabled(if: canRunCLIs, cliMessage))
struct FormatSchemaTests {
    private static let root = PackageLocations.packageRoot
    private static let versionOne = root.appendingPathComponent("Fixtures/recordings/format-v1.imurec").path

    /// What went wrong while running tools and validating their output.
    private final class Failures: @unchecked Sendable {
        var messages: [String] = []

        /// Runs `tool`; a failure to run is noted and its output returned all the same.
        func run(_ tool: String, _ arguments: [String]) throws -> String {
            let result = try Testbed.runOutsidePreload(executable: try product(tool), arguments: arguments, timeLimit: 300)
            if result.status != ExitStatus.success.rawValue {
                messages.append("\(tool) \(arguments) exited \(result.status): \(result.standardError)")
            }
            return result.output
        }

        /// Validates `text` against `schema`, noting the report of a failure.
        func validate(_ text: String, _ schema: String, _ layout: SchemaValidation.Layout = .lines) throws {
            if let failure = try SchemaValidation.failures(text, schema: schema, layout) { messages.append(failure) }
        }

        /// Validates a recording's four files.
        func validateRecording(_ directory: URL) throws {
            func text(_ name: String) throws -> String { try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) }
            try validate(text("recording.json"), "recording.schema.json", .json)
            try validate(text("raw.csv"), "raw-row.schema.json", .csv)
            try validate(text("motion.csv"), "motion-row.schema.json", .csv)
        }
    }

    /// Runs `work` on a dispatch queue and expects it to have noted no failure.
    private func checked(_ work: @escaping @Sendable (Failures) throws -> Void) async throws {
        let failures = Failures()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async { continuation.resume(with: Result { try work(failures) }) }
        }
        #expect(failures.messages.isEmpty, "\(failures.messages.joined(separator: "\n"))")
    }

    @Test("imu-motion: JSON lines, the CSV in motion.csv's columns, the benchmark line; with a magnetic reference frame")
    func motion() async throws {
        try await checked { check in
            try check.validate(check.run("imu-motion", [Self.versionOne, "--json"]), "device-motion.schema.json")
            try check.validate(check.run("imu-motion", [Self.versionOne]), "motion-row.schema.json", .csv)
            try check.validate(check.run("imu-motion", [Self.versionOne, "--benchmark", "--json"]), "benchmark.schema.json")
            let magnet = Self.root.appendingPathComponent("Fixtures/broad/29_disturbed_stationary_magnet_B-excerpt.csv").path
            for frame in ["x-magnetic-north-z-vertical", "x-arbitrary-corrected-z-vertical"] {
                let arguments = [magnet, "--reference-frame", frame]
                try check.validate(check.run("imu-motion", arguments + ["--json"]), "device-motion.schema.json")
                try check.validate(check.run("imu-motion", arguments), "motion-row-magnetic.schema.json", .csv)
            }
            try check.validate(check.run("imu-motion", [magnet]), "motion-row.schema.json", .csv)
        }
    }

    @Test("imu-history --json on the history of a replay")
    func history() async throws {
        try await checked { check in
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("imu-history-schema-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let database = scratch.appendingPathComponent("history.sqlite").path
            let demo = Self.root.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
            _ = try check.run("imu-classify", ["--replay", demo, "--history", database, "--quiet"])
            // The replay is dated from the moment it started: its local day, or the next one across midnight.
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = .current
            formatter.dateFormat = "yyyy-MM-dd"
            let now = Date()
            var found = false
            for date in [now.addingTimeInterval(-120), now.addingTimeInterval(86_400 - 120)] {
                let day = try check.run("imu-history", ["--history", database, "--day", formatter.string(from: date), "--json"])
                try check.validate(day, "history.schema.json")
                found = found || day.contains("\"kind\"")
            }
            if !found { check.messages.append("imu-history --day found none of the replay's activities") }
        }
    }

    @Test("imu-calibrate --json on the BROAD excerpt, and the calibration file it saves")
    func calibrate() async throws {
        try await checked { check in
            let magnet = Self.root.appendingPathComponent("Fixtures/broad/29_disturbed_stationary_magnet_B-excerpt.csv").path
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("imu-calibration-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: file) }
            try check.validate(
                check.run("imu-calibrate", ["--replay", magnet, "-o", file.path, "--json"]), "calibration-result.schema.json")
            try check.validate(String(contentsOf: file, encoding: .utf8), "calibration.schema.json", .json)
        }
    }

    @Test("imu-classify --replay --json on a version 1 recording; the bundled model file; a version 1 recording.json")
    func classify() async throws {
        try await checked { check in
            let predictions = try check.run("imu-classify", ["--replay", Self.versionOne, "--json"])
            if predictions.split(separator: "\n").count < 3 { check.messages.append("too few predictions: \(predictions)") }
            try check.validate(predictions, "prediction.schema.json")
            let model = Self.root.appendingPathComponent("Sources/ActivityKit/Resources/motionsense.model")
            try check.validate(String(contentsOf: model, encoding: .utf8), "model.schema.json", .json)
            try check.validate(String(contentsOfFile: Self.versionOne + "/recording.json", encoding: .utf8), "recording.schema.json", .json)
        }
    }

    @Test("imu-import --json, the recordings it writes (format 2), imu-train --json, the model, imu-eval --json")
    func importTrainEvaluate() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("imu-schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try await checked { check in
            let excerpts = Self.root.appendingPathComponent("Fixtures/motionsense").path
            try check.validate(check.run("imu-import", ["motionsense", excerpts, "--output", output.path, "--json"]), "import.schema.json")
            let recordings = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".imurec") }.sorted()
            if recordings.count != 4 { check.messages.append("imported \(recordings)") }
            for recording in recordings { try check.validateRecording(output.appendingPathComponent(recording)) }

            let paths = recordings.map { output.appendingPathComponent($0).path }
            let model = output.appendingPathComponent("small.model").path
            let window = ["--window", "20", "--hop", "10", "--rounds", "5"]
            try check.validate(check.run("imu-train", paths + window + ["-o", model, "--json"]), "trained-model.schema.json")
            try check.validate(String(contentsOfFile: model, encoding: .utf8), "model.schema.json", .json)
            try check.validate(check.run("imu-eval", ["--model", model] + paths + ["--json"]), "evaluation.schema.json")
            let picture = output.appendingPathComponent("sessions.svg").path
            try check.validate(check.run("imu-plot", paths + ["-o", picture, "--json"]), "picture.schema.json")
        }
    }
}
