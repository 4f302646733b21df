/// How a fixed-rate motion stream is cut into overlapping windows: `size` samples, a new window every `hop` samples.
public struct WindowConfiguration: Hashable, Sendable, Codable {
    /// Number of samples in one window.
    public let size: Int
    /// Number of samples between the starts of consecutive windows.
    public let hop: Int
    /// Rate of the motion stream, in Hz.
    public let sampleRate: Double

    /// Smallest window the feature extractor accepts.
    public static let minimumSize = 4

    /// Creates a configuration, rejecting sizes, hops and rates that cannot produce windows.
    public init(size: Int, hop: Int, sampleRate: Double) throws(ActivityError) {
        guard size >= Self.minimumSize else { throw .invalidWindow("window size \(size) is below \(Self.minimumSize) samples") }
        guard hop >= 1, hop <= size else { throw .invalidWindow("hop \(hop) is outside 1...\(size)") }
        guard sampleRate.isFinite, sampleRate > 0 else { throw .invalidWindow("sample rate \(sampleRate) Hz is not positive") }
        self.size = size
        self.hop = hop
        self.sampleRate = sampleRate
    }

    /// Creates a configuration from durations in seconds, rounded to whole samples.
    public init(duration: Double, hopDuration: Double, sampleRate: Double) throws(ActivityError) {
        guard duration.isFinite, hopDuration.isFinite else { throw .invalidWindow("durations must be finite") }
        try self.init(size: Int((duration * sampleRate).rounded()), hop: Int((hopDuration * sampleRate).rounded()), sampleRate: sampleRate)
    }

    /// Decodes a configuration and validates it like the throwing initialiser.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            size: container.decode(Int.self, forKey: .size),
            hop: container.decode(Int.self, forKey: .hop),
            sampleRate: container.decode(Double.self, forKey: .sampleRate)
        )
    }

    /// The default: 4 s windows with 50 % overlap at 25 Hz, the best-scoring configuration in our evaluation.
    public static let standard = Self(validSize: 100, hop: 50, sampleRate: 25)

    /// The classic on-device configuration: 20 samples with a hop of 5 at 25 Hz.
    public static let onDevice = Self(validSize: 20, hop: 5, sampleRate: 25)

    /// Length of one window, in seconds.
    public var duration: Double { Double(size) / sampleRate }

    /// The configuration in words, e.g. `windows of 100 samples (hop 50) at 25 Hz`.
    public var summary: String {
        let rate = sampleRate == sampleRate.rounded() ? "\(Int(sampleRate))" : "\(sampleRate)"
        return "windows of \(size) samples (hop \(hop)) at \(rate) Hz"
    }

    private init(validSize size: Int, hop: Int, sampleRate: Double) {
        self.size = size
        self.hop = hop
        self.sampleRate = sampleRate
    }
}
