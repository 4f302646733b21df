import MotionRecording
import MotionSamples

/// One Oxford Step Counter walk read as an import's batches of accelerometer readings, ``readingsPerBatch`` at a time.
public struct OxfordStepsBatches: SessionBatchSource {
    /// Readings per batch.
    static let readingsPerBatch = 1024
    private let path: String
    private var lines: DatasetLines
    private var isFinished = false

    /// Opens the walk's file.
    init(walk: OxfordStepsImporter.Walk) throws(DatasetImportError) {
        path = walk.path
        lines = try DatasetLines(path: walk.path)
    }

    /// The next readings, or `nil` after the last.
    public mutating func next() throws(DatasetImportError) -> SessionBatch? {
        guard !isFinished else { return nil }
        var batch = SessionBatch()
        batch.raw.reserveCapacity(Self.readingsPerBatch)
        while batch.raw.count < Self.readingsPerBatch {
            guard let (lineNumber, line) = try lines.next() else {
                isFinished = true
                break
            }
            let row = try OxfordStepsImporter.row(line, path: path, lineNumber: lineNumber)
            guard let acceleration = row.acceleration else { continue }
            batch.raw.append(SensorSample(sensor: .accelerometer, timestamp: row.timestamp, value: acceleration))
        }
        return batch.raw.isEmpty ? nil : batch
    }
}
