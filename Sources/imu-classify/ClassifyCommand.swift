import ActivityKit
import ArgumentParser
import CommandLineSupport
import DeviceMotionKit
import FoundationEssentials
import HistoryCommandSupport
import IIOSensors
import Logging
import MotionActivityKit
import MotionHistory
import MotionRecording
import MotionSamples

/// `imu-classify`: names the current activity from the live IMU or from replayed sessions.
@main
struct ClassifyCommand: AsyncParsableCommand {
    /// Runs the tool, its memory set up first for the hours it may stream; usage errors are reported like every other
    /// failure (one line, status 64).
    static func main() {
        mainStreaming()
    }

    static let configuration = CommandConfiguration(
        commandName: "imu-classify",
        abstract: "Recognise activities live from the IMU, or in replayed sessions.",
        discussion: """
              imu-classify --live                     # the first IMU, until Ctrl-C
              imu-classify --replay walk.imurec --json
              imu-classify --live --responsive        # names a change within 1-2 s

            Fuses the accelerometer and gyroscope into device motion at the model's rate, cuts it into the model's \
            overlapping windows (a ring buffer: one prediction per hop) and averages the last --smoothing windows. \
            --hop N predicts every N samples instead of every model hop, from windows of the same length: --hop 5 \
            (0.2 s at 25 Hz) names a new activity in about half the time for ten times the classification work; \
            with --smoothing 1 --threshold 0 too, a model of 4 s windows (as the bundled one) names it 1.5-2 s \
            after the switch at the median instead of 6-7 s, at the price of brief wrong activities \
            (Benchmarks/Activity/latency.py, hapt-latency.py). --model repeated averages the models' probabilities, \
            each model scoring its own window ending at the same sample (they must name the same activities at the \
            same rate; the longest window fills first, the first model's hop applies): with a second model of 2 s \
            windows (imu-train --window 50 --hop 25) beside a 4 s one, --hop 5 --smoothing 1 --threshold 0 names a \
            change in 0.6-1.3 s at the median and 2.4-3.4 s at the 90th percentile, within a few tenths of a point \
            of the 4 s model's accuracy. --responsive is that with the bundled 4 s and 2 s models (or the --model \
            files given), for about 3.5 times the CPU of the defaults live (0.4 % of a core at 833 Hz). \
            Below --threshold the activity is reported as `unknown`: --responsive --threshold 0.5 says `unknown` \
            where the models give no activity an even chance, instead of a brief wrong one (on HAPT's recorded \
            switches 0.44 s a switch on a wrong activity instead of 0.55 s, named 0.2 s later). Text output \
            prints a line whenever the activity changes (activity, confidence, since when); --json prints one \
            object per window: \
            {"timestamp","activity","confidence","since","probabilities":{...}}.

            --live follows the first IMU (or --device), asking it for --sensor-rate (default 100 Hz); with --wait \
            it waits for one to appear, and --wait is the default under systemd (INVOCATION_ID set; --no-wait \
            turns it off). When the sensor is unplugged it says "sensor removed, waiting" and resumes when it \
            comes back (with --any, on any IMU). When the IMU has a magnetometer, its calibration saved by \
            imu-calibrate is found by its bus key and named on stderr (--calibration FILE another, none none); a \
            saved file that is not a calibration is an error (status 12). --replay takes recordings written by imu-record or imu-import \
            (their raw readings go through the same fusion as a live sensor) and MotionSense device-motion CSV \
            files, replayed one after another.

            Without --model the bundled MotionSense model is used (downstairs, running, sitting, standing, upstairs, \
            walking). The model files are reloaded when one changes on disk or when the process receives SIGHUP, \
            without interrupting the stream.

            --live keeps a history (SQLite) of the CoreMotion activities it recognises (stationary, walking, \
            running, automotive, cycling, unknown, each with a low/medium/high confidence) and of the IMU coming \
            and going, committed at least once a second, in --history (default $STATE_DIRECTORY/history.sqlite \
            under systemd, else $XDG_STATE_HOME/imu-bridge/history.sqlite; `none` keeps none), pruned to \
            --retention days; imu-history reads it. --replay writes a history only when --history PATH is given, \
            dated as if the replay had started when the tool did.

            With --mqtt URL every activity change is published to <prefix>/<host>/<imu>/activity (QoS 1, retained; \
            the --json line), with a retained status (online, and offline as the last will); see docs/formats.md, \
            "MQTT". User name and password come from IMU_BRIDGE_MQTT_USERNAME and IMU_BRIDGE_MQTT_PASSWORD or the \
            --mqtt-config file (keys username, password), never from the command line. mqtts:// connects with TLS, \
            checking the broker's certificate and name against the system's CAs or the PEM CA file in \
            IMU_BRIDGE_MQTT_CA_FILE (key ca-file); a broker that requires client certificates gets the PEM \
            certificate and unencrypted key (mode 600) in IMU_BRIDGE_MQTT_CERT_FILE and IMU_BRIDGE_MQTT_KEY_FILE \
            (keys cert-file, key-file).

            More examples:
              imu-classify --live --wait --any --json  # as the systemd unit
              imu-classify --replay Fixtures/recordings/walking-to-sitting.imurec
              imu-classify --live --history none       # no history
              imu-classify --live --mqtt mqtt://broker.local --mqtt-home-assistant
              imu-classify --live --mqtt mqtts://broker.local      # TLS

            Exit status: 0 on success (or Ctrl-C); 3 no IIO subsystem, 4 no accelerometer, 5 no such IMU, \
            6 permission denied, 8 no samples in time (or no answer), 9 malformed sysfs value, 10 remote unreachable, 12 unreadable \
            or malformed input (an MQTT config file others may read, a TLS file that is missing or not PEM, a \
            magnetometer calibration), 11 history not writable, 13 model refused, \
            14 replayed input shorter than one window, 16 history database refused (not SQLite, damaged, another \
            application's, newer schema), 17 messages for the MQTT broker undelivered at the end; 64 usage error \
            (--sensor-rate 0.1...10000 Hz, --threshold 0...1, --smoothing 1...1000, --hop 1...the model's window, \
            --retention 1...3650 days, \
            --mqtt-motion-rate 0.1...100 Hz, --mqtt-queue 1...100000, a --mqtt URL that is not mqtt[s]://host[:port]); \
            1 anything else.
            """,
        version: ToolVersion.line
    )

    @Flag(help: "Classify the live IMU.")
    var live = false

    @Option(
        name: .customLong("replay"), parsing: .upToNextOption,
        help: ArgumentHelp("Recordings or MotionSense CSV files to replay, in order.", valueName: "file"))
    var replayFiles: [String] = []

    @OptionGroup(title: "With --live") var sensor: SensorOptions
    @OptionGroup(title: "With --live") var sensorRateOption: SensorRateOptions
    @OptionGroup(title: "With --live") var calibration: CalibrationOptions
    @OptionGroup var modelOptions: ModelOptions

    @Option(
        parsing: .unconditional,
        help: "Smoothed probability below which the activity is reported as unknown (default: 0.9; 0 with --responsive).")
    var threshold: Double?

    @Option(parsing: .unconditional, help: "Number of consecutive windows averaged (default: 3; 1 with --responsive).")
    var smoothing: Int?

    @Option(
        parsing: .unconditional,
        help: """
            Samples between predictions (default: the model's hop; 0.2 s with --responsive); each prediction still sees \
            a whole window.
            """)
    var hop: Int?

    @Flag(
        help: """
            Name activity changes within a second or two: a prediction every 0.2 s from single windows, no threshold, \
            and without --model the bundled 2 s model averaged beside the 4 s one (--hop, --smoothing and --threshold \
            given still apply).
            """)
    var responsive = false

    @OptionGroup var format: JSONOptions
    @OptionGroup var verbosity: VerbosityOptions

    @OptionGroup var labelMap: LabelMapOption
    @OptionGroup(title: "History") var history: HistoryOptions
    @OptionGroup(title: "History") var retention: RetentionOptions

    @OptionGroup(title: "MQTT") var mqtt: MQTTOptions
    @OptionGroup(title: "MQTT") var mqttClassifier: MQTTClassifierOptions

    private var device: String? { sensor.device }
    private var wait: Bool? { sensor.wait }
    private var any: Bool { sensor.any }
    private var uri: String { sensor.uri }
    private var sensorRate: Double { sensorRateOption.sensorRate ?? SensorRateOptions.fusionDefault }
    private var json: Bool { format.json }
    private var models: [String] { modelOptions.models }

    func validate() throws {
        if live == !replayFiles.isEmpty {
            throw ValidationError("give either --live or --replay FILE...")
        }
        if !live && (sensor.isGiven || sensorRateOption.sensorRate != nil || calibration.calibration != nil) {
            throw ValidationError("--device, --wait, --any, --sensor-rate and --calibration only apply with --live")
        }
        if live && labelMap.path != nil {
            throw ValidationError("--label-map only applies with --replay")
        }
        try mqttClassifier.validate(with: mqtt)
        if let threshold { try requireFlag("--threshold", threshold, in: 0...1) }
        if let smoothing { try requireFlag("--smoothing", smoothing, in: 1...1000, unit: "windows") }
        if let hop { try requireFlag("--hop", hop, in: 1...WindowConfiguration.sizeRange.upperBound, unit: "samples") }
        if retention.retention != nil && history.location(usesDefault: live) == nil {
            throw ValidationError("--retention only applies with a history (--live, or --replay with --history PATH)")
        }
    }

    func run() async throws {
        verbosity.bootstrap()
        let logger = Logger(label: "imu-classify")
        let live =
            live
            ? LiveMotionInput(
                device: device, wait: wait ?? runsUnderSystemd, any: any, uri: uri, sensorRate: sensorRate,
                calibration: calibration, logger: logger) : nil
        let (models, hop, json, replayFiles, labelMap, mqtt, mqttClassifier, responsive) = (
            models, hop, json, replayFiles, labelMap, mqtt, mqttClassifier, responsive
        )
        let threshold = threshold ?? (responsive ? 0 : 0.9)
        let smoothing = smoothing ?? (responsive ? 1 : 3)
        let (historyPath, retentionSeconds) = (history.location(usesDefault: self.live), retention.seconds)
        do {
            let sink = try historyPath.map { path in
                try Self.historySink(at: path, retention: retentionSeconds, live: live != nil)
            }
            let device = live == nil ? "replay" : device ?? ""
            try sink?.record(.started, device: device)
            defer { try? sink?.record(.stopped, device: device) }
            try await runCancellingOnInterrupt(onStreamThread: live != nil) {
                let modelSource = try ModelSource(paths: models, shortWindow: responsive, logger: logger)
                let rate = modelSource.current[0].window.sampleRate
                let hop = hop ?? (responsive ? max(1, Int((Self.responsiveHop * rate).rounded())) : nil)
                var pipeline = ClassificationPipeline(
                    modelSource: modelSource, hop: hop,
                    tracker: ActivityTracker(threshold: threshold, smoothing: smoothing),
                    output: PredictionPrinter(json: json), history: sink)
                // The stream's windows: the longest model's, at the first model's hop (checks the models go together).
                let window = try ModelEnsemble.windows(of: modelSource.current)
                if let live {
                    let hopSeconds = Double(hop ?? window.hop) / window.sampleRate
                    let (manager, imu) = try await live.motionManager(rate: window.sampleRate, hop: hopSeconds) { status in
                        sink?.record(status)
                    }
                    defer { manager.stopDeviceMotionUpdates() }
                    _ = try await ClassificationPublisher.run(mqtt, mqttClassifier, imu: imu, logger: logger) { publisher in
                        pipeline.publisher = publisher
                        return try await pipeline.run(motions: manager.deviceMotionUpdates(bufferingPolicy: .unbounded))
                    }
                } else {
                    let windows = try await ClassificationPublisher.run(mqtt, mqttClassifier, imu: "replay", logger: logger) { publisher in
                        pipeline.publisher = publisher
                        return try ReplayMotionSource(
                            files: replayFiles, window: window, labels: labelMap.labels(), logger: logger
                        )
                        .classify(through: pipeline)
                    }
                    guard windows > 0 else {
                        throw CommandFailure(
                            "the replayed input is shorter than one window (\(window.size) samples, "
                                + "\(DecimalText.string(window.duration, decimals: 2)) s): nothing was classified; replay a longer recording",
                            status: .notEnoughData)
                    }
                }
            }
        } catch is CancellationError {
            return
        } catch {
            throw exitReporting(error, tool: "imu-classify")
        }
    }

    /// Seconds between predictions with --responsive.
    static let responsiveHop = 0.2

    /// Opens the history at `path` (creating it), pruned to `retention` seconds, with activities dated in Unix
    /// seconds: a live stream's monotonic timestamps are shifted by the clocks' difference at each date (re-read, so a
    /// wall clock stepped by NTP dates what follows anew), a replay's (which start at 0) by the time it started.
    private static func historySink(at path: String, retention: Double, live: Bool) throws -> ActivityHistorySink {
        let recorder = try HistoryRecorder(
            store: try HistoryStore.openForWriting(at: path), retention: retention,
            commitInterval: ActivityHistorySink.commitInterval)
        return ActivityHistorySink(
            activities: MotionActivityManager(), recorder: recorder, replayStart: live ? nil : recorder.clock())
    }
}
