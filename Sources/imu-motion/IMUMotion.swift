import ArgumentParser
import CommandLineSupport
import DeviceMotionKit
import Foundation
import Logging
import MotionRecording
import MotionSamples
import Resampling

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
            Reads a CSV with the columns t_s, gyr_x, gyr_y, gyr_z, acc_x, acc_y, acc_z (seconds, rad/s and \
            m/s^2 specific force as IIO and BROAD report it: about +9.81 on the up axis at rest; extra columns \
            are ignored, .gz files are decompressed). Without the gyr_* columns the input is accelerometer-only: \
            gravity is a low-pass of the accelerometer, yaw and rotation rate are zero. Or reads a recording \
            (an .imurec directory, or its raw.csv) as imu-record writes it, replayed like a live source. The \
            samples are fused at their own rate (measured from the timestamps) by a VQF-style filter and the \
            result is resampled to --rate Hz. Duplicated, backward and nan/inf samples are dropped and counted \
            on stderr.

            Output (CSV with a header, or one JSON object per line with --json), in CoreMotion units and signs: \
            timestamp, attitude quaternion qw qx qy qz (xArbitraryZVertical), gravity (g, (0,0,-1) lying face \
            up), userAcceleration (g) and bias-corrected rotationRate (rad/s).

            Examples:
              imu-motion ../shared/data/broad/01_undisturbed_slow_rotation_A.csv.gz --rate 25 --output motion.csv
              imu-motion walking-20260122-101500-3f2a9c1d.imurec --rate 50

            With --benchmark, nothing is written; the filter's cost per input sample is measured instead.
            """)

    @Argument(
        help: "The input CSV file (or .csv.gz), or a recording directory (.imurec) or its raw.csv.")
    var input: String

    @Option(help: "Output rate in Hz.")
    var rate: Double = 25

    @Option(name: .shortAndLong, help: "Write the output to this file instead of stdout.")
    var output: String?

    @Flag(help: "Write one JSON object per line instead of CSV.")
    var json = false

    @Flag(help: "Measure the filter's cost per input sample instead of writing output.")
    var benchmark = false

    @Flag(name: .shortAndLong, help: "Log progress to stderr.")
    var verbose = false

    func validate() throws {
        try requireFlag("--rate", rate, in: DeviceMotionPipeline.outputRateRange, unit: "Hz")
    }

    func run() throws {
        bootstrapLogging(level: verbose ? .info : .warning)
        let logger = Logger(label: "imu-motion")
        do {
            let input = try MotionInput.load(path: self.input)
            logger.info("read \(input.summary) from \(self.input)")
            if benchmark {
                print(try FilterBenchmark(samples: try input.alignedSamples()).run().report(json: json))
                return
            }
            var pipeline = try DeviceMotionPipeline(
                outputRate: rate, hasGyroscope: input.hasGyroscope, inputRate: input.nominalRate)
            let motions = input.motions(through: &pipeline)
            if let repairs = Self.repairs(pipeline.inputStatistics) {
                printError("imu-motion: \(self.input): \(repairs)")
            }
            for event in pipeline.drainEvents() { logger.warning("\(event)") }
            try write(motions)
            logger.info(
                "wrote \(motions.count) estimates at \(rate) Hz from \(pipeline.inputRate ?? 0) Hz input")
        } catch {
            throw exitReporting(error, tool: "imu-motion")
        }
    }

    /// What the input alignment dropped, in words, or `nil` if nothing was.
    private static func repairs(_ statistics: StreamStatistics) -> String? {
        let counts = [
            (statistics.duplicates, "with a repeated timestamp"),
            (statistics.backwards, "with a backward timestamp"),
            (statistics.invalid, "with a nan or inf value"),
            (statistics.unpaired, "without a partner from the other sensor"),
        ].filter { $0.0 > 0 }
        guard !counts.isEmpty else { return nil }
        return "dropped " + counts.map { "\($0.0) readings \($0.1)" }.joined(separator: ", ")
            + " (a CSV row holds an accelerometer and a gyroscope reading); the rest was fused"
    }

    /// Writes the estimates as CSV or JSON lines to the output file or stdout.
    private func write(_ motions: [DeviceMotion]) throws {
        var text = json ? "" : MotionCSVWriter.header + "\n"
        for motion in motions {
            text += json ? try MotionJSON.line(motion) : MotionCSVWriter.row(motion)
            text += "\n"
        }
        if let output {
            do {
                try text.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure(
                    "cannot write \(output) (\(error.localizedDescription)); check that the directory exists and is writable",
                    status: .outputNotWritten)
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
