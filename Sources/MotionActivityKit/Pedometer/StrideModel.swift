import FoundationEssentials
import MotionRecording
import SystemPackage

/// Step length from cadence and the user's height, calibratable from a walk of known length.
///
/// Step length grows with cadence: `height × (base + slope × cadence)`, cadence in steps per second. The defaults
/// (`0.235 + 0.1 × cadence`) give 0.415 × height at 1.8 steps/s, the step-to-height rule of thumb pedometers offer as
/// their default (0.415 × height for men, 0.413 for women), growing to 0.535 × height at 3 steps/s (running); it is an
/// assumption about an average person, so ``scale`` corrects it for one: the ratio of a walked, known distance to the
/// distance the model gave for that walk.
public struct StrideModel: Hashable, Sendable, Codable {
    /// The heights the model accepts, in metres.
    public static let heightRange: ClosedRange<Double> = 0.5...2.5
    /// The calibration scales accepted (a calibration outside it means a miscounted walk).
    public static let scaleRange: ClosedRange<Double> = 0.3...3
    /// The step lengths a fixed ``stepLength`` may have, in metres.
    public static let stepLengthRange: ClosedRange<Double> = 0.1...3
    /// The height assumed when none is given, in metres.
    public static let defaultHeight = 1.70

    /// The user's height in metres.
    public var height: Double
    /// The personal correction of the population model (1 when uncalibrated).
    public var scale: Double
    /// A fixed step length in metres that replaces the model when set (`--stride-length`).
    public var stepLength: Double?
    /// Step length per metre of height at zero cadence.
    public var base = 0.235
    /// Step length per metre of height per step/s of cadence.
    public var slope = 0.1

    private enum CodingKeys: String, CodingKey {
        case height = "height_m"
        case scale
        case stepLength = "step_length_m"
    }

    /// The uncalibrated model for a user of ``defaultHeight``.
    public static let average = StrideModel(checkedHeight: defaultHeight, scale: 1, stepLength: nil)

    private init(checkedHeight height: Double, scale: Double, stepLength: Double?) {
        self.height = height
        self.scale = scale
        self.stepLength = stepLength
    }

    /// A model for a user `height` metres tall, with a calibration `scale` or a fixed `stepLength`.
    public init(height: Double = defaultHeight, scale: Double = 1, stepLength: Double? = nil) throws(PedometerError) {
        guard height.isFinite, Self.heightRange.contains(height) else {
            throw .invalidParameter("the height \(height) m is outside 0.5...2.5 m")
        }
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw .invalidParameter("the stride calibration scale \(scale) is outside 0.3...3")
        }
        if let stepLength, !(stepLength.isFinite && Self.stepLengthRange.contains(stepLength)) {
            throw .invalidParameter("the step length \(stepLength) m is outside 0.1...3 m")
        }
        self.init(checkedHeight: height, scale: scale, stepLength: stepLength)
    }

    /// Decodes and range-checks a stored model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            height: try container.decode(Double.self, forKey: .height),
            scale: try container.decodeIfPresent(Double.self, forKey: .scale) ?? 1,
            stepLength: try container.decodeIfPresent(Double.self, forKey: .stepLength))
    }

    /// The length in metres of a step taken at `cadence` steps per second (cadence clamped to 0.5...4 steps/s).
    public func stepLength(atCadence cadence: Double) -> Double {
        if let stepLength { return stepLength }
        let clamped = cadence.isFinite ? min(max(cadence, 0.5), 4) : 1.8
        return height * (base + slope * clamped) * scale
    }

    /// This model calibrated so that a walk whose steps the model measured as `modelledDistance` metres (at
    /// scale 1) is `knownDistance` metres long; fails when the ratio is outside ``scaleRange``.
    public func calibrated(knownDistance: Double, modelledDistance: Double) throws(PedometerError) -> StrideModel {
        guard knownDistance.isFinite, knownDistance > 0, modelledDistance.isFinite, modelledDistance > 0 else {
            throw .invalidParameter("cannot calibrate: the walk has no steps, or the known distance is not positive")
        }
        let ratio = knownDistance / modelledDistance
        guard Self.scaleRange.contains(ratio) else {
            throw .invalidParameter(
                "cannot calibrate: \(knownDistance) m walked against \(modelledDistance) m modelled gives a scale \(ratio) "
                    + "outside 0.3...3; check the distance and that the recording is that walk")
        }
        return try StrideModel(height: height, scale: ratio)
    }

    /// Largest stride calibration file read, in bytes: a written one is under 100.
    public static let maximumFileSize = 64 << 10

    /// Reads a model stored by ``write(to:)``: a regular file of at most ``maximumFileSize`` bytes (a device, FIFO or
    /// directory, or a longer file, is refused before it is read).
    public static func read(from path: String) throws(PedometerError) -> StrideModel {
        let contents: [UInt8]?
        do {
            contents = try FileIO.readIfPresent(FilePath(path), limit: maximumFileSize)
        } catch {
            guard case .readFailed(_, let reason) = error else {
                throw .unreadableCalibration(path: path, reason: error.description)
            }
            throw .unreadableCalibration(path: path, reason: reason)
        }
        guard let bytes = contents else { throw .unreadableCalibration(path: path, reason: "no such file") }
        do {
            return try JSONDecoder().decode(StrideModel.self, from: Data(bytes))
        } catch let error as PedometerError {
            throw .unreadableCalibration(path: path, reason: error.description)
        } catch {
            throw .unreadableCalibration(path: path, reason: "not a stride calibration (JSON with height_m and scale)")
        }
    }

    /// Writes the model as JSON (`height_m`, `scale`, `step_length_m` when fixed) to `path`, atomically
    /// (``OutputFile``: a device such as `/dev/null` is written, not replaced).
    public func write(to path: String) throws(PedometerError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes: [UInt8]
        do {
            bytes = Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
        } catch {
            throw .calibrationNotWritten(path: path, reason: "\(error)")
        }
        do {
            try OutputFile.write(bytes, to: path)
        } catch {
            throw .calibrationNotWritten(path: path, reason: error.reason)
        }
    }
}
