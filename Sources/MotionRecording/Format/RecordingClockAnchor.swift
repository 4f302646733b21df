import FoundationEssentials

/// A wall-clock instant paired with the monotonic timestamp read at the same moment.
///
/// Recordings keep monotonic timestamps; one anchor converts them to calendar time:
/// `unixTime + (timestamp - monotonic)`.
public struct RecordingClockAnchor: Codable, Hashable, Sendable {
    /// Monotonic time of the anchor, in seconds (the clock of the samples' timestamps).
    public var monotonic: Double
    /// Wall-clock time of the anchor, in seconds since 1970-01-01 UTC.
    public var unixTime: Double
    /// The same wall-clock time as ISO 8601 text in UTC, for people and spreadsheets.
    public var iso8601: String

    /// Creates an anchor from a monotonic timestamp and the wall-clock date read with it.
    public init(monotonic: Double, date: Date) {
        self.monotonic = monotonic
        self.unixTime = date.timeIntervalSince1970
        self.iso8601 = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}
