import DeviceMotionKit

/// One continuous stretch of device motion at a fixed rate, all of one activity, by one subject.
public struct LabelledSession: Sendable {
    /// The activity performed throughout the session.
    public var label: String
    /// The subject (or other grouping) the session belongs to; validation never splits a group.
    public var group: String
    /// A name for messages, such as the source file.
    public var name: String
    /// The motion estimates, evenly spaced in time.
    public var motions: [DeviceMotion]
    /// Rate of `motions`, in Hz.
    public var sampleRate: Double
    /// Input readings the fusion dropped (repeated or backward timestamps, nan or empty values, unpaired).
    public var droppedReadings: Int

    /// Creates a session.
    public init(
        label: String, group: String, name: String, motions: [DeviceMotion], sampleRate: Double, droppedReadings: Int = 0
    ) {
        self.label = label
        self.group = group
        self.name = name
        self.motions = motions
        self.sampleRate = sampleRate
        self.droppedReadings = droppedReadings
    }
}
