import ArgumentParser
import CommandLineSupport

/// `imu-import`: turns public activity datasets into imu-bridge recordings.
@main
struct IMUImport: AsyncParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() async { await mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-import",
        abstract: "Turn public activity datasets into imu-bridge recordings.",
        discussion: """
              imu-import motionsense ../shared/data/motionsense -o recordings/ms
              imu-import hapt ../shared/data/hapt -o recordings/hapt --json
              imu-import hapt ../shared/data/hapt -o recordings/hapt --limit 10

            Each session of the dataset becomes one <tag>-<dataset>-<session>.imurec directory \
            (see docs/formats.md), with the same raw and device-motion streams a live \
            recording has, so imu-train and imu-eval work on them unchanged. Complete recordings \
            that already exist in the output directory are skipped and incomplete ones (left by a \
            killed import) are written again, so an interrupted import can be run again to finish it.

            Progress goes to stderr (not with -q), one line per recording to stdout. Exit status: 0 on \
            success, 11 when a recording cannot be written, 12 on an unreadable or damaged dataset \
            file, 14 when nothing was imported (an empty folder, or one that is not the dataset), 64 on a \
            usage error (motionsense --rate 1...50 Hz, --limit 1...1000000000); 1 anything else.
            """,
        version: ToolVersion.line,
        subcommands: [MotionSenseCommand.self, HAPTCommand.self, OxfordStepsCommand.self]
    )
}
