import ActivityKit
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
    /// Runs the tool, its memory set up first for the hours it may stream; usage errors are reported like every other
    /// failure (one line, status 64).
    static func main() {
        mainStreaming()
    }

    static let configuration = CommandConfiguration(
        commandName: "imu-record",
        abstract: "Record a labelled session from the live IMU: raw samples and device motion.",
        discussion: """
              imu-record --tag walking --duration 60
              imu-record --tag sitting --countdown -o ~/sessions --subject alice
              imu-record --tag cycling --device lsm6dso --rate 50

            Writes a recording directory (<tag>-<date>-<id>.imurec: recording.json, raw.csv, motion.csv, \
            events.csv; see docs/formats.md) into -o (default: the current directory), holding \
            the raw accelerometer and gyroscope readings at --sensor-rate (default 100 Hz), the magnetometer's \
            when the IMU has one (format 3, microtesla, uncalibrated), and the fused device motion at --rate \
            (default 25 Hz). The magnetometer calibration saved by imu-calibrate for the IMU is found and \
            noted in recording.json (with --calibration FILE that file, with --calibration none none), so that \
            a replay in a magnetic reference frame corrects the readings the same way. Rows are written every 0.1 s, device motion up to \
            the latest reading: a crash or `kill -9` loses at most the last 0.25 s of readings and of \
            device motion; Ctrl-C or SIGTERM finish the recording cleanly. If the sensor is unplugged, \
            the recording marks the gap, waits for it to come back and goes on (with --any, on any IMU); \
            --wait also waits for the first IMU instead of failing.

            With --mqtt URL the recording is announced on the broker, so that a fleet sees which boards record: \
            <prefix>/<host>/<imu>/recording/status is online while it records (retained; offline at the end, and \
            as the last will), with --mqtt-motion-rate the recorded device motion goes to .../recording/motion \
            (QoS 0, the imu-motion --json lines), and at the end the --json summary to .../recording/summary \
            (QoS 1, retained); see docs/formats.md, "MQTT". Credentials and TLS files come from the environment or \
            --mqtt-config as for imu-classify (IMU_BRIDGE_MQTT_USERNAME, IMU_BRIDGE_MQTT_PASSWORD, \
            IMU_BRIDGE_MQTT_CA_FILE, IMU_BRIDGE_MQTT_CERT_FILE, IMU_BRIDGE_MQTT_KEY_FILE), never from the command line.

            Exit status: 0 on success; 3-10 sensor errors as imu-stream; 11 the recording could not be \
            written; 12 the calibration file is unreadable or not a calibration, or an MQTT config or TLS file is \
            unusable; 17 messages for the MQTT broker undelivered at the end (the recording is written); 64 usage \
            error (--sensor-rate 0.1...10000 Hz, --rate 0.1...1000 Hz and at most --sensor-rate, --duration \
            0.01...31536000 s, --mqtt-motion-rate 0.1...100 Hz, --mqtt-queue 1...100000, a --mqtt URL that is not \
            mqtt[s]://host[:port]); 1 anything else.
            """,
        version: ToolVersion.line)

    @Option(help: "The activity label to store with the session, e.g. walking (see docs/labels.md for the names).")
    var tag: String

    @OptionGroup var labelMap: LabelMapOption

    @Option(help: "Who is recorded (kept in the metadata, for validation grouped by subject).")
    var subject: String?

    @OptionGroup var destination: OutputOptions
    @OptionGroup var sensor: SensorOptions
    @OptionGroup var sensorRateOption: SensorRateOptions
    @OptionGroup var motionRate: MotionRateOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop after this many seconds (default: until Ctrl-C).", valueName: "seconds"))
    var duration: Double?

    @OptionGroup var calibration: CalibrationOptions

    @Flag(help: "Wait 2 seconds, then beep, before recording; beep again at the end.")
    var countdown = false

    @OptionGroup var format: JSONOptions
    @OptionGroup var verbosity: VerbosityOptions

    @OptionGroup(title: "MQTT") var mqtt: MQTTOptions

    /// The directory the recording is created in.
    var output: String { destination.output ?? "." }
    /// The device-motion rate of the recording, in Hz.
    var rate: Double { motionRate.rate }
    /// The rate the sensor is asked for, in Hz (fusion runs at the sensor rate).
    var sensorRate: Double { sensorRateOption.sensorRate ?? SensorRateOptions.fusionDefault }
    /// The IMU asked for; nil picks the first.
    var device: String? { sensor.device }
    /// Whether to wait for the first IMU instead of failing.
    var wait: Bool { sensor.waits(otherwise: false) }
    /// Whether any IMU is taken after an unplug.
    var any: Bool { sensor.any }
    /// The libiio context URI.
    var uri: String { sensor.uri }

    func validate() throws {
        guard !tag.isEmpty, !tag.utf8.contains(UInt8(ascii: "/")) else {
            throw ValidationError("--tag must be a non-empty label without '/'")
        }
        for (flag, text) in [("--tag", tag), ("--subject", subject)] {
            if let text, let problem = LabelText.problem(with: text, limit: LabelMap.maximumLabelLength) {
                throw ValidationError("\(flag) \(LabelText.quoted(text)) cannot be a label: \(problem)")
            }
        }
        try requireFlag(
            "--rate", rate,
            in: DeviceMotionPipeline.outputRateRange
                .lowerBound...min(sensorRate, DeviceMotionPipeline.outputRateRange.upperBound),
            unit: "Hz (at most --sensor-rate)")
        if let duration { try requireFlag("--duration", duration, in: 0.01...31_536_000, unit: "s") }
    }

    func run() async throws {
        verbosity.bootstrap()
        let logger = Logger(label: "imu-record")
        let session = SessionRecorder(options: self, logger: logger)
        do {
            if let warning = tagWarning(for: tag, labels: try labelMap.labels()) { printError(warning) }
            let json = format.json
            try await runCancellingOnInterrupt(onStreamThread: true) {
                try await session.record { summary in print(json ? try summary.json() : summary.text) }
            }
        } catch {
            throw exitReporting(error, tool: "imu-record") { error in
                guard case RecordingError.writeFailed = error else { return nil }
                return "the readings that reached the disk stay in the recording, marked incomplete"
            }
        }
    }
}
