import DeviceMotionKit
import FoundationEssentials
import MotionSamples
import StreamExecution
import SystemPackage

/// Writes one recording directory crash-safely: raw samples, device motion and events as CSV.
///
/// The directory appears whole: it is built under a hidden name (`.<name>.<random>.creating`) with `recording.json`
/// and the three headers, then renamed into place, so a crash while creating it leaves no half-made recording.
/// Rows are kept in memory for at most `flushInterval` (0.1 s by default) and then handed to the kernel with
/// `write(2)` - on the next append, or by a timer when the source falls silent - so a `kill -9` loses at most that
/// much of what was appended. Device motion leaves a fusion pipeline later than the raw samples it comes from (the
/// resampler's latency, 0.64 s at 25 Hz): pass the pipeline's end-of-stream estimates as `provisional` rows, with
/// the raw batch they come from in the same call, and motion on disk is as current as the raw samples; each flush
/// replaces them with the final rows and a newer tail.
/// Files are `fsync`ed every `syncInterval` and when the recording is finished. Call `finish()` on every clean exit
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
    /// The timestamp of the latest raw reading appended: not always the last one, as the devices of a split IMU hand
    /// over their batches in no order of time.
    public private(set) var latestReading: Double?

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
        flushInterval: Duration = .milliseconds(100),
        syncInterval: Duration = .seconds(5)
    ) throws(RecordingError) {
        var metadata = metadata
        // The format follows what is recorded: 3 with a magnetometer's columns, else 2 (readable by older readers).
        let hasMagnetometer = metadata.magnetometer != nil
        metadata.formatVersion =
            hasMagnetometer ? RecordingMetadata.currentFormatVersion : RecordingMetadata.formatVersionWithoutMagnetometer
        metadata.units.magneticField = RecordingUnits(hasMagnetometer: hasMagnetometer).magneticField
        metadata.complete = false
        metadata.counts = nil
        metadata.monotonicEnd = nil
        guard let name = directory.lastComponent else { throw .cannotCreate(path: directory.string, reason: "the path has no name") }
        let staging = directory.removingLastComponent().appending(".\(name).\(UInt32.random(in: 0...UInt32.max)).creating")
        try FileIO.createDirectory(staging)
        // Whatever fails from here on, the files opened so far are closed and the staging directory removed.
        var files: [BufferedTableFile] = []
        do {
            try FileIO.replaceAtomically(
                staging.appending(RecordingTable.metadataFileName), with: Self.encode(metadata, in: directory))
            for table in [RecordingTable.raw, .motion, .events] {
                files.append(try BufferedTableFile(table: table, in: staging, version: metadata.formatVersion))
                try files[files.count - 1].sync()
                files[files.count - 1].path = directory.appending(table.rawValue)
            }
            FileIO.syncDirectory(staging)
            try FileIO.moveDirectoryIntoPlace(staging, to: directory)
        } catch {
            for file in files { file.close() }
            FileIO.removeStaging(staging)
            throw error
        }
        let (raw, motion, events) = (files[0], files[1], files[2])
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
        flushInterval: Duration = .milliseconds(100),
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

    /// Appends raw sensor readings, as they came from the source: readings of different sensors next to each other
    /// with one timestamp share a row of `raw.csv`. Magnetometer readings are written when the metadata describes a
    /// magnetometer (format 3) and left out otherwise (format 2 has no columns for them).
    public func append(raw readings: [SensorSample]) throws(RecordingError) {
        try ensureOpen()
        appendRaw(readings)
        try flushIfDue()
    }

    /// Appends a batch of raw readings and the device motion fused from them, final and provisional (see
    /// ``append(motion:provisional:)``), in one step: no flush falls between them, so the files never hold a batch's
    /// readings without its device motion.
    public func append(
        raw readings: [SensorSample], motion estimates: [DeviceMotion], provisional: [DeviceMotion]
    ) throws(RecordingError) {
        try ensureOpen()
        appendRaw(readings)
        appendFinal(estimates)
        replaceProvisional(provisional)
        try flushIfDue()
    }

    /// Appends one device-motion estimate of the fixed-rate stream.
    public func append(motion estimate: DeviceMotion) throws(RecordingError) {
        try append(motion: [estimate])
    }

    /// Appends device-motion estimates of the fixed-rate stream.
    public func append(motion estimates: [DeviceMotion]) throws(RecordingError) {
        try ensureOpen()
        appendFinal(estimates)
        try flushIfDue()
    }

    /// Appends final device-motion estimates and sets the provisional ones that follow them: what the pipeline would
    /// give for the times after `estimates` if the stream ended now (`DeviceMotionPipeline.finish` on a copy).
    ///
    /// Provisional rows are written with the next flush and replaced by the next call's; they stay in `motion.csv`
    /// only if the process dies first, so a crash loses no more device motion than raw samples. `finish()` drops
    /// them: append the pipeline's own final rows before it.
    public func append(motion estimates: [DeviceMotion], provisional: [DeviceMotion]) throws(RecordingError) {
        try ensureOpen()
        appendFinal(estimates)
        replaceProvisional(provisional)
        try flushIfDue()
    }

    private func appendRaw(_ readings: [SensorSample]) {
        let recordsMagnetometer = metadata.magnetometer != nil
        let samples =
            !recordsMagnetometer && readings.contains { $0.sensor == .magnetometer }
            ? readings.filter { $0.sensor != .magnetometer } : readings
        raw.rowCount += RecordingRows.appendRaw(samples, magnetometer: recordsMagnetometer, to: &raw.pending)
        for sample in samples where sample.timestamp.isFinite {
            latestReading = max(latestReading ?? sample.timestamp, sample.timestamp)
            noteTimestamp(sample.timestamp)
        }
    }

    private func replaceProvisional(_ estimates: [DeviceMotion]) {
        var rows: [UInt8] = []
        for estimate in estimates { RecordingRows.append(estimate, to: &rows) }
        motion.replaceProvisional(with: rows)
    }

    private func appendFinal(_ estimates: [DeviceMotion]) {
        for estimate in estimates {
            RecordingRows.append(estimate, to: &motion.pending)
            noteTimestamp(estimate.timestamp)
        }
        motion.rowCount += estimates.count
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
        motion.replaceProvisional(with: [])
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
        flushTimer = Task(executorPreference: StreamExecution.preferredExecutor) { [weak self] in
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
            // Device motion first, so that no moment leaves raw rows on disk without their motion; events last, as a
            // gap's event names the raw rows around it.
            try motion.flush()
            try raw.flush()
            try events.flush()
            lastFlush = now
        }
        if now - lastSync >= syncInterval {
            try syncAll()
        }
    }

    private func syncAll() throws(RecordingError) {
        try motion.sync()
        try raw.sync()
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
