import DeviceMotionKit
import MotionRecording
import MotionSamples

/// A piece of an imported session, in time order: raw readings, device motion and events to append to a recording.
public struct SessionBatch: Sendable {
    /// Raw accelerometer and gyroscope readings.
    public var raw: [SensorSample] = []
    /// Device motion of the recording's fixed-rate stream.
    public var motion: [DeviceMotion] = []
    /// Gaps found while converting.
    public var events: [RecordingEvent] = []

    /// Creates a batch.
    public init(raw: [SensorSample] = [], motion: [DeviceMotion] = [], events: [RecordingEvent] = []) {
        self.raw = raw
        self.motion = motion
        self.events = events
    }
}

/// Where an imported session's batches come from, one at a time, so that no session is held whole.
public protocol SessionBatchSource {
    /// The next batch, or `nil` at the end of the session; fails for a damaged dataset file, with its line.
    mutating func next() throws(DatasetImportError) -> SessionBatch?
}
