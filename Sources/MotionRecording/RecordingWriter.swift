import DeviceMotionKit
import FoundationEssentials
import MotionSamples
import SystemPackage

/// Writes one recording directory crash-safely: raw samples, device motion and events as CSV.
///
/// Rows are kept in memory for at most `flushInterval` (0.25 s by default) and then handed to the
/// kernel with `write(2)` - on the next append, or by a timer when the source falls silent - so a
/// `kill -9` loses at most that much of what was appended. Device motion reaches the writer later
/// than the raw samples it comes from (the resampler's latency, 0.64 s at 25 Hz), so the default
/// keeps the motion stream's loss under a second too. Files are `fsync`ed every
/// `syncInterval` and when the recording is finished. Call `finish()` on every clean exit
/// (end of data, Ctrl-C, SIGTERM): it flushes, syncs and marks the metadata complete.
///
/// ```swift
/// let writer = try RecordingWriter(creatingIn: "recordings", metadata: metadata)
/// try await writer.append(raw: batch)
/// try await writer.finish()
/// ```
public actor RecordingWriter {
    /// The recording directory being written.
    public nonisolated let directory: FilePath
    /// The metadata as last written to `recording.json`.
    public private(set) var metadata: RecordingMetadata

    private var raw: BufferedTableFile
    private var motion: BufferedTableFile
    private var events: BufferedTableFile
    private var lastTimestamp: Double?
    private var isFinished = false
    private let flushInterval: Duration
    private let syncInterval: Duration
    private var lastFlush = ContinuousClock.now
    private var lastSync = ContinuousClock.now
    private var flushTimer: Task<Void, Never>?
    private var timerError: RecordingError?
    private static let maximumPendingBytes = 1 << 18

    /// Creates the recording at `directory`; refuses to touch an existing path.
    public init(
        creating directory: FilePath,
        metadata: RecordingMetadata,
        flushInterval: Duration = .milliseconds(250),
        syncInterval: Duration = .seconds(5)
    ) throws(RecordingError) {
        var metadata = metadata
        metadata.complete = false
        metadata.counts = nil
        metadata.monotonicEnd = nil
        try FileIO.createDirectory(directory)
        try FileIO.replaceAtomically(directory.appending(RecordingTable.metadataFileName), with: Self.encode(metadata, in: directory))
        var raw = try BufferedTableFile(table: .raw, in: directory)
        var motion = try BufferedTableFile(table: .motion, in: directory)
        var events = try BufferedTableFile(table: .events, in: directory)
        try raw.sync()
        try motion.sync()
        try events.sync()
        FileIO.syncDirectory(directory)
        FileIO.syncDirectory(directory.removingLastComponent())
        self.directory = directory
        self.metadata = metadata
        self.raw = raw
        self.motion = motion
        self.events = events
        self.flushInterval = flushInterval
        self.syncInterval = syncInterval
    }

    /// Creates the recording in `parent` under its conventional name, `<tag>-<yyyyMMdd-HHmmss>-<shortid>.imurec`.
    public init(
        creatingIn parent: FilePath,
        metadata: RecordingMetadata,
        flushInterval: Duration = .milliseconds(250),
        syncInterval: Duration = .seconds(5)
    ) throws(RecordingError) {
        try self.init(
            creating: parent.appending(RecordingName.directoryName(for: metadata, createdAt: Date())),
            metadata: metadata,
            flushInterval: flushInterval,
            syncInterval: syncInterval
        )
    }

    deinit {
        flushTimer?.cancel()
        guard !isFinished else { return }
        for var file in [raw, motion, events] {
            try? file.flush()
            file.close()
        }
    }

    /// Appends raw sensor readings, as they came from the source.
    public func append(raw samples: [SensorSample]) throws(RecordingError) {
        try ensureOpen()
        for sample in samples {
            RecordingRows.append(sample, to: &raw.pending)
            noteTimestamp(sample.timestamp)
        }
        raw.rowCount += samples.count
        try flushIfDue()
    }

    /// Appends one device-motion estimate of the fixed-rate stream.
    public func append(motion estimate: DeviceMotion) throws(RecordingError) {
        try append(motion: [estimate])
    }

    /// Appends device-motion estimates of the fixed-rate stream.
    public func append(motion estimates: [DeviceMotion]) throws(RecordingError) {
        try ensureOpen()
        for estimate in estimates {
            RecordingRows.append(estimate, to: &motion.pending)
            noteTimestamp(estimate.timestamp)
        }
        motion.rowCount += estimates.count
        try flushIfDue()
    }

    /// Records an event (gap, sensor removed or reattached).
    public func mark(_ event: RecordingEvent) throws(RecordingError) {
        try ensureOpen()
        RecordingRows.append(event, to: &events.pending)
        events.rowCount += 1
        try flushIfDue()
    }

    /// Hands every pending row to the kernel and syncs the files to disk now.
    public func sync() throws(RecordingError) {
        try ensureOpen()
        try syncAll()
    }

    /// Flushes, syncs and closes the files and rewrites `recording.json` with counts and `complete: true`.
    ///
    /// Calling it again returns the same metadata without touching the files.
    @discardableResult
    public func finish() throws(RecordingError) -> RecordingMetadata {
        guard !isFinished else { return metadata }
        flushTimer?.cancel()
        try syncAll()
        isFinished = true
        raw.close()
        motion.close()
        events.close()
        metadata.counts = RecordingCounts(raw: raw.rowCount, motion: motion.rowCount, events: events.rowCount)
        metadata.monotonicEnd = lastTimestamp
        metadata.complete = true
        try FileIO.replaceAtomically(directory.appending(RecordingTable.metadataFileName), with: Self.encode(metadata, in: directory))
        return metadata
    }

    private func ensureOpen() throws(RecordingError) {
        if isFinished { throw .alreadyFinished(path: directory.string) }
        if let timerError {
            self.timerError = nil
            throw timerError
        }
        if flushTimer == nil { startFlushTimer() }
    }

    /// Flushes pending rows every `flushInterval` even when no appends come (a stalled or removed sensor).
    private func startFlushTimer() {
        let interval = flushInterval
        flushTimer = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self else { return }
                await self.flushFromTimer()
            }
        }
    }

    private func flushFromTimer() {
        guard !isFinished else { return }
        do {
            try flushIfDue()
        } catch {
            timerError = error
        }
    }

    private func noteTimestamp(_ timestamp: Double) {
        guard timestamp.isFinite else { return }
        lastTimestamp = max(lastTimestamp ?? timestamp, timestamp)
    }

    private func flushIfDue() throws(RecordingError) {
        let now = ContinuousClock.now
        let pendingBytes = raw.pending.count + motion.pending.count + events.pending.count
        if pendingBytes >= Self.maximumPendingBytes || now - lastFlush >= flushInterval {
            try raw.flush()
            try motion.flush()
            try events.flush()
            lastFlush = now
        }
        if now - lastSync >= syncInterval {
            try syncAll()
        }
    }

    private func syncAll() throws(RecordingError) {
        try raw.sync()
        try motion.sync()
        try events.sync()
        lastFlush = .now
        lastSync = lastFlush
    }

    private static func encode(_ metadata: RecordingMetadata, in directory: FilePath) throws(RecordingError) -> [UInt8] {
        do {
            return try metadata.jsonBytes()
        } catch {
            throw .writeFailed(path: directory.appending(RecordingTable.metadataFileName).string, reason: "\(error)")
        }
    }
}
