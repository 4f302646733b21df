import ActivityKit
import CommandLineSupport
import DatasetImporters
import DeviceMotionKit
import FoundationEssentials
import IIOSensors
import Logging
import MotionActivityKit
import MotionRecording
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// What imu-steps does once its flags are checked: counts recordings, counts live, or calibrates the stride model.
struct StepCounting: Sendable {
    /// The device-motion rate, in Hz.
    let rate: Double
    /// Whether lines are JSON.
    let json: Bool
    /// The stride calibration file, if given.
    let calibrationPath: String?
    /// The user's height, if given.
    let height: Double?
    /// A fixed step length, if given.
    let strideLength: Double?
    /// Where progress is logged.
    let logger: Logger

    /// The stride model the flags and calibration file describe.
    func strideModel(readingCalibration: Bool = true) throws -> StrideModel {
        var model = StrideModel.average
        if readingCalibration, let calibrationPath { model = try StrideModel.read(from: calibrationPath) }
        if let height { model = try StrideModel(height: height, scale: model.scale) }
        if let strideLength { model = try StrideModel(height: model.height, scale: model.scale, stepLength: strideLength) }
        return model
    }

    /// Counts each recording on its own and prints a row (or JSON line) per recording.
    func count(_ paths: [String]) throws {
        let model = try strideModel()
        if !json { print(StepsLine.header(live: false)) }
        for (input, data, counted) in try measure(paths, model: model) {
            let line = StepsLine(data, recording: input, countedSteps: counted)
            print(json ? try line.json() : line.text)
        }
    }

    /// Calibrates the stride model from recordings of one walk of `distance` metres and writes it.
    func calibrate(distance: Double, from paths: [String]) throws {
        let uncalibrated = try strideModel(readingCalibration: false)
        let measured = try measure(paths, model: uncalibrated)
        let steps = measured.reduce(0) { $0 + $1.data.numberOfSteps }
        let modelled = measured.reduce(0.0) { $0 + ($1.data.distance ?? 0) }
        guard steps > 0 else {
            throw CommandFailure(
                "no steps in the calibration walk: nothing to calibrate from; record a walk of at least a few steps",
                status: .notEnoughData)
        }
        let calibrated = try uncalibrated.calibrated(knownDistance: distance, modelledDistance: modelled)
        guard let calibrationPath else { return }
        try calibrated.write(to: calibrationPath)
        printError(
            "imu-steps: \(steps) steps, \(DecimalText.string(modelled, decimals: 1)) m by the model for \(DecimalText.string(distance, decimals: 1)) m walked: "
                + "scale \(DecimalText.string(calibrated.scale, decimals: 3)) written to \(calibrationPath)")
    }

    /// The pedometer data of each input over its whole length, with its counted steps when it has them.
    private func measure(_ paths: [String], model: StrideModel) throws -> [(input: String, data: PedometerData, counted: Int?)] {
        let loader = try SessionLoader(sampleRate: rate, labels: .canonical, fileFormats: DatasetFiles.formats)
        var results: [(String, PedometerData, Int?)] = []
        for input in try loader.inputs(from: paths) {
            let pedometer = try Pedometer(sampleRate: rate, strideModel: model)
            var (first, last): (Double?, Double?) = (nil, nil)
            let summary = try loader.stream(input) { motions in
                try Task.checkCancellation()
                for motion in motions {
                    first = first ?? motion.timestamp
                    last = motion.timestamp
                    pedometer.process(motion)
                }
            }
            guard let first, let last else {
                throw CommandFailure("\(input.path): no device motion to count steps in", status: .notEnoughData)
            }
            logger.info("\(summary.name): \(summary.motionCount) samples, \(pedometer.numberOfSteps) steps")
            let counted: Int? =
                if case .recording = input { try? RecordingReader.readMetadata(FilePath(input.path)).countedSteps } else { nil }
            results.append((summary.name, try pedometer.queryPedometerData(from: first, to: last), counted))
        }
        return results
    }

    /// Counts steps live until Ctrl-C: a line whenever steps (or, with a barometer, floors) are counted.
    ///
    /// The barometer is polled between device-motion estimates every `IIOPressureReader.pollInterval` of the IMU's
    /// time, and each reading is stamped with the estimate's timestamp: one monotonic clock for steps and floors, off
    /// by at most a buffer's length (0.25 s) against the barometer's 2 s smoothing. A value out of range ends the run
    /// (status 9); a barometer that cannot be read any more (unplugged) is dropped with a warning, floors stay.
    func countLive(from input: LiveStepsInput) async throws {
        let pedometer = try Pedometer(sampleRate: rate, strideModel: try strideModel())
        var (manager, barometer) = try await input.open(rate: rate)
        defer { manager.stopDeviceMotionUpdates() }
        var started = false
        var failure: (any Error)?
        var nextPoll = -Double.infinity
        for try await motion in manager.deviceMotionUpdates(bufferingPolicy: .unbounded) {
            if !started {
                started = true
                if !json {
                    print(StepsLine.header(live: true))
                    fflush(nil)
                }
                pedometer.startUpdates(from: motion.timestamp) { data in
                    do {
                        let line = StepsLine(data)
                        print(json ? try line.json() : line.text)
                        // Each update is flushed at once, so a pipe or a log sees the step when it happens.
                        fflush(nil)
                    } catch {
                        failure = error
                    }
                }
            }
            pedometer.process(motion)
            if let reader = barometer, motion.timestamp >= nextPoll {
                nextPoll = motion.timestamp + IIOPressureReader.pollInterval
                do {
                    pedometer.process(pressureKilopascal: try reader.read(), timestamp: motion.timestamp)
                } catch {
                    if case .malformedAttribute = error { throw error }
                    logger.warning("\(reader.barometer.name): \(error); counting floors stops here")
                    barometer = nil
                }
            }
            if let failure { throw failure }
        }
    }
}
