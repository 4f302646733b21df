import ActivityKit
import Foundation
import IIOTestbed
import Testing

/// Every command-line tool.
private let allTools = [
    "imu-list", "imu-stream", "imu-motion", "imu-record", "imu-import", "imu-train", "imu-eval", "imu-classify", "imu-calibrate",
    "imu-steps", "imu-history", "imu-plot",
]

/// Issue 11, point 1: one option vocabulary, declared once in CommandLineSupport and taken by every tool.
@Suite(
    "option vocabulary: shared spellings, --version, deprecated spellings, help examples",
    .enabled(if: allTools.allSatisfy { PackageLocations.product(named: $0) != nil }, "needs the built products")
)
struct OptionVocabularyTests {
    private let demo = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
    private let motionSense = PackageLocations.packageRoot.appendingPathComponent("Fixtures/motionsense/A_DeviceMotion_data").path
    private let bundledModel = PackageLocations.packageRoot.appendingPathComponent("Sources/ActivityKit/Resources/motionsense.model").path

    /// Runs `tool` outside the umockdev preload, with help laid out for an 80-column terminal.
    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, standardOutput: String, standardError: String) {
        try runOutsidePreload(tool, arguments, environment: ["COLUMNS": "80"])
    }

    /// The shared options each tool's help must list, by tool.
    private static let sharedOptions: [String: [String]] = {
        let everywhere = ["--json", "-v, --verbose", "-q, --quiet", "--version"]
        let sensor = ["--uri <uri>", "--device <imu>", "--wait/--no-wait", "--any", "--sensor-rate <hz>"]
        return [
            "imu-list": everywhere + ["--uri <uri>"],
            "imu-stream": everywhere + sensor,
            "imu-motion": everywhere + [
                "--rate <hz>", "-o, --output <path>", "--calibration <file|none>", "--reference-frame <name>",
                "--declination <deg>", "--latitude <deg>", "--longitude <deg>", "--date <date>",
            ],
            "imu-record": everywhere + sensor + ["--rate <hz>", "-o, --output <path>", "--calibration <file|none>"],
            "imu-import motionsense": everywhere + ["--rate <hz>", "-o, --output <path>"],
            "imu-import hapt": everywhere + ["-o, --output <path>"],
            "imu-train": everywhere + ["--rate <hz>", "-o, --output <path>", "--plot <file.svg>"],
            "imu-eval": everywhere + ["--model <file>", "--plot <file.svg>"],
            "imu-classify": everywhere + sensor + [
                "--calibration <file|none>", "--model <file>", "--history <path|none>", "--retention <days>",
            ],
            "imu-history": everywhere + ["--history <path|none>"],
            "imu-calibrate": everywhere + sensor + ["-o, --output <path>"],
            "imu-steps": everywhere + sensor + ["--rate <hz>", "--calibration <file|none>"],
            "imu-import oxford-steps": everywhere + ["-o, --output <path>"],
            "imu-plot": everywhere + ["--model <file>", "-o, --output <path>"],
        ]
    }()

    @Test("Every tool's help lists the shared spellings it takes, with the same value names")
    func sharedSpellingsInHelp() throws {
        for (command, options) in Self.sharedOptions {
            let words = command.split(separator: " ").map(String.init)
            let help = try run(words[0], Array(words.dropFirst()) + ["--help"])
            #expect(help.status == ExitStatus.success.rawValue, "\(command): \(help.standardError)")
            let optionLines = help.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for option in options {
                #expect(optionLines.contains { $0.hasPrefix(option) }, "\(command) --help does not list \(option)")
            }
        }
    }

    @Test(
        "The shared spellings parse and work: -o, --rate, --json and -q in imu-motion; --model (at most 16) and -q in imu-eval and imu-classify"
    )
    func sharedSpellingsRun() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("imu-vocabulary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let motion = scratch.appendingPathComponent("motion.json").path
        let fused = try run("imu-motion", [demo, "--rate", "10", "-o", motion, "--json", "-q"])
        #expect(fused.status == ExitStatus.success.rawValue && fused.standardOutput.isEmpty, "\(fused.standardError)")
        let lines = try String(contentsOfFile: motion, encoding: .utf8).split(separator: "\n")
        let timestamps = try jsonLines(lines.prefix(2).joined(separator: "\n")).compactMap { $0["timestamp"] as? Double }
        #expect(timestamps.count == 2 && abs(timestamps[1] - timestamps[0] - 0.1) < 1e-6, "\(timestamps)")
        let evaluation = try run("imu-eval", ["--model", bundledModel, motionSense, "--json", "-q"])
        #expect(evaluation.status == ExitStatus.success.rawValue && evaluation.standardError.isEmpty, "\(evaluation.standardError)")
        #expect(try jsonLines(evaluation.standardOutput).first?["accuracy"] is Double)
        let replay = try run("imu-classify", ["--replay", demo, "--model", bundledModel, "--json", "--quiet"])
        #expect(replay.status == ExitStatus.success.rawValue && replay.standardError.isEmpty, "\(replay.standardError)")
        #expect(try jsonLines(replay.standardOutput).allSatisfy { $0["activity"] is String })
        let tooMany = Array(repeating: ["--model", bundledModel], count: 17).flatMap { $0 }
        for tool in [["imu-classify", "--replay"], ["imu-eval"]] {
            let refused = try run(tool[0], Array(tool.dropFirst()) + [demo] + tooMany)
            #expect(
                refused.status == ExitStatus.usage.rawValue
                    && refused.standardError.contains("--model is given 17 times; at most 16 models are averaged"),
                "\(tool[0]): \(refused.standardError)")
        }
        let both = try run("imu-list", ["-v", "-q"])
        #expect(
            both.status == ExitStatus.usage.rawValue && both.standardError.contains("--verbose and --quiet exclude each other"),
            "\(both.standardError)")
    }

    @Test("--version on every tool: one line with the project version, the git revision and the model format version")
    func version() throws {
        var lines: Set<String> = []
        for tool in allTools {
            let result = try run(tool, ["--version"])
            #expect(result.status == ExitStatus.success.rawValue, "\(tool): \(result.standardError)")
            let line = result.standardOutput.trimmingCharacters(in: .newlines)
            #expect(!line.contains("\n"), "\(tool): \(line)")
            let pattern = #/imu-bridge [0-9]+\.[0-9]+\.[0-9]+ \(git ([0-9a-f]{12}|unknown)\), model format ([0-9]+)/#
            let match = try #require(line.wholeMatch(of: pattern), "\(tool): \(line)")
            #expect(Int(match.2) == ActivityModel.currentFormatVersion, "\(tool): \(line)")
            lines.insert(line)
        }
        #expect(lines.count == 1, "the tools disagree: \(lines)")
    }

    @Test("imu-eval's model as first argument still works, with one deprecation note on stderr (none with -q)")
    func positionalModel() throws {
        let note = "imu-eval: the model as first argument is deprecated, use --model FILE"
        let old = try run("imu-eval", [bundledModel, motionSense, "--json"])
        #expect(old.status == ExitStatus.success.rawValue, "\(old.standardError)")
        #expect(old.standardError.split(separator: "\n").filter { $0.contains("deprecated") } == [Substring(note)], "\(old.standardError)")
        let new = try run("imu-eval", ["--model", bundledModel, motionSense, "--json"])
        #expect(new.standardOutput == old.standardOutput)
        #expect(!new.standardError.contains("deprecated"), "\(new.standardError)")
        let quiet = try run("imu-eval", [bundledModel, motionSense, "--json", "-q"])
        #expect(quiet.status == ExitStatus.success.rawValue && quiet.standardError.isEmpty, "\(quiet.standardError)")
    }

    @Test(
        "imu-stream's --rate still asks the sensor for that rate, with one note naming --sensor-rate", .enabled(if: canRunCLIs, cliMessage))
    func streamRate() throws {
        let testbed = try Testbed()
        defer { testbed.close() }
        _ = try testbed.install(fixtureNamed: "adxl345")
        let result = try testbed.runUnderPreload(executable: try product("imu-stream"), arguments: ["--rate", "30", "--samples", "1"])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(try testbed.attribute("in_accel_sampling_frequency", of: "iio:device10") == "50")
        let notes = result.standardError.split(separator: "\n").filter { $0.contains("deprecated") }
        #expect(notes.count == 1 && notes[0].hasPrefix("imu-stream: --rate is deprecated, use --sensor-rate ("), "\(result.standardError)")
        let both = try run("imu-stream", ["--rate", "30", "--sensor-rate", "30"])
        #expect(both.status == ExitStatus.usage.rawValue && both.standardError.contains("give only --sensor-rate"), "\(both.standardError)")
    }

    @Test("Help opens with three commands of the tool, no example is wrapped and no line but USAGE passes 80 columns")
    func helpExamples() throws {
        for command in allTools + ["imu-import motionsense", "imu-import hapt", "imu-import oxford-steps"] {
            let words = command.split(separator: " ").map(String.init)
            let help = try run(words[0], Array(words.dropFirst()) + ["--help"])
            #expect(help.status == ExitStatus.success.rawValue, "\(command): \(help.standardError)")
            let lines = help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let isExample = { (line: String) in line.hasPrefix("  imu-") }
            // An unbreakable word past the edge (a JSON shape) made ArgumentParser cut the word and start the next
            // paragraph with one word on a line of its own.
            for line in lines where !line.hasPrefix("USAGE: ") {
                #expect(line.count <= 80, "\(command): \(line)")
            }
            for (index, line) in lines.enumerated() where isExample(line) {
                let next = index + 1 < lines.count ? lines[index + 1] : ""
                #expect(next.isEmpty || isExample(next), "\(command): a wrapped example: \(line) / \(next)")
            }
            guard !command.contains(" ") else { continue }
            let overviewEnd = try #require(lines.firstIndex(of: ""), "\(command): no overview")
            let opening = lines.dropFirst(overviewEnd + 1).prefix(4)
            #expect(opening.prefix(3).allSatisfy { $0.hasPrefix("  \(command) ") || $0 == "  \(command)" }, "\(command): \(opening)")
            #expect(opening.last == "", "\(command): more than three opening commands: \(opening)")
        }
    }
}
