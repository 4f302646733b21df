import ArgumentParser
import CommandLineSupport
import DeviceMotionKit
import Logging
import MotionRecording
import MotionSamples
import Resampling
import SystemPackage

/// `imu-motion`: raw accelerometer + gyroscope samples in, CoreMotion-style device motion out.
@main
struct IMUMotion: ParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() { mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-motion",
        abstract:
            "Fuse raw IMU samples from a CSV or a recording into CoreMotion-style device motion at a fixed rate.",
        discussion: """
              imu-motion walk.imurec                   # a recording, CSV at 25 Hz
              imu-motion imu.csv.gz --rate 50 -o motion.csv
              imu-motion walk.imurec --json | jq .attitude

            Reads a CSV with the columns t_s, gyr_x, gyr_y, gyr_z, acc_x, acc_y, acc_z (seconds, rad/s and \
            m/s^2 specific force as IIO and BROAD report it: about +9.81 on the up axis at rest; extra columns \
            are ignored, .gz files are decompressed). Without the gyr_* columns the input is accelerometer-only: \
            gravity is a low-pass of the accelerometer, yaw and rotation rate are zero. Or reads a recording \
            (an .imurec directory, or its raw.csv) as imu-record writes it, replayed like a live source. The \
            samples are fused at their own rate (measured from the timestamps) by a VQF-style filter and the \
            result is resampled to --rate Hz (0.1...1000, default 25). Duplicated, backward and nan/inf \
            samples are dropped and counted on stderr.

            Output (CSV with a header, or one JSON object per line with --json), a recording's motion.csv \
            columns in CoreMotion units and signs: timestamp, attitude_w..z (unit quaternion in the reference \
            frame, z up; xArbitraryZVertical by default), gravity_x..z (g, (0,0,-1) lying face up), \
            user_acceleration_x..z (g) and bias-corrected rotation_rate_x..z (rad/s); in JSON each field is one \
            object ({"x","y","z"}).

            With --reference-frame other than x-arbitrary-z-vertical, the input needs mag_x, mag_y, mag_z columns \
            (microtesla, sensor axes, as BROAD has them): the magnetometer corrects the heading (slowly, time \
            constant 9 s; held on the gyroscope while the field's norm or dip says it is disturbed), the north \
            frames are north-west-up, and the output adds heading (degrees clockwise from north, 0..<360, in the \
            north frames; empty before the first reading and in x-arbitrary-corrected-z-vertical) and \
            magnetic_field x, y, z (microtesla) with its accuracy: with --calibration FILE (imu-calibrate's result; a \
            file out of range is refused with status 12) the readings corrected by it and its accuracy from the \
            start. The calibration is also estimated online from the readings (the fit imu-calibrate makes) and takes \
            over whenever its accuracy is better: without a file (or with none) the field is uncalibrated until the \
            device has turned through enough directions for low, then medium and high. A recording of format 3 \
            carries its magnetometer's readings and the calibration imu-record used, which is applied unless \
            --calibration names another file or none. \
            x-true-north-z-vertical needs the declination: --latitude DEG --longitude DEG [--date YYYY-MM-DD, \
            default today] from the World Magnetic Model 2025 (valid 2025-01-01 to 2029-12-31), or --declination DEG.

            More examples:
              imu-motion --benchmark broad/01_undisturbed_slow_rotation_A.csv.gz
              imu-motion mag.csv --reference-frame x-magnetic-north-z-vertical
              imu-motion mag.csv --reference-frame x-true-north-z-vertical --declination 3

            With --offline, gravity is estimated forward and backward over the recording instead of causally, as \
            a live sensor must (the filter's low-pass of the specific force run backwards too, which removes its \
            lag): for recordings whose attitude matters. On BROAD the inclination error in motion drops from \
            0.72° to 0.55°; the outputs are the same instants, and the attitude keeps its heading (imu-train and \
            imu-eval take --offline too; models trained so were not more accurate on MotionSense or HAPT). It holds at most 60 s of \
            outputs (twice 10 time constants of the filter; 15 s without a gyroscope) and needs --rate 1 or more.

            With --benchmark, nothing is written; the filter's cost per input sample is measured instead.
            """,
        version: ToolVersion.line)

    @Argument(
        help: "The input CSV file (or .csv.gz), or a recording directory (.imurec) or its raw.csv.")
    var input: String

    @OptionGroup var motionRate: MotionRateOptions
    @OptionGroup var destination: OutputOptions
    @OptionGroup var format: JSONOptions
    @OptionGroup var frame: ReferenceFrameOptions

    @OptionGroup var calibration: CalibrationOptions

    @OptionGroup var fusion: FusionModeOptions

    @Flag(help: "Measure the filter's cost per input sample instead of writing output.")
    var benchmark = false

    @OptionGroup var verbosity: VerbosityOptions

    /// The device-motion rate written, in Hz.
    private var rate: Double { motionRate.rate }
    /// Causal or forward-backward gravity.
    private var mode: FusionMode { fusion.mode }
    /// The file written, or nil for stdout.
    private var output: String? { destination.output }
    private var json: Bool { format.json }

    func validate() throws {
        try requireFlag("--rate", rate, in: DeviceMotionPipeline.outputRateRange, unit: "Hz")
        if fusion.offline {
            try requireFlag("--rate", rate, in: DeviceMotionPipeline.offlineOutputRateRange, unit: "Hz with --offline")
        }
    }

    /// Most samples `--benchmark` reads (the start of a longer file), so that it needs bounded memory.
    static let benchmarkSampleLimit = 1_000_000

    func run() throws {
        verbosity.bootstrap()
        let logger = Logger(label: "imu-motion")
        do {
            let input = try MotionInput.open(path: self.input)
            let magnetometerCalibration = try input.calibration(calibration)?.calibration
            let referenceFrame = frame.referenceFrame
            if referenceFrame.needsMagnetometer && !(input.hasMagnetometer && input.hasGyroscope) {
                throw InputError.frameNeedsMagnetometer(self.input, frame.referenceFrameName)
            }
            if benchmark {
                let (samples, magnetometer) = try input.alignedSamples(limit: Self.benchmarkSampleLimit)
                guard samples.count >= 2 else { throw InputError.empty(self.input) }
                let benchmark = FilterBenchmark(
                    samples: samples, magnetometer: referenceFrame.needsMagnetometer ? magnetometer : [],
                    referenceFrame: referenceFrame, declination: frame.trueNorthDeclination, mode: mode)
                print(try benchmark.run().report(json: json))
                return
            }
            var updates = try MotionUpdateLoop(
                outputRate: rate, hasGyroscope: input.hasGyroscope, mode: mode, referenceFrame: referenceFrame,
                declination: frame.trueNorthDeclination, magnetometerCalibration: magnetometerCalibration)
            let output = try MotionOutput(path: output, json: json, magnetic: referenceFrame.needsMagnetometer)
            var written = 0
            let readings = try input.motions(through: &updates, source: self.input) { motions in
                written += motions.count
                try output.write(motions)
            }
            try output.finish()
            if let repairs = updates.inputStatistics.droppedReadings {
                printStatus("imu-motion: \(self.input): \(repairs)")
            }
            for event in updates.drainEvents() { logger.warning("\(event)") }
            logger.info(
                "wrote \(written) estimates at \(rate) Hz from \(readings) readings at \(updates.inputRate ?? 0) Hz")
        } catch {
            throw exitReporting(error, tool: "imu-motion")
        }
    }
}
