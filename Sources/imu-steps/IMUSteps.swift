import ActivityKit
import ArgumentParser
import CommandLineSupport
import DeviceMotionKit
import Logging
import MotionActivityKit

/// `imu-steps`: counts steps, distance, cadence and pace in recordings or live, like CoreMotion's CMPedometer.
@main
struct IMUSteps: AsyncParsableCommand {
    /// Runs the tool, its memory set up first for the hours it may stream; usage errors are reported like every other
    /// failure (one line, status 64).
    static func main() {
        mainStreaming()
    }

    static let configuration = CommandConfiguration(
        commandName: "imu-steps",
        abstract: "Count steps, distance, cadence and pace in recordings or live from the IMU.",
        discussion: """
              imu-steps walk.imurec                     # one row per recording
              imu-steps --live --json                   # a line per step, until Ctrl-C
              imu-steps --height 1.82 recordings/*.imurec

            Steps are peaks of vertical user acceleration (device motion fused at --rate) in a gait rhythm: isolated \
            peaks, pseudo-peaks closer than the fastest cadence (210/min), and oscillations faster than a step cycle \
            (a shaken device, vibration, typing) count nothing. Distance comes from a stride model: step length grows \
            with cadence and height (--height, default 1.70 m), corrected by a calibration (--stride-calibration, \
            written by --calibrate-distance from a walk of known length) or replaced by a fixed --stride-length. \
            Pace is seconds per metre in JSON (CoreMotion's unit), minutes per km in the table.

            Recordings (imu-record, imu-import) are fused from their raw readings like a live sensor; MotionSense \
            device-motion CSV files are read too. A recording with counted_steps in its recording.json (imu-import \
            oxford-steps) shows that count and the error beside the pedometer's. --json prints one object per \
            recording (per update with --live): timestamp, start, number_of_steps, distance, current_cadence, \
            current_pace, average_active_pace, floors_ascended, floors_descended, counted_steps (docs/formats.md).

            Floors: with --live and a barometer (an IIO pressure sensor such as a bmp280 or lps22hb; the one beside the \
            IMU, else the only one: imu-list shows it), each 3 m climbed or descended while walking is a floor; \
            floors_ascended and floors_descended appear only with a barometer. A pressure outside 30...110 kPa is a \
            malformed sysfs value (status 9). With --live and a magnetometer, the IMU's calibration saved by \
            imu-calibrate is found by its bus key and named on stderr (--calibration FILE another, none none); a saved \
            file that is not a calibration is an error (status 12).

            Calibrating from a walk of 100 m, then using it:
              imu-steps --calibrate-distance 100 --stride-calibration s.json walk.imurec
              imu-steps --stride-calibration s.json --live

            Exit status: 0 on success (or Ctrl-C); 3 no IIO subsystem, 4 no accelerometer, 5 no such IMU, \
            6 permission denied, 8 no samples in time (or no answer), 9 malformed sysfs value, 10 remote unreachable, 11 the stride \
            calibration cannot be written, 12 unreadable or malformed input, stride or magnetometer calibration, 14 no steps to \
            calibrate from; 64 usage error (--rate 10...200 Hz, --height 0.5...2.5 m, --stride-length 0.1...3 m, \
            --calibrate-distance 1...100000 m, --sensor-rate 0.1...10000 Hz); 1 anything else.
            """,
        version: ToolVersion.line
    )

    @Argument(help: ArgumentHelp("Recordings or MotionSense CSV files.", valueName: "recording"))
    var recordings: [String] = []

    @Flag(help: "Count steps live from the IMU, until Ctrl-C.")
    var live = false

    @OptionGroup(title: "With --live") var sensor: SensorOptions
    @OptionGroup(title: "With --live") var sensorRateOption: SensorRateOptions
    @OptionGroup(title: "With --live") var calibration: CalibrationOptions
    @OptionGroup var motionRate: MotionRateOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The user's height in metres, for the stride model.", valueName: "metres"))
    var height: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("A fixed step length in metres instead of the stride model.", valueName: "metres"))
    var strideLength: Double?

    @Option(
        help: ArgumentHelp(
            "A stride calibration file to read (or, with --calibrate-distance, to write).", valueName: "file"))
    var strideCalibration: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Calibrate the stride model: the recordings are one walk of this many metres; writes --stride-calibration.",
            valueName: "metres"))
    var calibrateDistance: Double?

    @OptionGroup var format: JSONOptions
    @OptionGroup var verbosity: VerbosityOptions

    /// The device-motion rates the step detector is run at, in Hz.
    static let rateRange = 10.0...200.0
    /// The distances a calibration walk may have, in metres.
    static let calibrationDistanceRange = 1.0...100_000.0

    func validate() throws {
        if live == !recordings.isEmpty { throw ValidationError("give either --live or recordings to count steps in") }
        if !live && (sensor.isGiven || sensorRateOption.sensorRate != nil || calibration.calibration != nil) {
            throw ValidationError("--device, --wait, --any, --sensor-rate and --calibration only apply with --live")
        }
        try requireFlag("--rate", motionRate.rate, in: Self.rateRange, unit: "Hz")
        if let height { try requireFlag("--height", height, in: StrideModel.heightRange, unit: "m") }
        if let strideLength { try requireFlag("--stride-length", strideLength, in: StrideModel.stepLengthRange, unit: "m") }
        if let calibrateDistance {
            try requireFlag("--calibrate-distance", calibrateDistance, in: Self.calibrationDistanceRange, unit: "m")
            if live { throw ValidationError("--calibrate-distance calibrates from recordings of the walk, not --live") }
            if strideCalibration == nil {
                throw ValidationError("--calibrate-distance needs --stride-calibration FILE to write the calibration to")
            }
            if strideLength != nil { throw ValidationError("--calibrate-distance and --stride-length do not go together") }
        }
    }

    func run() async throws {
        verbosity.bootstrap()
        let logger = Logger(label: "imu-steps")
        let counting = StepCounting(
            rate: motionRate.rate, json: format.json, calibrationPath: strideCalibration, height: height,
            strideLength: strideLength, logger: logger)
        let liveInput =
            live
            ? LiveStepsInput(
                device: sensor.device, wait: sensor.waits(otherwise: runsUnderSystemd), any: sensor.any, uri: sensor.uri,
                sensorRate: sensorRateOption.sensorRate ?? SensorRateOptions.fusionDefault, calibration: calibration,
                logger: logger) : nil
        let (recordings, calibrateDistance) = (recordings, calibrateDistance)
        do {
            try await runCancellingOnInterrupt(onStreamThread: liveInput != nil) {
                if let liveInput {
                    try await counting.countLive(from: liveInput)
                } else if let calibrateDistance {
                    try counting.calibrate(distance: calibrateDistance, from: recordings)
                } else {
                    try counting.count(recordings)
                }
            }
        } catch is CancellationError {
            return
        } catch {
            throw exitReporting(error, tool: "imu-steps")
        }
    }
}
