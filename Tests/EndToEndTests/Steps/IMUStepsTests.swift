import Foundation
import IIOTestbed
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 13, point 1 and 2: `imu-import oxford-steps` and `imu-steps` on the committed Oxford Step Counter excerpt
/// (real walks, ground truth from a separate counting device), the stride calibration, hostile flags and files, and
/// `--live` on a umockdev MPU-6050 that walks.
@Suite("imu-steps and imu-import oxford-steps", .enabled(if: canRunCLIs, cliMessage))
struct IMUStepsTests {
    private static let excerpt = PackageLocations.packageRoot.appendingPathComponent("Fixtures/oxford-steps").path

    /// The excerpt imported into a fresh folder; returns the folder and the recordings in it.
    private static func imported() throws -> (folder: URL, recordings: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imu-steps-\(UUID().uuidString)")
        let result = try runOutsidePreload("imu-import", ["oxford-steps", excerpt, "-o", folder.path, "--json", "-q"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.standardOutput, schema: "import.schema.json")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return (folder, names.map { folder.appendingPathComponent($0).path })
    }

    @Test("imports the excerpt's walks with counted_steps, and counts each within 3 % of it (JSON and table)")
    func accuracy() throws {
        let (folder, recordings) = try Self.imported()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(recordings.count == 3)
        for recording in recordings {
            let metadata = try String(contentsOfFile: recording + "/recording.json", encoding: .utf8)
            try SchemaValidation.expectValid(metadata, schema: "recording.schema.json", .json)
        }
        let result = try runOutsidePreload("imu-steps", recordings + ["--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.standardOutput, schema: "steps.schema.json")
        let lines = try jsonLines(result.standardOutput)
        #expect(lines.count == 3)
        for line in lines {
            let steps = try #require(line["number_of_steps"] as? Int)
            let counted = try #require(line["counted_steps"] as? Int)
            #expect(abs(Double(steps - counted)) <= 0.03 * Double(counted), "\(line)")
            let distance = try #require(line["distance"] as? Double)
            // About 0.7 m a step for the default 1.70 m.
            #expect(distance > 0.5 * Double(steps) && distance < 0.9 * Double(steps), "\(line)")
            let cadence = try #require(line["current_cadence"] as? Double)
            #expect(cadence > 1 && cadence < 3, "\(line)")
            #expect(line["floors_ascended"] == nil)
        }
        let table = try runOutsidePreload("imu-steps", recordings)
        #expect(table.status == ExitStatus.success.rawValue)
        let rows = table.standardOutput.split(separator: "\n")
        #expect(rows.first?.hasPrefix("recording  steps  counted  error_%") == true)
        #expect(rows.count == 4)
    }

    @Test("--calibrate-distance writes a stride calibration that makes the walk that long; --stride-length fixes a step")
    func calibration() throws {
        let (folder, recordings) = try Self.imported()
        defer { try? FileManager.default.removeItem(at: folder) }
        let walk = try #require(recordings.first)
        let file = folder.appendingPathComponent("stride.json").path
        let made = try runOutsidePreload(
            "imu-steps", ["--calibrate-distance", "80", "--stride-calibration", file, "--height", "1.8", walk])
        #expect(made.status == ExitStatus.success.rawValue, "\(made.standardError)")
        try SchemaValidation.expectValid(try String(contentsOfFile: file, encoding: .utf8), schema: "stride-calibration.schema.json", .json)
        let used = try runOutsidePreload("imu-steps", ["--stride-calibration", file, walk, "--json"])
        let line = try #require(try jsonLines(used.standardOutput).first)
        #expect(abs(try #require(line["distance"] as? Double) - 80) < 0.01, "\(line)")
        let fixed = try runOutsidePreload("imu-steps", ["--stride-length", "0.5", walk, "--json"])
        let fixedLine = try #require(try jsonLines(fixed.standardOutput).first)
        let steps = try #require(fixedLine["number_of_steps"] as? Int)
        #expect(abs(try #require(fixedLine["distance"] as? Double) - 0.5 * Double(steps)) < 1e-6)
    }

    @Test(
        "refuses flags outside their ranges and flags that do not go together, with status 64",
        arguments: [
            ["--height", "0"], ["--height", "nan"], ["--height", "3"], ["--rate", "5"], ["--rate", "1e9"],
            ["--stride-length", "10"], ["--stride-length", "-1"], ["--calibrate-distance", "0", "--stride-calibration", "x.json"],
            ["--calibrate-distance", "100"], ["--calibrate-distance", "100", "--stride-calibration", "x.json", "--stride-length", "0.7"],
            ["--device", "mpu6050"], ["--live", "FILE"], [],
        ])
    func hostileFlags(flags: [String]) throws {
        let arguments = flags.contains("--live") || flags.isEmpty ? flags.map { $0 == "FILE" ? Self.excerpt : $0 } : flags + [Self.excerpt]
        let result = try runOutsidePreload("imu-steps", arguments)
        #expect(result.status == ExitStatus.usage.rawValue, "\(arguments): \(result.standardError)")
        #expect(result.standardError.hasPrefix("imu-steps: "), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a damaged stride calibration is status 12, an unwritable one 11, a missing recording 12, a walk-less one 14")
    func hostileFiles() throws {
        let (folder, recordings) = try Self.imported()
        defer { try? FileManager.default.removeItem(at: folder) }
        let walk = try #require(recordings.first)
        let damaged = folder.appendingPathComponent("damaged.json").path
        for text in ["{\"height_m\": 70}", "[1,2]", String(repeating: " ", count: 70_000)] {
            try text.write(toFile: damaged, atomically: true, encoding: .utf8)
            let result = try runOutsidePreload("imu-steps", ["--stride-calibration", damaged, walk])
            #expect(result.status == ExitStatus.badInput.rawValue, "\(text.prefix(20)): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        // Refused before anything is read: a FIFO without a writer (open would wait), a sparse 8 GiB file.
        let fifo = folder.appendingPathComponent("fifo.json").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let huge = folder.appendingPathComponent("huge.json").path
        try #require(FileManager.default.createFile(atPath: huge, contents: nil))
        try #require(truncate(huge, 8 << 30) == 0)
        for (path, reason) in [
            (fifo, "it is not a regular file (a device, FIFO or directory)"),
            (huge, "it holds 8589934592 bytes, more than the 65536 such a file can hold"),
        ] {
            let result = try runOutsidePreload("imu-steps", ["--stride-calibration", path, walk])
            #expect(result.status == ExitStatus.badInput.rawValue, "\(result.standardError)")
            #expect(result.standardError.contains("cannot read the stride calibration \(path): \(reason)"), "\(result.standardError)")
        }
        let unwritable = try runOutsidePreload(
            "imu-steps", ["--calibrate-distance", "50", "--stride-calibration", "/nonexistent/dir/s.json", walk])
        #expect(unwritable.status == ExitStatus.outputNotWritten.rawValue, "\(unwritable.standardError)")
        let missing = try runOutsidePreload("imu-steps", [folder.appendingPathComponent("nothing.imurec").path])
        #expect(missing.status == ExitStatus.badInput.rawValue, "\(missing.standardError)")
        // A MotionSense standing trial of the committed excerpt: no steps to calibrate from.
        let standing = PackageLocations.packageRoot.appendingPathComponent("Fixtures/motionsense/A_DeviceMotion_data/std_6/sub_1.csv.gz")
        let still = try runOutsidePreload(
            "imu-steps",
            ["--calibrate-distance", "50", "--stride-calibration", folder.appendingPathComponent("s.json").path, standing.path])
        #expect(still.status == ExitStatus.notEnoughData.rawValue, "\(still.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.json").path))
    }

    /// One MPU-6050 scan lying face up, bouncing vertically at `cadence` steps per second (a walk's vertical
    /// acceleration, 0.3 g), `index` samples of 100 Hz into the walk, stamped `timestamp` nanoseconds.
    private static func walkingScan(_ index: Int, timestamp: Int64, cadence: Double) -> [UInt8] {
        let z = Int16(16384 * (1 + 0.3 * cos(2 * Double.pi * cadence * Double(index) / 100)))
        return [Int16(0), 0, z, 0, 0, 0].flatMap(be) + [0, 0, 0, 0] + le(timestamp)
    }

    @Test("--live --json: a line per counted step, cumulative from the start, at the walk's cadence")
    func live() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "mpu6050")
        let steps = try testbed.launchUnderPreload(
            executable: try product("imu-steps"), arguments: ["--live", "--device", "mpu6050", "--sensor-rate", "100", "--json"])
        // Scans stamped 10 ms apart, written five times faster than that, for as long as the tool reads: the stream
        // never runs dry, so the tool is stopped, not timed out.
        let feeder = try testbed.feedPaced(
            device: "iio:device0", scanSize: 24, interval: 0.002, timestamp: { index, _ in Int64(index + 1) * 10_000_000 },
            scan: { index, timestamp in Self.walkingScan(index, timestamp: timestamp, cadence: 1.8) })
        defer { feeder.stop() }
        _ = steps.waitForOutput(timeLimit: 60) { output in
            // The last whole line (one being written is left for the next look).
            let whole = output.split(separator: "\n").dropLast(output.hasSuffix("\n") ? 0 : 1)
            let latest = whole.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            return (latest?["number_of_steps"] as? Int ?? 0) >= 25
        }
        let result = steps.stop()
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        try SchemaValidation.expectValid(result.output, schema: "steps.schema.json")
        let lines = try jsonLines(result.output)
        let counts = lines.compactMap { $0["number_of_steps"] as? Int }
        #expect(counts.count == lines.count && counts == counts.sorted() && (counts.last ?? 0) >= 25, "\(counts)")
        let cadence = try #require(lines.last?["current_cadence"] as? Double)
        #expect(abs(cadence - 1.8) < 0.1, "\(cadence)")
        #expect(lines.allSatisfy { $0["recording"] == nil && ($0["start"] as? Double) == (lines.first?["start"] as? Double) })
        // No barometer: no floors.
        #expect(lines.allSatisfy { $0["floors_ascended"] == nil && $0["floors_descended"] == nil })
    }
}
