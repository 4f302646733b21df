import Foundation
import IIOTestbed
import Testing

/// imu-calibrate's guide on a terminal (a pty from `script`): the directions covered, the accuracy so far and the
/// device axes still to point along the field, then the accuracy reached; nothing of it when stderr is piped.
@Suite(
    "imu-calibrate's progress on a terminal", .enabled(if: canRunCLIs, cliMessage),
    .enabled(if: PackageLocations.executableOnPath("script") != nil, "needs script (bsdutils)"))
struct CalibrationProgressTests {
    /// Writes 3000 readings of a 45 µT field sweeping the sphere from +z (device frame) to -z, plus a (20, -10, 15)
    /// µT hard iron, as a `--replay` CSV in `directory`.
    private static func sweep(in directory: URL) throws -> URL {
        let count = 3000
        let rows = (0..<count).map { n -> String in
            let z = 1 - 2 * (Double(n) + 0.5) / Double(count)
            let angle = Double.pi * (3 - 5.0.squareRoot()) * Double(n)
            let radius = (1 - z * z).squareRoot()
            return "\(Double(n) / 50),\(45 * radius * cos(angle) + 20),\(45 * radius * sin(angle) - 10),\(45 * z + 15)"
        }
        let csv = directory.appendingPathComponent("sweep.csv")
        try (["t_s,mag_x,mag_y,mag_z"] + rows).joined(separator: "\n").write(to: csv, atomically: true, encoding: .utf8)
        return csv
    }

    @Test("--replay on a terminal: accuracy and the axes to point along the field as it goes, then the accuracy reached")
    func progressOnTerminal() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imu-calibrate-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = try Self.sweep(in: directory)
        let output = directory.appendingPathComponent("cal.json").path
        let command = "'\(try product("imu-calibrate"))' --replay '\(csv.path)' -o '\(output)'"
        let terminal = try Testbed.runOutsidePreload(
            executable: "/usr/bin/script", arguments: ["-qec", command, "/dev/null"], timeLimit: 120)
        #expect(terminal.status == 0, "\(terminal.output)")
        // After 500 readings the sweep has covered the +z cap only: -z, the face opposite, is the emptiest.
        #expect(terminal.output.contains(", point -z "), "\(terminal.output)")
        #expect(terminal.output.contains(" down-north ["), "\(terminal.output)")
        // Most of the sphere by the end: high; then the result's first line.
        #expect(terminal.output.contains("\raccuracy high"), "\(terminal.output)")
        #expect(terminal.output.contains("\naccuracy high: "), "\(terminal.output)")

        let piped = try runOutsidePreload("imu-calibrate", ["--replay", csv.path, "-o", output])
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardError.isEmpty, "no progress when stderr is not a terminal: \(piped.standardError)")
        #expect(piped.standardOutput.hasPrefix("accuracy high: "), "\(piped.standardOutput)")
    }
}
