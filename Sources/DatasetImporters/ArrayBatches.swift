import MotionRecording

/// A session already in memory as one batch (tests, small inputs).
public struct ArrayBatches: SessionBatchSource {
    private var batch: SessionBatch?

    /// A source that gives `batch`, then ends.
    public init(_ batch: SessionBatch) { self.batch = batch }

    /// The batch, the first time; then `nil`.
    public mutating func next() throws(DatasetImportError) -> SessionBatch? {
        defer { batch = nil }
        return batch
    }
}
