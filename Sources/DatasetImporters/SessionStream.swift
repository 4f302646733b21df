import FoundationEssentials
import MotionRecording
import SystemPackage

/// An imported session read from its dataset as it is written, batch by batch (see ``SessionBatchSource``), so
/// memory does not grow with the size of the dataset's files.
public struct SessionStream<Source: SessionBatchSource> {
    /// The recording directory name, stable across runs so an import can be resumed.
    public var directoryName: String
    /// Metadata of the recording to write.
    public var metadata: RecordingMetadata
    /// The session's batches.
    public var source: Source

    /// Creates a stream.
    public init(directoryName: String, metadata: RecordingMetadata, source: Source) {
        self.directoryName = directoryName
        self.metadata = metadata
        self.source = source
    }

    /// Writes the session as a new recording in `parent` through ``RecordingWriter``; refuses to overwrite an
    /// existing one. When the dataset file turns out to be damaged part way, the recording begun is removed and the
    /// dataset's error is thrown.
    @discardableResult
    public func write(into parent: FilePath) async throws -> RecordingMetadata {
        let directory = parent.appending(directoryName)
        let writer = try RecordingWriter(creating: directory, metadata: metadata)
        var source = source
        do {
            while let batch = try source.next() {
                if !batch.raw.isEmpty { try await writer.append(raw: batch.raw) }
                if !batch.motion.isEmpty { try await writer.append(motion: batch.motion) }
                for event in batch.events { try await writer.mark(event) }
            }
            return try await writer.finish()
        } catch {
            // Never finished, so never marked complete: if it cannot be removed, the next import rewrites it.
            try? FileManager.default.removeItem(atPath: directory.string)
            throw error
        }
    }
}
