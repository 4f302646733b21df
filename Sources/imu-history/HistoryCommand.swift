import ArgumentParser
import CommandLineSupport
import Foundation
import HistoryCommandSupport
import MotionHistory
import MotionSamples

/// `imu-history`: what the board did, from the history imu-classify keeps.
@main
struct HistoryCommand: ParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() { mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-history",
        abstract: "Say what the board did: activities, time per activity, steps and device events, from the history.",
        discussion: """
              imu-history                             # the last 24 hours
              imu-history --since 2h
              imu-history --day 2026-11-25 --json

            Reads the history imu-classify --live writes (SQLite, read-only: safe while the service writes) and \
            prints the activities in the period (kind, the classifier's label, confidence, start, duration), the \
            time spent in each kind, the steps counted and the device events (added, removed, started, stopped). \
            --since takes a whole number and a unit: s, m, h or d (up to 3650 days). --day takes a local calendar \
            day, YYYY-MM-DD, from midnight to midnight in the local time zone ($TZ, else /etc/localtime), so a \
            daylight-saving day lasts 23 or 25 hours; text shows local times, --json Unix seconds. --json prints \
            one object:
              {"from","to","activities":[...],"durations":{...},
               "number_of_steps","steps":[...],"device_events":[...]}

            The systemd service's history (readable by root):
              sudo imu-history --history /var/lib/imu-bridge/history.sqlite

            Exit status: 0 on success; 12 no history database at the path, or unreadable; 16 history database \
            refused (not SQLite, damaged, another application's, newer schema); 64 usage error (--since 1s...3650d, \
            --day a real date); 1 anything else.
            """,
        version: ToolVersion.line
    )

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The period: the last so long (90s, 30m, 2h, 1d; default 24h).", valueName: "duration"))
    var since: String?

    @Option(help: ArgumentHelp("The period: one local calendar day.", valueName: "YYYY-MM-DD"))
    var day: String?

    @OptionGroup(title: "History") var history: HistoryOptions
    @OptionGroup var format: JSONOptions
    @OptionGroup var verbosity: VerbosityOptions

    /// The look back when neither --since nor --day is given.
    static let defaultSince = "24h"

    func validate() throws {
        if since != nil && day != nil { throw ValidationError("give either --since or --day, not both") }
        if history.isNone { throw ValidationError("--history none leaves nothing to read; give a database path") }
        if let since, HistoryPeriod.seconds(in: since) == nil {
            throw ValidationError(
                "--since \(since) is not a duration in 1s...3650d; pass a whole number and s, m, h or d (30m, 2h, 1d)")
        }
        if let day, HistoryPeriod.day(day, in: .current) == nil {
            throw ValidationError("--day \(day) is not a calendar date; pass YYYY-MM-DD (2026-11-25)")
        }
    }

    func run() throws {
        verbosity.bootstrap()
        do {
            let period = try self.period()
            let store = try HistoryStore.openForReading(at: history.location(usesDefault: true) ?? HistoryOptions.defaultPath)
            let report = HistoryReport(summary: try store.summary(from: period.from, to: period.to))
            print(format.json ? try JSONLine.encode(report) : report.text(in: .current))
        } catch {
            throw exitReporting(error, tool: "imu-history")
        }
    }

    /// The period asked for, checked in `validate()`.
    private func period() throws -> HistoryPeriod {
        let now = Date().timeIntervalSince1970
        let period =
            if let day { HistoryPeriod.day(day, in: .current) } else {
                HistoryPeriod.seconds(in: since ?? Self.defaultSince).flatMap { HistoryPeriod.last($0, before: now) }
            }
        guard let period else { throw CommandFailure("the period cannot be computed from this clock", status: .usage) }
        return period
    }
}
