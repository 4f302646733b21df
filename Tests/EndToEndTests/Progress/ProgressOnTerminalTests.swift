import Foundation
import IIOTestbed
import Testing

/// Whether the tools with a progress bar were built and `script` is there to give them a terminal.
private let progressToolsBuilt =
    ["imu-import", "imu-train", "imu-plot", "imu-classify"].allSatisfy { PackageLocations.product(named: $0) != nil }
    && scriptExecutable != nil

/// `imu-import`, `imu-train --cross-validate`, `imu-plot` and `imu-classify --replay` of several files on a terminal (a
/// pty from `script`): each draws its progress bar, ends with its per-file summary, and never shows a result line on
/// the bar's line; under `-q`, and with stderr piped, nothing of the bar is written. imu-eval's is in PictureToolTests.
@Suite(
    "Progress bars and per-file summaries on a terminal",
    .enabled(if: progressToolsBuilt, "needs the built products and script (bsdutils)"))
final class ProgressOnTerminalTests {
    private static let root = PackageLocations.packageRoot.appendingPathComponent("Fixtures")
    private static let excerpts = root.appendingPathComponent("motionsense").path
    private static let heldout = ["walking-motionsense-wlk_7-sub_8", "sitting-motionsense-sit_5-sub_8", "standing-motionsense-std_6-sub_8"]
        .map { root.appendingPathComponent("heldout/\($0).imurec").path }

    private let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("imu-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Runs `tool` with stdout and stderr piped.
    private func runPiped(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        try Testbed.runOutsidePreload(executable: try product(tool), arguments: arguments, timeLimit: 300)
    }

    /// The lines the terminal shows for `output`, after checking that every line showing a bar shows the bar alone
    /// (a `title [...] done/total` line), and that one ended with `title [...] total/total`.
    private func screen(_ output: String, title: String, total: Int) -> [String] {
        let lines = terminalLines(output)
        for line in lines where Self.showsBar(line) {
            #expect(line.wholeMatch(of: #/[^\[]* \[[#-]{30}\] \d+/\d+/#) != nil, "a line shares the bar's: \(line)")
        }
        #expect(lines.contains("\(title) [\(String(repeating: "#", count: 30))] \(total)/\(total)"), "\(output)")
        return lines
    }

    /// Whether `text` shows a bar: `[`, 30 marks (`#` done, `-` to do), `] done/total`.
    private static func showsBar(_ text: String) -> Bool {
        text.contains(#/\[[#-]{30}\] \d+/\d+/#)
    }

    /// Checks that nothing of a bar reached `text`: no bar, no erasure, no carriage return.
    private func expectNoBar(_ text: String, _ title: String) {
        #expect(!text.contains("\(title) [") && !text.contains("\u{1B}[K") && !Self.showsBar(text), "\(text)")
    }

    @Test("imu-import motionsense: a bar per session, then a line per recording written; -q and piped: the lines alone")
    func importing() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let terminal = try runOnTerminal("imu-import", ["motionsense", Self.excerpts, "-o", scratch.appendingPathComponent("t").path])
        #expect(terminal.status == 0, "\(terminal.output)")
        #expect(terminal.output.contains("importing std_6/sub_1 ["), "\(terminal.output)")
        let lines = screen(terminal.output, title: "imported", total: 4)
        #expect(lines.filter { $0.hasPrefix("wrote ") }.count == 4, "the per-recording summary: \(lines)")

        let quiet = try runOnTerminal("imu-import", ["motionsense", Self.excerpts, "-o", scratch.appendingPathComponent("q").path, "-q"])
        #expect(quiet.status == 0, "\(quiet.output)")
        expectNoBar(quiet.output, "importing")
        #expect(terminalLines(quiet.output).filter { $0.hasPrefix("wrote ") }.count == 4, "\(quiet.output)")

        let piped = try runPiped("imu-import", ["motionsense", Self.excerpts, "-o", scratch.appendingPathComponent("p").path])
        #expect(piped.status == 0, "\(piped.standardError)")
        expectNoBar(piped.standardError, "importing")
        #expect(piped.output.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.count == 4, "\(piped.output)")
    }

    @Test("imu-train --cross-validate: bars while reading and per fold, the per-session table; -q and piped: no bar")
    func crossValidation() throws {
        let arguments = [
            Self.excerpts, "--cross-validate", "--window", "20", "--hop", "5", "--rate", "25", "--rounds", "10", "--seed", "3",
            "--folds", "2",
        ]
        let terminal = try runOnTerminal("imu-train", arguments)
        #expect(terminal.status == 0, "\(terminal.output)")
        #expect(terminal.output.contains("fold 1/2 ["), "\(terminal.output)")
        let lines = screen(terminal.output, title: "reading", total: 4)
        #expect(lines.contains { $0.hasPrefix("session") && $0.hasSuffix("windows") }, "the summary's header: \(lines)")
        #expect(lines.contains { $0.hasPrefix("std_6/sub_1.csv.gz ") }, "a summary row: \(lines)")

        let quiet = try runOnTerminal("imu-train", arguments + ["-q"])
        #expect(quiet.status == 0, "\(quiet.output)")
        expectNoBar(quiet.output, "reading")
        #expect(!terminalLines(quiet.output).contains { $0.hasPrefix("std_6/sub_1.csv.gz ") }, "no summary under -q")

        let piped = try runPiped("imu-train", arguments)
        #expect(piped.status == 0, "\(piped.standardError)")
        expectNoBar(piped.standardError, "reading")
        expectNoBar(piped.output, "reading")
    }

    @Test("imu-plot of three recordings: a bar per session, the per-session table; -q and piped: no bar")
    func plotting() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let arguments = Self.heldout + ["-o", scratch.appendingPathComponent("three.svg").path]
        let terminal = try runOnTerminal("imu-plot", arguments)
        #expect(terminal.status == 0, "\(terminal.output)")
        let lines = screen(terminal.output, title: "plotting", total: 3)
        #expect(lines.contains { $0.hasPrefix("session") }, "the summary's header: \(lines)")
        #expect(lines.filter { $0.contains("motionsense") }.count == 3, "a summary row per recording: \(lines)")
        #expect(lines.contains { $0.hasPrefix("wrote ") && $0.hasSuffix(": 3 sessions") }, "\(lines)")

        let quiet = try runOnTerminal("imu-plot", arguments + ["-q"])
        #expect(quiet.status == 0, "\(quiet.output)")
        expectNoBar(quiet.output, "plotting")

        let piped = try runPiped("imu-plot", arguments)
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardError.isEmpty, "\(piped.standardError)")
    }

    @Test("imu-classify --replay of three recordings: the bar erased before each prediction, drawn again after it")
    func replaying() throws {
        let terminal = try runOnTerminal("imu-classify", ["--replay"] + Self.heldout)
        #expect(terminal.status == 0, "\(terminal.output)")
        let lines = screen(terminal.output, title: "replaying", total: 3)
        let predictions = lines.filter { $0.contains("(confidence ") }
        #expect(predictions.count >= 2, "\(lines)")
        #expect(predictions.allSatisfy { $0.hasPrefix(" ") && $0.contains(" s  ") }, "each prediction on its own line: \(predictions)")
        // Each prediction line, as the terminal received it, is followed by the bar drawn again.
        let received = terminal.output.components(separatedBy: "\r\n")
        for (index, line) in received.enumerated().dropLast() where line.contains("(confidence ") {
            #expect(received[index + 1].hasPrefix("\rreplaying ["), "after \(line): \(received[index + 1])")
        }
        #expect(lines.contains { $0.hasPrefix("session") && $0.hasSuffix("windows") }, "the summary's header: \(lines)")
        #expect(lines.filter { $0.contains("motionsense") }.count == 3, "a summary row per recording: \(lines)")

        let quiet = try runOnTerminal("imu-classify", ["--replay"] + Self.heldout + ["-q"])
        #expect(quiet.status == 0, "\(quiet.output)")
        expectNoBar(quiet.output, "replaying")
        #expect(terminalLines(quiet.output).filter { $0.contains("(confidence ") } == predictions, "\(quiet.output)")

        let piped = try runPiped("imu-classify", ["--replay"] + Self.heldout)
        #expect(piped.status == 0, "\(piped.standardError)")
        expectNoBar(piped.standardError, "replaying")
        #expect(piped.output.split(separator: "\n").map(String.init) == predictions, "\(piped.output)")
    }

    /// A log line written from the middle of the replay: with no broker and a queue of one message, the second activity
    /// change overflows the queue and imu-classify warns while the bar is drawn (before the bar was shared, the warning
    /// was appended to the bar's line).
    @Test("imu-classify --replay publishing to an absent broker: each warning erases the bar and is on a line of its own")
    func warningsDuringReplay() throws {
        let port = try MQTTBroker.freeLoopbackPort()
        let arguments = ["--replay"] + Self.heldout + ["--mqtt", "mqtt://127.0.0.1:\(port)", "--mqtt-queue", "1"]
        let terminal = try runOnTerminal("imu-classify", arguments)
        #expect(terminal.status == ExitStatus.brokerUnreachable.rawValue, "\(terminal.output)")
        let lines = screen(terminal.output, title: "replaying", total: 3)
        let queueFull = lines.filter { $0.contains("warning imu-classify: [MotionPublishing] the MQTT queue is full") }
        #expect(queueFull.count == 1, "\(lines)")
        #expect(queueFull.allSatisfy { $0.hasPrefix("20") }, "the warning starts its own line: \(queueFull)")
        // As the terminal received it: the bar erased just before the warning, and drawn again right after it.
        let received = terminal.output.components(separatedBy: "\r\n")
        let index = try #require(received.firstIndex { $0.contains("the MQTT queue is full") })
        #expect(received[index].contains("\r\u{1B}[K20"), "\(received[index])")
        #expect(received[index + 1].hasPrefix("\rreplaying ["), "\(received[index + 1])")
    }
}
