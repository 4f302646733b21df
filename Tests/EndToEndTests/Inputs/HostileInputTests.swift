import CommandLineSupport
import Foundation
import IIOTestbed
import MotionRecording
import SystemPackage
import Testing

/// Issue 10 points 2-4: the files people actually have are read (a spreadsheet's CRLF and byte-order mark, pandas'
/// empty fields, a missing last newline); hostile ones (binary, /dev/zero, an endless line, timestamps in the wrong
/// unit, a hand-edited count) are refused at once with the file, the line and the README's exit status, never read
/// without end; FIFOs are streamed.
@Suite(
    "hostile and real-world input files",
    .enabled(
        if: ["imu-motion", "imu-classify", "imu-eval", "imu-train"].allSatisfy { PackageLocations.product(named: $0) != nil },
        "needs the built products")
)
struct HostileInputTests {
    private let broad = PackageLocations.packageRoot.appendingPathComponent(
        "Fixtures/broad/07_undisturbed_fast_rotation_B-excerpt.csv")
    private let demo = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec")
    private let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("imu-hostile-\(UUID().uuidString)")

    private func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        try Testbed.runOutsidePreload(executable: try product(tool), arguments: arguments, timeLimit: 120)
    }

    /// Writes `bytes` to a scratch file called `name` and returns its path.
    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let url = scratch.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The BROAD excerpt's lines (header first).
    private func broadLines() throws -> [String] {
        try String(contentsOf: broad, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// A copy of the demo recording whose `raw.csv` is `edit`ed (lines without newlines), marked incomplete so that
    /// its row count is not checked.
    private func recording(_ name: String, raw edit: (inout [String]) -> Void) throws -> String {
        let copy = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: demo, to: copy)
        let raw = copy.appendingPathComponent("raw.csv")
        var lines = try String(contentsOf: raw, encoding: .utf8).split(separator: "\n").map(String.init)
        edit(&lines)
        try (lines.joined(separator: "\n") + "\n").write(to: raw, atomically: true, encoding: .utf8)
        let metadataURL = copy.appendingPathComponent("recording.json")
        var metadata = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: metadataURL)) as? [String: Any])
        metadata["complete"] = false
        metadata["counts"] = nil
        try JSONSerialization.data(withJSONObject: metadata).write(to: metadataURL)
        return copy.path
    }

    @Test("imu-motion reads a spreadsheet's CSV (CRLF, byte-order mark, no last newline) exactly like the clean file")
    func spreadsheetCSV() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lines = try broadLines()
        let clean = try run("imu-motion", [broad.path])
        #expect(clean.status == ExitStatus.success.rawValue, "\(clean.standardError)")
        let spreadsheet = try file("export.csv", [0xEF, 0xBB, 0xBF] + Array(lines.joined(separator: "\r\n").utf8))
        let result = try run("imu-motion", [spreadsheet])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.output == clean.output)
        #expect(result.output.split(separator: "\n").count > 200)
    }

    @Test("an empty field (pandas' NaN), the timestamp too, is dropped and counted on stderr, in a CSV and in a recording")
    func emptyFields() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        var lines = try broadLines()
        for row in [10, 20, 30] {
            var cells = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            cells[4] = ""
            lines[row] = cells.joined(separator: ",")
        }
        let csv = try file("pandas.csv", Array((lines.joined(separator: "\n") + "\n").utf8))
        let motion = try run("imu-motion", [csv])
        #expect(motion.status == ExitStatus.success.rawValue, "\(motion.standardError)")
        #expect(motion.standardError.contains("dropped 3 readings with a nan, inf or empty value"), "\(motion.standardError)")

        let edited = try recording("pandas.imurec") { lines in
            var cells = lines[101].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            cells[2] = ""
            lines[101] = cells.joined(separator: ",")
            // An empty timestamp is an empty field like any other: the instant's readings (accelerometer and
            // gyroscope, one row in format 2) are dropped and counted, with the one reading of row 101.
            var timeless = lines[151].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            timeless[0] = ""
            lines[151] = timeless.joined(separator: ",")
        }
        let replay = try run("imu-classify", ["--replay", edited, "--json"])
        #expect(replay.status == ExitStatus.success.rawValue, "\(replay.standardError)")
        #expect(
            replay.standardError.contains("pandas.imurec: dropped 3 readings with an empty, nan or inf value"), "\(replay.standardError)")
        #expect(try jsonLines(replay.output).count > 10)
    }

    @Test("header-only, binary, an endless line, /dev/zero: refused at once with the file and line (exit 12)")
    func hostileCSV() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let header = "t_s,gyr_x,gyr_y,gyr_z,acc_x,acc_y,acc_z\n"
        let cases: [(String, String)] = [
            (try file("header-only.csv", Array(header.utf8)), "header-only.csv has a header but no samples"),
            (try file("binary.csv", Array(header.utf8) + [0x12, 0x00, 0xFF, 0x0A]), "binary.csv:2: line 2 holds binary data"),
            (
                try file("endless.csv", Array(header.utf8) + Array(repeating: UInt8(ascii: "1"), count: 200_000)),
                "endless.csv:2: line 2 is longer than 65536 bytes"
            ),
            ("/dev/zero", "cannot read /dev/zero: it is a device, not a file of samples"),
        ]
        for (path, message) in cases {
            let result = try run("imu-motion", [path])
            #expect(!result.timedOut)
            #expect(result.status == ExitStatus.badInput.rawValue, "\(path): \(result.standardError)")
            #expect(
                result.standardError.hasPrefix("imu-motion: \(message)") || result.standardError.contains(message),
                "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test("timestamps in nanoseconds, all equal, or jumping back over 1 s: refused with the line, never buffered (exit 12)")
    func wrongTimestamps() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lines = try broadLines()
        func rewritten(_ transform: (Int, String) -> String) -> [UInt8] {
            let rows = lines.dropFirst().enumerated().map { transform($0.offset, $0.element) }
            return Array(([lines[0]] + rows).joined(separator: "\n").utf8) + [0x0A]
        }
        func replacingTime(_ row: String, with time: String) -> String { time + row.drop { $0 != "," } }
        let nanoseconds = try file(
            "nanoseconds.csv",
            rewritten { _, row in
                replacingTime(row, with: String(Int((Double(row.prefix { $0 != "," }) ?? 0) * 1e9)))
            })
        let equal = try file("equal.csv", rewritten { _, row in replacingTime(row, with: "5.0") })
        let joined = try file("joined.csv", Array((lines + lines.dropFirst()).joined(separator: "\n").utf8) + [0x0A])
        let cases = [
            (nanoseconds, "nanoseconds.csv:2: t_s 230055"),
            (equal, "\(equal): the timestamps do not give a sensor rate within 0.1...10000 Hz"),
            (joined, "joined.csv:3002: t_s 23.0055 goes back"),
        ]
        for (path, message) in cases {
            let result = try run("imu-motion", [path])
            #expect(result.status == ExitStatus.badInput.rawValue, "\(path): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        #expect(try run("imu-motion", [nanoseconds]).standardError.contains("is outside ±10000000000 s; t_s must be seconds"))
    }

    @Test("a FIFO is streamed to its end: imu-motion gives the same output as from the file")
    func fifo() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let fifo = scratch.appendingPathComponent("pipe.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat \"$0\" > \"$1\"", broad.path, fifo]
        try writer.run()
        defer { writer.waitUntilExit() }
        let streamed = try run("imu-motion", [fifo])
        let clean = try run("imu-motion", [broad.path])
        #expect(streamed.status == ExitStatus.success.rawValue, "\(streamed.standardError)")
        #expect(streamed.output == clean.output)
    }

    @Test(
        "a FIFO whose writer never comes, or never writes, ends imu-classify on the first SIGTERM with the reason (exit 12)",
        .timeLimit(.minutes(2)))
    func fifoWithoutData() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        for silentWriter in [false, true] {
            let copy = try recording("fifo-\(silentWriter).imurec") { _ in }
            let fifo = URL(fileURLWithPath: copy).appendingPathComponent("raw.csv").path
            try FileManager.default.removeItem(atPath: fifo)
            try #require(mkfifo(fifo, 0o600) == 0)
            let log = scratch.appendingPathComponent("fifo-\(silentWriter).log")
            let tool = try SpawnedProcess(try product("imu-classify"), ["--replay", copy], environment: cleanEnvironment(), output: log)
            var writer: Int32 = -1
            defer { if writer >= 0 { close(writer) } }
            // Until the tool holds the FIFO open: a writer can then open it without waiting, and the tool's
            // descriptors show it.
            let waiting = pollUntil {
                if silentWriter {
                    writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                    return writer >= 0
                }
                let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(tool.pid)/fd")) ?? []
                return descriptors.contains {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(tool.pid)/fd/\($0)")) == fifo
                }
            }
            try #require(waiting, "imu-classify did not open the FIFO")
            tool.stop(signal: SIGTERM)
            let message = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(tool.exitStatus == ExitStatus.badInput.rawValue, "\(message)")
            #expect(message.contains("raw.csv: interrupted while waiting for data from the FIFO"), "\(message)")
        }
    }

    @Test("a file name holding a terminal escape is printed escaped in the error, never as the escape itself")
    func escapeInFileName() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = try file("\u{1b}[2J\u{1b}]0;owned\u{7}.csv", Array("t_s,x\n0,1\n".utf8))
        let result = try run("imu-motion", [path])
        #expect(result.status == ExitStatus.badInput.rawValue, "\(result.standardError)")
        #expect(result.standardError.contains(#"\u{1B}[2J\u{1B}]0;owned\u{07}.csv: missing column(s)"#), "\(result.standardError)")
        #expect(!result.standardError.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{7}" })
    }

    @Test("a recording as a spreadsheet saves it (CRLF, byte-order mark) replays like the original")
    func spreadsheetRecording() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let copy = scratch.appendingPathComponent("saved.imurec")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: demo, to: copy)
        for table in ["raw.csv", "motion.csv", "events.csv"] {
            let url = copy.appendingPathComponent(table)
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
            try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: url)
        }
        let original = try run("imu-classify", ["--replay", demo.path, "--json"])
        let saved = try run("imu-classify", ["--replay", copy.path, "--json"])
        #expect(saved.status == ExitStatus.success.rawValue, "\(saved.standardError)")
        #expect(saved.output == original.output)
    }

    @Test("a recording whose raw.csv is /dev/zero or holds an endless line is refused at once (exit 12)")
    func hostileRecording() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let zero = try recording("zero.imurec") { _ in }
        let raw = URL(fileURLWithPath: zero).appendingPathComponent("raw.csv")
        try FileManager.default.removeItem(at: raw)
        try FileManager.default.createSymbolicLink(atPath: raw.path, withDestinationPath: "/dev/zero")
        let endless = try recording("endless.imurec") { lines in
            lines.insert(String(repeating: "9", count: 100_000), at: 50)
        }
        let cases = [
            (zero, "raw.csv: it is a device, not a file of samples"),
            (endless, "endless.imurec/raw.csv:51: line 51 is longer than 65536 bytes"),
        ]
        for (path, message) in cases {
            for (tool, arguments) in [("imu-classify", ["--replay", path]), ("imu-motion", [path])] {
                let result = try run(tool, arguments)
                #expect(!result.timedOut)
                #expect(result.status == ExitStatus.badInput.rawValue, "\(tool) \(path): \(result.standardError)")
                #expect(result.standardError.contains(message), "\(result.standardError)")
                #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            }
        }
    }

    @Test("recording.json: a count of 1e30 or 1.5 and a mistyped field are named as the file spells them (exit 12)")
    func hostileMetadata() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cases: [(String, Any, String)] = [
            (
                "counts", ["raw": 1e30, "motion": 1200, "events": 0],
                "counts.raw: invalid value (1e+30 is not a whole number in 0...1000000000)"
            ),
            ("counts", ["raw": 4800.5, "motion": 1200, "events": 0], "counts.raw: invalid value (4800.5 is not a whole number"),
            ("monotonic_end", "soon", "monotonic_end: expected a number"),
            ("tag", "walk\u{1b}[2Jing", #"tag "walk\u{1B}[2Jing": it holds a control character"#),
            ("subject", String(repeating: "x", count: 1025), "it is longer than 1024 bytes"),
        ]
        for (index, (field, value, message)) in cases.enumerated() {
            let copy = scratch.appendingPathComponent("metadata-\(index).imurec")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: demo, to: copy)
            let url = copy.appendingPathComponent("recording.json")
            var metadata = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            metadata[field] = value
            try JSONSerialization.data(withJSONObject: metadata).write(to: url)
            let result = try run("imu-classify", ["--replay", copy.path])
            #expect(result.status == ExitStatus.badInput.rawValue, "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(!result.standardError.contains("CodingKeys") && !result.standardError.contains("monotonicEnd"))
        }
    }

    @Test("a model that is a device, larger than 64 MB, or names an activity with a terminal escape is refused (exit 13)")
    func hostileModelFiles() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let huge = try file("huge.model", [])
        #expect(truncate(huge, 65 << 20) == 0)
        let bundled = PackageLocations.packageRoot.appendingPathComponent("Sources/ActivityKit/Resources/motionsense.model")
        let text = try String(contentsOf: bundled, encoding: .utf8)
        let escaping = try file("escaping.model", Array(text.replacingOccurrences(of: #""sitting""#, with: #""sit\u001b[2Jting""#).utf8))
        let cases = [
            ("/dev/zero", "cannot load the model /dev/zero: it is not a regular file"),
            (huge, "holds 68157440 bytes, more than the 67108864 such a file can hold"),
            (escaping, #"its activity name "sit\u{1B}[2Jting" cannot be printed as it is: it holds a control character"#),
        ]
        for (model, message) in cases {
            let result = try run("imu-classify", ["--replay", demo.path, "--model", model])
            #expect(!result.timedOut)
            #expect(result.status == ExitStatus.modelRefused.rawValue, "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        }
    }

    @Test("imu-train --json names a model path holding quotes, commas and newlines in valid JSON")
    func trainJSON() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let output = scratch.appendingPathComponent("my \"best\", model\n.json").path
        let motionSense = PackageLocations.packageRoot.appendingPathComponent("Fixtures/motionsense").path
        let result = try run("imu-train", [motionSense, "-o", output, "--rounds", "2", "--window", "20", "--hop", "5", "--json"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let line = try #require(try jsonLines(result.output).first)
        #expect(line["model"] as? String == output)
        #expect((line["windows"] as? Int ?? 0) > 0)
    }

    @Test("a directory that cannot be created or written is one line in words, no Foundation error dump (exit 11)")
    func unwritableOutputs() throws {
        let motionSense = PackageLocations.packageRoot.appendingPathComponent("Fixtures/motionsense").path
        let cases = [
            (
                "imu-import", ["motionsense", motionSense, "--output", "/proc/no-such-dir"],
                "imu-import: cannot create the output directory /proc/no-such-dir (no such file or directory)"
            ),
            (
                "imu-train", [motionSense, "-o", "/proc/no-such-dir/a.model", "--window", "20", "--hop", "5", "--rounds", "2"],
                "imu-train: cannot write /proc/no-such-dir/a.model: no such file or directory"
            ),
            (
                "imu-motion", [broad.path, "-o", "/proc/no-such-dir/motion.csv"],
                "imu-motion: cannot write /proc/no-such-dir/motion.csv (no such file or directory)"
            ),
        ]
        for (tool, arguments, message) in cases {
            let result = try run(tool, arguments)
            #expect(result.status == ExitStatus.outputNotWritten.rawValue, "\(tool): \(result.standardError)")
            #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
            #expect(!result.standardError.contains("Domain=") && !result.standardError.contains("UserInfo"))
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        }
    }

    @Test(
        "a disk that fills: exit 11 with one line; an imported recording, a model or imu-motion's output is whole or absent",
        .enabled(if: SmallDisk.isAvailable, "mounting a small tmpfs needs root and CAP_SYS_ADMIN"))
    func fullDisk() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let directory = scratch.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let disk = try SmallDisk(at: directory.path, kilobytes: 96)
        defer { withExtendedLifetime(disk) {} }
        let motionSense = PackageLocations.packageRoot.appendingPathComponent("Fixtures/motionsense").path
        let cases = [
            ("imu-import", ["motionsense", motionSense, "--output", directory.appendingPathComponent("imported").path]),
            ("imu-train", [motionSense, "-o", directory.appendingPathComponent("a.model").path, "--window", "20", "--hop", "5"]),
            ("imu-motion", [broad.path, "--rate", "200", "-o", directory.appendingPathComponent("motion.csv").path]),
        ]
        for (tool, arguments) in cases {
            let result = try run(tool, arguments)
            #expect(result.status == ExitStatus.outputNotWritten.rawValue, "\(tool): \(result.standardError)")
            let lines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("\(tool): ") }
            #expect(lines.count == 1 && lines[0].contains("o space left on device"), "\(result.standardError)")
        }
        // What is left: complete recordings only, no model, no output file, no temporary file.
        let imported = directory.appendingPathComponent("imported").path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: imported)) ?? [] {
            #expect(try RecordingReader.readMetadata(FilePath("\(imported)/\(name)")).complete, "\(name) was left incomplete")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "imported" } == [])
    }

    @Test("a standard output that cannot be written (/dev/full) is exit 11 with one line, not a success (--help too)")
    func unwritableStandardOutput() throws {
        let cases = [
            ("imu-classify", ["--replay", demo.path, "--json"]), ("imu-motion", [demo.path]), ("imu-train", ["--help"]),
            ("imu-import", ["motionsense", "--help"]), ("imu-history", ["--version"]),
        ]
        for (tool, arguments) in cases {
            let result = try Testbed.runOutsidePreload(
                executable: "/bin/sh", arguments: ["-c", "exec \"$0\" \"$@\" > /dev/full", try product(tool)] + arguments,
                timeLimit: 120)
            #expect(result.status == ExitStatus.outputNotWritten.rawValue, "\(tool): \(result.standardError)")
            #expect(result.standardError.hasPrefix("\(tool): cannot write the standard output"), "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        }
    }
}
