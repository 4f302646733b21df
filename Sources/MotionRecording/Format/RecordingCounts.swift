import MotionSamples

/// How many rows each stream of a finished recording holds.
public struct RecordingCounts: Codable, Hashable, Sendable {
    /// Rows in `raw.csv`: instants in format 2 (a row holds up to both readings), readings in format 1.
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

    /// Decodes the counts as numbers first, so that a count too large for an integer (`1e30`) or not whole is named
    /// with its field instead of failing the whole file as invalid JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func count(_ key: CodingKeys) throws -> Int {
            let value = try container.decode(Double.self, forKey: key)
            guard value == value.rounded(),
                Double(RecordingLimits.rowCount.lowerBound)...Double(RecordingLimits.rowCount.upperBound) ~= value
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "\(value.messageText) is not a whole number in \(RecordingLimits.text(RecordingLimits.rowCount))")
            }
            return Int(value)
        }
        raw = try count(.raw)
        motion = try count(.motion)
        events = try count(.events)
    }

    private enum CodingKeys: String, CodingKey {
        case raw, motion, events
    }
}
