import MotionRecording
import MotionSamples

/// One HAPT segment read as an import's batches of raw readings (accelerometer and gyroscope at 50 Hz, timestamps
/// `sample index / 50` s), ``samplesPerBatch`` sample indices at a time; samples past the end of either file are
/// left out.
public struct HAPTSegmentBatches: SessionBatchSource {
    /// Sample indices read per batch.
    static let samplesPerBatch = 1024
    private let segment: HAPTImporter.Segment
    private let reader: HAPTExperimentReader
    private var isStarted = false
    private var isFinished = false

    /// Reads `segment` with `reader`, which must read the segment's experiment.
    public init(segment: HAPTImporter.Segment, reader: HAPTExperimentReader) {
        precondition(reader.reads(segment), "a segment is read with its own experiment's reader")
        self.segment = segment
        self.reader = reader
    }

    /// The next samples of the segment, or `nil` after its end.
    public mutating func next() throws(DatasetImportError) -> SessionBatch? {
        guard !isFinished else { return nil }
        if !isStarted {
            isStarted = true
            if reader.needsRewind || reader.nextIndex > segment.start { try reader.rewind() }
            while reader.nextIndex < segment.start, try reader.next() != nil {}
        }
        var batch = SessionBatch()
        batch.raw.reserveCapacity(2 * Self.samplesPerBatch)
        while batch.raw.count < 2 * Self.samplesPerBatch, reader.nextIndex <= segment.end {
            let index = reader.nextIndex
            guard let sample = try reader.next() else { break }
            let timestamp = Double(index) / HAPTImporter.sampleRate
            batch.raw.append(SensorSample(sensor: .accelerometer, timestamp: timestamp, value: sample.acceleration))
            batch.raw.append(SensorSample(sensor: .gyroscope, timestamp: timestamp, value: sample.rotationRate))
        }
        if batch.raw.count < 2 * Self.samplesPerBatch { isFinished = true }
        return batch.raw.isEmpty ? nil : batch
    }
}
