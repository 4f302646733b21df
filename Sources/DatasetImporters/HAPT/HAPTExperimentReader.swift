import MotionRecording
import MotionSamples

/// One HAPT experiment's accelerometer and gyroscope files read side by side, one sample index at a time in bounded
/// memory; shared by the segments of the experiment, it moves forward through the files and starts again only when
/// a segment begins before where it is.
public final class HAPTExperimentReader {
    /// The experiment's number.
    public let experiment: Int
    /// The user's number.
    public let user: Int
    /// The index of the sample ``next()`` gives.
    public private(set) var nextIndex = 0
    /// Whether a damaged line was met, after which only ``rewind()`` reads on.
    public private(set) var needsRewind = false
    private let accelerationPath: String
    private let rotationRatePath: String
    private var acceleration: DatasetLines
    private var rotationRate: DatasetLines

    /// Opens the files of the experiment `segment` belongs to, in the `RawData` folder under `root`.
    public init(of segment: HAPTImporter.Segment, in root: String) throws(DatasetImportError) {
        let folder = try HAPTImporter.rawDataFolder(in: root)
        let stem = "\(segment.experimentName)_\(segment.subject).txt"
        experiment = segment.experiment
        user = segment.user
        accelerationPath = try HAPTImporter.existingFile(folder + "/acc_" + stem)
        rotationRatePath = try HAPTImporter.existingFile(folder + "/gyro_" + stem)
        acceleration = try DatasetLines(path: accelerationPath, blankLines: .refusedBeforeData)
        rotationRate = try DatasetLines(path: rotationRatePath, blankLines: .refusedBeforeData)
    }

    /// Whether `segment` is of this reader's experiment.
    public func reads(_ segment: HAPTImporter.Segment) -> Bool {
        segment.experiment == experiment && segment.user == user
    }

    /// Reads from the first sample again.
    public func rewind() throws(DatasetImportError) {
        acceleration = try DatasetLines(path: accelerationPath, blankLines: .refusedBeforeData)
        rotationRate = try DatasetLines(path: rotationRatePath, blankLines: .refusedBeforeData)
        nextIndex = 0
        needsRewind = false
    }

    /// The next sample's acceleration (in g, CoreMotion's sign) and rotation rate (rad/s), or `nil` once either
    /// file ends; fails with the line for a line that is not three numbers, or a blank line among the samples.
    public func next() throws(DatasetImportError) -> (acceleration: Vector3, rotationRate: Vector3)? {
        let specificForce: Vector3?
        let rate: Vector3?
        do {
            specificForce = try Self.vector(from: &acceleration)
            rate = try specificForce == nil ? nil : Self.vector(from: &rotationRate)
        } catch {
            // The two files may now be a line apart: only reading again from the start keeps the indices right.
            needsRewind = true
            throw error
        }
        guard let specificForce, let rate else { return nil }
        nextIndex += 1
        return (-specificForce, rate)
    }

    private static func vector(from lines: inout DatasetLines) throws(DatasetImportError) -> Vector3? {
        guard let (lineNumber, line) = try lines.next() else { return nil }
        let values = try DatasetText.numbers(line, separator: nil, path: lines.path, lineNumber: lineNumber)
        guard values.count == 3 else {
            throw .malformedLine(path: lines.path, line: lineNumber, reason: "\(values.count) values, expected 3 (x y z)")
        }
        // HAPT's files are whitespace-separated numbers with no empty fields: a nan, an inf or a number too large for a
        // Double (read as inf) is damage, not a missing value.
        guard values.allSatisfy(\.isFinite) else {
            throw .malformedLine(path: lines.path, line: lineNumber, reason: "a value that is not a finite number")
        }
        return Vector3(x: values[0], y: values[1], z: values[2])
    }
}
