import Foundation
import IIOTestbed
import Testing

/// Every file and `--json` line of the tools that needs no sensor, validated against docs/schemas/ (imu-list,
/// imu-stream and imu-record are validated in their own suites, on umockdev fixtures).
@Suite("Formats match docs/schemas", .enabled(if: canRunCLIs, cliMessage))
struct FormatSchemaTests {
    private let root = PackageLocations.packageRoot
    private var versionOne: String { root.appendingPathComponent("Fixtures/recordings/format-v1.imurec").path }

    private func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        let result = try Testbed.runOutsidePreload(executable: try product(tool), arguments: arguments, timeLimit: 300)
        #expect(result.status == 0, "\(tool) \(arguments): \(result.standardError)")
        return result
    }

    @Test("imu-motion: JSON lines, the CSV in motion.csv's columns, the benchmark line")
    func motion() throws {
        try SchemaValidation.expectValid(run("imu-motion", [versionOne, "--json"]).output, schema: "device-motion.schema.json")
        try SchemaValidation.expectValid(run("imu-motion", [versionOne]).output, schema: "motion-row.schema.json", .csv)
        try SchemaValidation.expectValid(run("imu-motion", [versionOne, "--benchmark", "--json"]).output, schema: "benchmark.schema.json")
    }

    @Test("imu-classify --replay --json on a version 1 recording; the bundled model file")
    func classify() throws {
        let result = try run("imu-classify", ["--replay", versionOne, "--json"])
        #expect(result.output.split(separator: "\n").count >= 3)
        try SchemaValidation.expectValid(result.output, schema: "prediction.schema.json")
        let model = try String(
            contentsOf: root.appendingPathComponent("Sources/ActivityKit/Resources/motionsense.model"), encoding: .utf8)
        try SchemaValidation.expectValid(model, schema: "model.schema.json", .json)
        try SchemaValidation.expectValid(
            String(contentsOfFile: versionOne + "/recording.json", encoding: .utf8), schema: "recording.schema.json", .json)
    }

    @Test("imu-import --json, the recordings it writes (format 2), imu-train --json, the model, imu-eval --json")
    func importTrainEvaluate() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("imu-schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let imported = try run(
            "imu-import", ["motionsense", root.appendingPathComponent("Fixtures/motionsense").path, "--output", output.path, "--json"])
        try SchemaValidation.expectValid(imported.output, schema: "import.schema.json")
        let recordings = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".imurec") }.sorted()
        #expect(recordings.count == 4)
        for recording in recordings { try SchemaValidation.expectValidRecording(output.appendingPathComponent(recording)) }

        let paths = recordings.map { output.appendingPathComponent($0).path }
        let model = output.appendingPathComponent("small.model").path
        let window = ["--window", "20", "--hop", "10", "--rounds", "5"]
        try SchemaValidation.expectValid(
            run("imu-train", paths + window + ["-o", model, "--json"]).output, schema: "trained-model.schema.json")
        try SchemaValidation.expectValid(String(contentsOfFile: model, encoding: .utf8), schema: "model.schema.json", .json)
        try SchemaValidation.expectValid(run("imu-eval", [model] + paths + ["--json"]).output, schema: "evaluation.schema.json")
    }
}
