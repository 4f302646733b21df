import DeviceMotionKit
import MotionRecording
import MotionSamples
import SystemPackage

/// One session of a public dataset, converted to CoreMotion units and ready to be written as a recording.
public struct ImportedSession: Sendable {
    /// The recording directory name, stable across runs so an import can be resumed.
    public var directoryName: String
    /// Metadata of the recording to write.
    public var metadata: RecordingMetadata
    /// Raw accelerometer and gyroscope readings at the dataset's rate.
    public var raw: [SensorSample]
    /// Device motion at the recording's fixed rate (empty if the dataset has none and none was computed).
    public var motion: [DeviceMotion]
    /// Gaps found while converting.
    public var events: [RecordingEvent]

    /// Creates a session.
    public init(
        directoryName: String, metadata: RecordingMetadata, raw: [SensorSample], motion: [DeviceMotion], events: [RecordingEvent] = []
    ) {
        self.directoryName = directoryName
        self.metadata = metadata
        self.raw = raw
        self.motion = motion
        self.events = events
    }

    /// Writes the session as a new recording in `parent`; refuses to overwrite an existing one.
    @discardableResult
    public func write(into parent: FilePath) async throws -> RecordingMetadata {
        let stream = SessionStream(
            directoryName: directoryName, metadata: metadata, source: ArrayBatches(SessionBatch(raw: raw, motion: motion, events: events)))
        return try await stream.write(into: parent)
    }
}
