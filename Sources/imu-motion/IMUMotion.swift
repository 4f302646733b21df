import ArgumentParser
import DeviceMotionKit
import Foundation
import Logging
import MotionSamples

/// `imu-motion`: raw accelerometer + gyroscope samples in, CoreMotion-style device motion out.
@main
struct IMUMotion: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imu-motion",
        abstract: "Fuse raw IMU samples from a CSV into CoreMotion-style device motion at a fixed rate.",
        discussion: """
            Reads a CSV with the columns t_s, gyr_x, gyr_y, gyr_z, acc_x, acc_y, acc_z (seconds, rad/s and \
            m/s^2 specific force as IIO and BROAD report it: about +9.81 on the up axis at rest; extra columns \
            are ignored, .gz files are decompressed). The samples are fused at their own rate by a VQF-style \
            filter and the result is resampled to --rate Hz.

            Output (CSV with a header, or one JSON object per line with --json), in CoreMotion units and signs: \
            timestamp, attitude quaternion qw qx qy qz (xArbitraryZVertical), gravity (g, (0,0,-1) lying face \
            up), userAcceleration (g) and bias-corrected rotationRate (rad/s).

            Example:
              imu-motion ../shared/data/broad/01_undisturbed_slow_rotation_A.csv.gz --rate 25 --output motion.csv

            With --benchmark, nothing is written; the filter's cost per input sample is measured instead.
            """)

    @Argument(help: "The input CSV file (or .csv.gz).")
    var input: String

    @Option(help: "Output rate in Hz.")
    var rate: Double = 25

    @Option(name: .shortAndLong, help: "Write the output to this file instead of stdout.")
    var output: String?

    @Flag(help: "Write one JSON object per line instead of CSV.")
    var json = false

    @Flag(help: "Measure the filter's cost per input sample instead of writing output.")
    var benchmark = false

    func validate() throws {
        guard rate.isFinite, rate > 0, rate <= 10_000 else {
            throw ValidationError("--rate must be a number of Hz between 0 and 10000, e.g. --rate 25")
        }
    }

    func run() throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        let logger = Logger(label: "imu-motion")
        do {
            let samples = try RawSampleCSV.load(path: input).samples
            guard !samples.isEmpty else { throw InputError.empty(input) }
            logger.info("read \(samples.count) samples from \(input)")
            if benchmark {
                print(FilterBenchmark(samples: samples).run().report(json: json))
                return
            }
            var pipeline = try DeviceMotionPipeline(outputRate: rate, hasGyroscope: true)
            var motions: [DeviceMotion] = []
            motions.reserveCapacity(Int(Double(samples.count) * rate / max(1, pipeline.inputRate ?? rate)) + 16)
            pipeline.append(samples: samples, into: &motions)
            pipeline.finish(into: &motions)
            for event in pipeline.drainEvents() { logger.warning("\(event)") }
            try write(motions)
            logger.info("wrote \(motions.count) estimates at \(rate) Hz")
        } catch let error as InputError {
            throw CommandFailure(message: error.description)
        } catch let error as MotionError {
            throw CommandFailure(message: error.description)
        }
    }

    /// Writes the estimates as CSV or JSON lines to the output file or stdout.
    private func write(_ motions: [DeviceMotion]) throws {
        var text = json ? "" : MotionCSVWriter.header + "\n"
        for motion in motions {
            text += json ? MotionJSON.line(motion) : MotionCSVWriter.row(motion)
            text += "\n"
        }
        if let output {
            do {
                try text.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure(message: "cannot write \(output) (\(error.localizedDescription)): check the directory exists and is writable")
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
