/// How many rows each stream of a finished recording holds.
public struct RecordingCounts: Codable, Hashable, Sendable {
    /// Rows in `raw.csv` (accelerometer and gyroscope readings together).
    public var raw: Int
    /// Rows in `motion.csv`.
    public var motion: Int
    /// Rows in `events.csv`.
    public var events: Int

    /// Creates a set of counts.
    public init(raw: Int, motion: Int, events: Int) {
        self.raw = raw
        self.motion = motion
        self.events = events
    }
}
