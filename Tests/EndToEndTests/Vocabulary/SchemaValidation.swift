import Foundation
import IIOTestbed
import Testing

/// Checks a tool's real output against its JSON Schema in `docs/schemas/`, with `Tests/Formats/validate-schema.py`
/// (Debian's python3-jsonschema, installed by `make deps`).
enum SchemaValidation {
    /// How the text holds its documents.
    enum Layout: String {
        /// One JSON object per line (`--json` output).
        case lines = "--lines"
        /// One JSON document (`recording.json`, a model file).
        case json = "--json"
        /// A CSV file, each row an object of column to text; the header must be the schema's columns.
        case csv = "--csv"
    }

    /// Records an issue when `text` does not validate against `docs/schemas/<schema>`.
    static func expectValid(
        _ text: String, schema: String, _ layout: Layout = .lines, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let failure = try failures(text, schema: schema, layout)
        #expect(failure == nil, "\(failure ?? "")", sourceLocation: sourceLocation)
    }

    /// The validator's report when `text` does not validate against `docs/schemas/<schema>`, else `nil`.
    static func failures(_ text: String, schema: String, _ layout: Layout = .lines) throws -> String? {
        let root = PackageLocations.packageRoot
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("imu-schema-\(UUID().uuidString)")
        try Data(text.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        // Debian's interpreter, where the package is installed (a pyenv or venv python3 on PATH may lack it).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            root.appendingPathComponent("Tests/Formats/validate-schema.py").path,
            root.appendingPathComponent("docs/schemas/\(schema)").path, layout.rawValue,
        ]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "LD_PRELOAD")
        process.environment = environment
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "\(schema): \(report)"
    }

    /// Validates a recording's four files: `recording.json` and the rows of its three CSV files.
    static func expectValidRecording(_ directory: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        func text(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        try expectValid(text("recording.json"), schema: "recording.schema.json", .json, sourceLocation: sourceLocation)
        let raw = try text("raw.csv")
        let rawSchema =
            raw.prefix(while: { $0 != "\n" }).contains("magnetic_field_x") ? "raw-row-magnetic.schema.json" : "raw-row.schema.json"
        try expectValid(raw, schema: rawSchema, .csv, sourceLocation: sourceLocation)
        let motion = try text("motion.csv")
        if motion.contains("\n") && motion.split(separator: "\n").count > 1 {
            try expectValid(motion, schema: "motion-row.schema.json", .csv, sourceLocation: sourceLocation)
        }
        let events = try text("events.csv")
        if events.split(separator: "\n").count > 1 {
            try expectValid(events, schema: "events-row.schema.json", .csv, sourceLocation: sourceLocation)
        }
    }
}
