import DeviceMotionKit
import MotionSamples
import SystemPackage

/// A recording read back into memory: metadata, raw samples, device motion and events.
public struct Recording: Sendable {
    /// Where the recording was read from.
    public var directory: FilePath
    /// The contents of `recording.json`.
    public var metadata: RecordingMetadata
    /// Raw sensor readings in file order, at the sensor rate.
    public var raw: [SensorSample]
    /// Device motion at the fixed rate, in file order.
    public var motion: [DeviceMotion]
    /// Gaps and hotplug marks, in file order.
    public var events: [RecordingEvent]
    /// Rows of `raw.csv` (a row of format 2 may hold two readings): what `recording.json`'s `counts.raw` counts.
    public var rawRowCount: Int
    /// Files whose torn last line (from a crash mid-write) was dropped.
    public var truncatedFiles: [String]

    /// Creates a recording from its parts.
    public init(
        directory: FilePath,
        metadata: RecordingMetadata,
        raw: [SensorSample],
        motion: [DeviceMotion],
        events: [RecordingEvent],
        truncatedFiles: [String] = [],
        rawRowCount: Int? = nil
    ) {
        self.rawRowCount = rawRowCount ?? raw.count
        self.directory = directory
        self.metadata = metadata
        self.raw = raw
        self.motion = motion
        self.events = events
        self.truncatedFiles = truncatedFiles
    }

    /// Whether the writer finished the recording cleanly.
    public var isComplete: Bool { metadata.complete }

    /// Whether a torn last line was dropped from any file (the writer was killed mid-write).
    public var isTruncated: Bool { !truncatedFiles.isEmpty }
}
