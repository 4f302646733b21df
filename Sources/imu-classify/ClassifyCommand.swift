import ActivityKit
import ArgumentParser
import CommandLineSupport
import FoundationEssentials
import IIOSensors
import Logging

/// `imu-classify`: names the current activity from the live IMU or from replayed sessions.
@main
struct ClassifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imu-classify",
        abstract: "Recognise activities live from the IMU, or in replayed sessions.",
        discussion: """
            Fuses the accelerometer and gyroscope into device motion at the model's rate, cuts it into the model's \
            overlapping windows (a ring buffer: one prediction per hop) and averages the last --smoothing windows. \
            Below --threshold the activity is reported as `unknown`. Text output prints a line whenever the activity \
            changes (activity, confidence, since when); --json prints one object per window: \
            {"timestamp","activity","confidence","since","probabilities":{...}}.

            --live follows the first IMU (or --device); with --wait it waits for one to appear, and --wait is the default \
            under systemd (INVOCATION_ID set; --no-wait turns it off). When the sensor is \
            unplugged it says "sensor removed, waiting" and resumes when it comes back (with --any, on any IMU). \
            --replay takes recordings written by imu-record or imu-import (their raw readings go through the same \
            fusion as a live sensor) and MotionSense device-motion CSV files, replayed one after another.

            Without --model the bundled MotionSense model is used (downstairs, jogging, sitting, standing, upstairs, \
            walking). The model file is reloaded when it changes on disk or when the process receives SIGHUP, without \
            interrupting the stream.

            Examples:
              imu-classify --live
              imu-classify --live --wait --any --json          # as the systemd unit
              imu-classify --live --device lsm6dso --model my.model --threshold 0.8
              imu-classify --replay Fixtures/recordings/walking-to-sitting.imurec
              imu-classify --replay ../shared/data/motionsense/A_DeviceMotion_data/wlk_7/sub_1.csv.gz --json

            Exit status: 0 on success (or Ctrl-C); 1 unreadable model or input; 3 no IIO subsystem, \
            4 no accelerometer, 5 no such IMU, 6 permission denied, 8 no samples in time, 9 malformed sysfs \
            value, 10 remote unreachable; 64 usage error.
            """
    )

    @Flag(help: "Classify the live IMU.")
    var live = false

    @Option(name: .customLong("replay"), parsing: .upToNextOption, help: "Recordings or MotionSense CSV files to replay, in order.")
    var replayFiles: [String] = []

    @Option(help: "With --live: the IMU, a name or device name from imu-list, an iio:deviceN id, or an index. Default: the first.")
    var device: String?

    @Flag(
        inversion: .prefixedNo,
        help: "With --live: wait for an IMU if none is present instead of failing (default: wait under systemd, else fail).")
    var wait: Bool?

    @Flag(help: "With --live: after an unplug, accept any IMU that appears, not only the same one.")
    var any = false

    @Option(help: "With --live: sensor sampling rate to ask for, in Hz (fusion runs at the sensor rate).")
    var sensorRate = 100.0

    @Option(help: "With --live: libiio context URI.")
    var uri = "local:"

    @Option(help: "Model file written by imu-train (default: the bundled MotionSense model).")
    var model: String?

    @Option(help: "Smoothed probability below which the activity is reported as unknown.")
    var threshold = 0.9

    @Option(help: "Number of consecutive windows averaged.")
    var smoothing = 3

    @Flag(help: "Print one JSON object per window instead of a line per change.")
    var json = false

    @Flag(name: .shortAndLong, help: "Log the model, the inputs and the capture details to stderr.")
    var verbose = false

    func validate() throws {
        if live == !replayFiles.isEmpty { throw ValidationError("give either --live or --replay FILE...") }
        if !live && (device != nil || wait != nil || any) { throw ValidationError("--device, --wait and --any only apply with --live") }
        if !(0...1).contains(threshold) { throw ValidationError("--threshold must be between 0 and 1") }
        if smoothing < 1 { throw ValidationError("--smoothing must be at least 1") }
        if !(sensorRate > 0) { throw ValidationError("--sensor-rate must be a positive number of Hz") }
    }

    func run() async throws {
        bootstrapLogging(level: verbose ? .info : .warning)
        let logger = Logger(label: "imu-classify")
        let live = live ? LiveMotionInput(device: device, wait: wait ?? runsUnderSystemd, any: any, uri: uri, sensorRate: sensorRate, logger: logger) : nil
        let (model, threshold, smoothing, json, replayFiles) = (model, threshold, smoothing, json, replayFiles)
        do {
            try await runCancellingOnInterrupt {
                let modelSource = try ModelSource(path: model, logger: logger)
                let pipeline = ClassificationPipeline(
                    modelSource: modelSource, tracker: ActivityTracker(threshold: threshold, smoothing: smoothing),
                    output: PredictionPrinter(json: json))
                let rate = modelSource.current.window.sampleRate
                if let live {
                    try await pipeline.run(motions: live.motions(rate: rate))
                } else {
                    try await pipeline.run(motions: ReplayMotionSource(files: replayFiles, sampleRate: rate, logger: logger).motions())
                }
            }
        } catch is CancellationError {
            return
        } catch let error as IIOSensorError {
            printError("imu-classify: \(error)")
            throw ExitCode(error.exitCode)
        } catch let error as ActivityError {
            printError("imu-classify: \(error)")
            throw ExitCode.failure
        }
    }
}
