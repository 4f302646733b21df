import Foundation
import IIOTestbed
import Testing

/// Issue 12, point 2: `imu-calibrate --replay` on real BROAD readings, the file it saves (where, and in its schema),
/// `imu-motion --calibration` reading it back, and hostile calibration files refused with status 12.
@Suite("imu-calibrate and calibration files", .enabled(if: canRunCLIs, cliMessage))
struct IMUCalibrateTests {
    private static let root = PackageLocations.packageRoot
    /// The committed BROAD excerpt with magnetometer columns.
    private static let broad = root.appendingPathComponent("Fixtures/broad/29_disturbed_stationary_magnet_B-excerpt.csv").path

    /// A fresh scratch directory, removed by the caller.
    private static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imu-calibrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `tool` outside the umockdev preload with `environment` added.
    private static func run(
        _ tool: String, _ arguments: [String], environment extra: [String: String] = [:]
    ) throws -> (status: Int32, output: String, error: String) {
        let result = try runOutsidePreload(tool, arguments, environment: extra)
        return (result.status, result.standardOutput, result.standardError)
    }

    /// The BROAD excerpt's magnetometer readings, µT.
    private static func broadReadings() throws -> [[Double]] {
        let lines = try String(contentsOfFile: broad, encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let columns = try ["mag_x", "mag_y", "mag_z"].map { try #require(header.firstIndex(of: $0)) }
        return lines.dropFirst().map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            return columns.map { Double(cells[$0])! }
        }
    }

    /// The population standard deviation and the interquartile range of `values`.
    private static func spread(_ values: [Double]) -> (deviation: Double, interquartile: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let deviation = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
        let sorted = values.sorted()
        return (deviation, sorted[3 * sorted.count / 4] - sorted[sorted.count / 4])
    }

    @Test("--replay on the BROAD excerpt: a calibration whose corrected norms spread less than the raw ones, in its schema")
    func replayBROAD() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A CSV with only the columns imu-calibrate needs, made from the committed excerpt.
        let csv = directory.appendingPathComponent("broad-mag.csv")
        let readings = try Self.broadReadings()
        let rows = readings.enumerated().map { "\(Double($0) / 71.4),\($1[0]),\($1[1]),\($1[2])" }
        try (["t_s,mag_x,mag_y,mag_z"] + rows).joined(separator: "\n").write(to: csv, atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("calibration.json")
        let result = try Self.run("imu-calibrate", ["--replay", csv.path, "-o", file.path, "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.error)")
        try SchemaValidation.expectValid(result.output, schema: "calibration-result.schema.json")
        try SchemaValidation.expectValid(String(contentsOf: file, encoding: .utf8), schema: "calibration.schema.json", .json)
        let line = try #require(try jsonLines(result.output).first)
        #expect(line["path"] as? String == file.path)
        let calibration = try #require(line["calibration"] as? [String: Any])
        #expect(["low", "medium", "high"].contains(calibration["accuracy"] as? String ?? ""), "\(calibration)")
        let offset = try #require(vector(calibration, "offset"))
        let softIron = try #require(calibration["soft_iron"] as? [[Double]])
        let raw = readings.map { ($0[0] * $0[0] + $0[1] * $0[1] + $0[2] * $0[2]).squareRoot() }
        let corrected = readings.map { reading in
            let d = (0..<3).map { reading[$0] - offset[$0] }
            let c = (0..<3).map { i in (0..<3).reduce(0.0) { $0 + softIron[i][$1] * d[$1] } }
            return (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]).squareRoot()
        }
        let (before, after) = (Self.spread(raw), Self.spread(corrected))
        #expect(after.deviation < before.deviation, "\(after) vs \(before)")
        #expect(after.interquartile < before.interquartile, "\(after) vs \(before)")

        // imu-motion applies it: the field's accuracy is the calibration's.
        let motion = try Self.run(
            "imu-motion",
            [Self.broad, "--reference-frame", "x-magnetic-north-z-vertical", "--calibration", file.path, "--json"])
        #expect(motion.status == ExitStatus.success.rawValue, "\(motion.error)")
        try SchemaValidation.expectValid(motion.output, schema: "device-motion.schema.json")
        let accuracies = Set(try jsonLines(motion.output).compactMap { ($0["magnetic_field"] as? [String: Any])?["accuracy"] as? String })
        #expect(accuracies == [calibration["accuracy"] as? String ?? ""], "\(accuracies)")
    }

    @Test("Without -o the file goes to $XDG_STATE_HOME/imu-bridge/calibration/<device-key>.json")
    func defaultPath() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state")
        let result = try Self.run(
            "imu-calibrate", ["--replay", Self.broad, "--device-key", "my board/1"], environment: ["XDG_STATE_HOME": state.path])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.error)")
        let expected = state.appendingPathComponent("imu-bridge/calibration/my_board_1.json")
        #expect(FileManager.default.fileExists(atPath: expected.path), "\(result.output)")
        #expect(result.output.contains("saved to \(expected.path)"), "\(result.output)")
    }

    @Test("Too few directions: status 14 and what to do; a CSV without mag columns: status 12")
    func notEnough() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let still = directory.appendingPathComponent("still.csv")
        let rows = (0..<500).map { "\(Double($0) / 50),10.5,20.25,-40" }
        try (["t_s,mag_x,mag_y,mag_z"] + rows).joined(separator: "\n").write(to: still, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("never.json").path
        let result = try Self.run("imu-calibrate", ["--replay", still.path, "-o", output])
        #expect(result.status == ExitStatus.notEnoughData.rawValue, "\(result.error)")
        #expect(result.error.hasPrefix("imu-calibrate: the readings cover") && result.error.contains("turn the board"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let noMag = try Self.run(
            "imu-calibrate",
            [
                "--replay",
                PackageLocations.packageRoot.appendingPathComponent("Fixtures/broad/07_undisturbed_fast_rotation_B-excerpt.csv").path,
            ])
        #expect(noMag.status == ExitStatus.badInput.rawValue && noMag.error.contains("missing column(s) mag_x"), "\(noMag.error)")
    }

    @Test("Hostile calibration files (NaN, 1e308, 1e999, wrong types, a reflection, a device) are refused with status 12")
    func hostileFiles() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.json")
        let made = try Self.run("imu-calibrate", ["--replay", Self.broad, "-o", good.path])
        #expect(made.status == ExitStatus.success.rawValue, "\(made.error)")
        let text = try String(contentsOf: good, encoding: .utf8)
        let fieldNorm = try #require(text.firstMatch(of: #/"field_norm" : [-0-9.e]+/#)).output
        let offsetX = try #require(text.firstMatch(of: #/"x" : [-0-9.e]+/#)).output
        let hostile: [String: String] = [
            "nan": text.replacingOccurrences(of: fieldNorm, with: "\"field_norm\" : NaN"),
            "huge": text.replacingOccurrences(of: offsetX, with: "\"x\" : 1e308"),
            "overflow": text.replacingOccurrences(of: offsetX, with: "\"x\" : 1e999"),
            "string": text.replacingOccurrences(of: fieldNorm, with: "\"field_norm\" : \"45\""),
            "norm": text.replacingOccurrences(of: fieldNorm, with: "\"field_norm\" : 500"),
            "array": #"{"format_version": 1, "device": "d", "calibration": [1, 2, 3]}"#,
            "reflection": text.replacing(#/"soft_iron" : \[[^\]]*\]/#, with: #""soft_iron" : [[-1, 0, 0]"#),
            "version": text.replacingOccurrences(of: "\"format_version\" : 1", with: "\"format_version\" : 2"),
            "empty": "",
            "binary": "\u{0}\u{1}\u{2}",
        ]
        var paths = ["/dev/zero", directory.path, directory.appendingPathComponent("missing.json").path]
        for (name, content) in hostile {
            let path = directory.appendingPathComponent("\(name).json")
            try content.write(to: path, atomically: true, encoding: .utf8)
            paths.append(path.path)
        }
        let big = directory.appendingPathComponent("big.json")
        try Data(repeating: UInt8(ascii: " "), count: 70_000).write(to: big)
        paths.append(big.path)
        let demo = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
        let accepted = try Self.run(
            "imu-motion", [demo, "--calibration", good.path, "-o", directory.appendingPathComponent("m.csv").path])
        #expect(accepted.status == ExitStatus.success.rawValue, "\(accepted.error)")
        for path in paths {
            let result = try Self.run("imu-motion", [demo, "--calibration", path])
            #expect(result.status == ExitStatus.badInput.rawValue, "\(path): \(result.status) \(result.error)")
            let lines = result.error.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("imu-motion: "), "\(path): \(result.error)")
            #expect(result.output.isEmpty, "\(path)")
        }
    }
}
