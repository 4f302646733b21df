import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// Whether the tools that draw were built and rsvg-convert is there to render what they draw.
private let pictureToolsBuilt =
    ["imu-plot", "imu-eval", "imu-train"].allSatisfy { PackageLocations.product(named: $0) != nil } && SVGRenderer.executable != nil

/// `imu-plot`, `imu-eval --plot` and `imu-train --cross-validate --plot` on the bundled demo recording and the MotionSense
/// excerpts: each picture is written, carries its labels, and renders through rsvg-convert; progress bars and per-file
/// summaries appear on a terminal (a pty from `script`) and never in piped output.
@Suite(
    "Pictures and progress of imu-plot, imu-eval and imu-train",
    .enabled(if: pictureToolsBuilt, "needs the built products and rsvg-convert (apt-get install librsvg2-bin)"))
struct PictureToolTests {
    private static let demo = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
    private static let model = PackageLocations.packageRoot.appendingPathComponent("Sources/ActivityKit/Resources/motionsense.model").path
    private static let excerpts = PackageLocations.packageRoot.appendingPathComponent("Fixtures/motionsense").path
    private static let shortWindowModel = PackageLocations.packageRoot.appendingPathComponent(
        "Sources/ActivityKit/Resources/motionsense-2s.model"
    ).path

    private let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("imu-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        try Testbed.runOutsidePreload(executable: try product(tool), arguments: arguments, timeLimit: 300)
    }

    /// Renders `svg` and checks it is a picture, not a blank page.
    private func expectRenders(_ svg: URL) throws {
        let rendering = try SVGRenderer.render(svg, to: svg.appendingPathExtension("png"))
        #expect(rendering.standardError.isEmpty, "\(rendering.standardError)")
        #expect(rendering.bytes > 3 * rendering.blankBytes, "\(svg.lastPathComponent) renders almost blank")
    }

    @Test("imu-plot --model: the demo's panels, its tag band and the predicted walking then sitting; piped, no progress")
    func plotRecording() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let picture = scratch.appendingPathComponent("demo.svg")
        let result = try run("imu-plot", [Self.demo, "--model", Self.model, "-o", picture.path])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        #expect(result.output == "wrote \(picture.path): 1 session\n")
        #expect(result.standardError.isEmpty, "piped stderr has no bar or summary: \(result.standardError)")
        let svg = try String(contentsOf: picture, encoding: .utf8)
        for label in [
            "walking-to-sitting.imurec", "acceleration (g)", "gravity (g)", "user acceleration (g)", "rotation rate (rad/s)",
            "attitude (degrees)", "time (s)", "tag", "predicted", "walking", "sitting",
        ] {
            #expect(svg.contains(">\(label)<"), "\(label)")
        }
        try expectRenders(picture)

        // Two models averaged, as imu-classify averages them: the same band of walking, then sitting.
        let pair = try run("imu-plot", [Self.demo, "--model", Self.model, "--model", Self.shortWindowModel, "-o", picture.path])
        #expect(pair.status == ExitStatus.success.rawValue, "\(pair.standardError)")
        let pairSVG = try String(contentsOf: picture, encoding: .utf8)
        #expect([">predicted<", ">walking<", ">sitting<"].allSatisfy { pairSVG.contains($0) })

        let json = try run("imu-plot", [Self.demo, "-o", picture.path, "--json"])
        #expect(json.output == "{\"picture\":\"\(picture.path)\",\"sessions\":1}\n")
        #expect(!(try String(contentsOf: picture, encoding: .utf8)).contains(">predicted<"), "no model, no predicted band")
    }

    @Test(
        "imu-plot refuses a missing -o (64), an unreadable input (12), models that do not go together (13) and an unwritable picture (11)")
    func plotFailures() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(try run("imu-plot", [Self.demo]).status == ExitStatus.usage.rawValue)
        #expect(
            try run("imu-plot", ["/nonexistent.imurec", "-o", scratch.appendingPathComponent("x.svg").path]).status
                == ExitStatus.badInput.rawValue)
        let formatOne = PackageLocations.packageRoot.appendingPathComponent("Fixtures/models/format-1.model").path
        let mismatched = try run(
            "imu-plot", [Self.demo, "--model", Self.model, "--model", formatOne, "-o", scratch.appendingPathComponent("x.svg").path])
        #expect(mismatched.status == ExitStatus.modelRefused.rawValue, "\(mismatched.standardError)")
        #expect(mismatched.standardError.contains("the models cannot be averaged"), "\(mismatched.standardError)")
        let unwritable = try run("imu-plot", [Self.demo, "-o", "/nonexistent-directory/x.svg"])
        #expect(unwritable.status == ExitStatus.outputNotWritten.rawValue, "\(unwritable.standardError)")
    }

    @Test("imu-eval --plot: the confusion matrix and per-class precision/recall of the bundled model on the demo")
    func evalPlot() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let picture = scratch.appendingPathComponent("eval.svg")
        let result = try run("imu-eval", ["--model", Self.model, Self.excerpts, "--plot", picture.path])
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let svg = try String(contentsOf: picture, encoding: .utf8)
        for label in ["true activity", "predicted activity", "precision", "recall", "standing", "walking", "score (0 to 1)"] {
            #expect(svg.contains(">\(label)<"), "\(label)")
        }
        try expectRenders(picture)
    }

    @Test("imu-train --cross-validate --plot: a bar pair per fold; --plot without --cross-validate is a usage error")
    func trainPlot() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let picture = scratch.appendingPathComponent("folds.svg")
        let options = ["--window", "20", "--hop", "5", "--rate", "25", "--rounds", "10", "--seed", "3", "--folds", "2"]
        let result = try run("imu-train", [Self.excerpts, "--cross-validate", "--plot", picture.path] + options)
        #expect(result.status == ExitStatus.success.rawValue, "\(result.standardError)")
        let svg = try String(contentsOf: picture, encoding: .utf8)
        for label in ["fold 1", "fold 2", "accuracy", "macro-F1", "score (0 to 1)"] {
            #expect(svg.contains(">\(label)<"), "\(label)")
        }
        try expectRenders(picture)
        let withoutFolds = try run("imu-train", [Self.excerpts, "-o", scratch.appendingPathComponent("m").path, "--plot", picture.path])
        #expect(withoutFolds.status == ExitStatus.usage.rawValue)
    }

    @Test(
        "on a terminal (script's pty) imu-eval draws a progress bar and ends with a per-session summary; -q silences both",
        .enabled(if: scriptExecutable != nil, scriptMessage))
    func progressOnTerminal() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let terminal = try runOnTerminal("imu-eval", ["--model", Self.model, Self.excerpts])
        #expect(terminal.status == 0, "\(terminal.output)")
        #expect(terminal.output.contains("evaluating ["), "\(terminal.output)")
        #expect(terminal.output.contains("] 4/4"), "\(terminal.output)")
        #expect(terminal.output.contains("session"), "the summary's header")
        #expect(terminal.output.contains("std_6/sub_1"), "a summary row")
        let quiet = try runOnTerminal("imu-eval", ["--model", Self.model, Self.excerpts, "-q"])
        #expect(!quiet.output.contains("evaluating ["), "\(quiet.output)")
        let piped = try run("imu-eval", ["--model", Self.model, Self.excerpts])
        #expect(!piped.standardError.contains("evaluating") && !piped.standardError.contains("\r"), "\(piped.standardError)")
    }
}
