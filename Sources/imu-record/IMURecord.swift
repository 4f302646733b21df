import ArgumentParser
import CommandLineSupport
import DeviceMotionKit
import Foundation
import IIOSensors
import Logging
import MotionRecording
import MotionSamples
import SystemPackage

/// `imu-record`: records a labelled session from the live IMU.
@main
struct IMURecord: AsyncParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() async { await mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-record",
        abstract: "Record a labelled session from the live IMU: raw samples and device motion.",
        discussion: """
            Writes a recording directory (<tag>-<date>-<id>.imurec: recording.json, raw.csv, motion.csv, \
            events.csv; see docs/formats.md) holding the raw accelerometer and gyroscope \
            readings at the sensor's rate and the fused device motion at --rate. Rows are written \
            every 0.1 s, device motion up to the latest reading: a crash or `kill -9` loses at most the \
            last 0.25 s of readings and of device motion; Ctrl-C or SIGTERM \
            finish the recording cleanly. If the sensor is unplugged, the recording marks the gap, \
            waits for it to come back and goes on.

            Examples:
              imu-record --tag walking --duration 60
              imu-record --tag sitting --countdown --output ~/sessions --subject alice
              imu-record --tag cycling --device lsm6dso --rate 50

            Exit status: 0 on success; 3-10 sensor errors as imu-stream; 11 the recording could not be \
            written; 64 usage error (--sensor-rate 0.1...10000 Hz, --rate 0.1...1000 Hz and at most --sensor-rate, \
            --duration 0.01...31536000 s); 1 anything else.
            """)

    @Option(help: "The activity label to store with the session, e.g. walking (see docs/labels.md for the names).")
    var tag: String

    @OptionGroup var labelMap: LabelMapOption

    @Option(help: "Who is recorded (kept in the metadata, for validation grouped by subject).")
    var subject: String?

    @Option(help: "Directory to create the recording in.")
    var output = "."

    @Option(
        help:
            "The IMU: a name or device name from imu-list, an iio:deviceN id, or an index. Default: the first."
    )
    var device: String?

    @Option(help: "Device-motion rate of the recording, in Hz.")
    var rate = 25.0

    @Option(help: "Sensor sampling rate to ask for, in Hz (fusion runs at the sensor rate).")
    var sensorRate = 100.0

    @Option(help: "Stop after this many seconds (default: until Ctrl-C).")
    var duration: Double?

    @Flag(help: "Wait 2 seconds, then beep, before recording; beep again at the end.")
    var countdown = false

    @Flag(help: "Wait for an IMU if none is present instead of failing.")
    var wait = false

    @Flag(help: "After an unplug, accept any IMU that appears, not only the same one.")
    var any = false

    @Option(help: "libiio context URI.")
    var uri = "local:"

    @Flag(help: "Print the final summary as one JSON object.")
    var json = false

    @Flag(name: .shortAndLong, help: "Log the capture details to stderr.")
    var verbose = false

    func validate() throws {
        guard !tag.isEmpty, !tag.contains("/") else {
            throw ValidationError("--tag must be a non-empty label without '/'")
        }
        try requireFlag(
            "--sensor-rate", sensorRate, in: DeviceMotionPipeline.sensorRateRange, unit: "Hz")
        try requireFlag(
            "--rate", rate,
            in: DeviceMotionPipeline.outputRateRange
                .lowerBound...min(sensorRate, DeviceMotionPipeline.outputRateRange.upperBound),
            unit: "Hz (at most --sensor-rate)")
        if let duration { try requireFlag("--duration", duration, in: 0.01...31_536_000, unit: "s") }
    }

    func run() async throws {
        bootstrapLogging(level: verbose ? .info : .warning)
        let logger = Logger(label: "imu-record")
        let session = SessionRecorder(options: self, logger: logger)
        do {
            if let warning = tagWarning(for: tag, labels: try labelMap.labels()) { printError(warning) }
            let summary = try await runCancellingOnInterrupt { try await session.record() }
            print(json ? summary.json : summary.text)
        } catch {
            throw exitReporting(error, tool: "imu-record")
        }
    }
}
