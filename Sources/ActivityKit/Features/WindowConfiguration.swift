import MotionSamples

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
    /// Window sizes accepted, in samples: from the feature extractor's minimum to 10 000 (400 s at 25 Hz), so
    /// that a model file cannot size the window buffers.
    public static let sizeRange = minimumSize...10_000
    /// Motion rates accepted, in Hz: 1 Hz to 1 kHz (activity models run at 20-100 Hz; fusion and resampling
    /// produce at most the sensor's rate, and a stream of more than 1 kHz would outpace the classifier).
    public static let sampleRateRange: ClosedRange<Double> = 1...1_000

    /// Creates a configuration, rejecting sizes, hops and rates that cannot produce windows.
    public init(size: Int, hop: Int, sampleRate: Double) throws(ActivityError) {
        guard Self.sizeRange.contains(size) else {
            throw .invalidWindow(
                "window size \(size) samples is outside \(Self.sizeRange.lowerBound)...\(Self.sizeRange.upperBound)"
            )
        }
        guard hop >= 1, hop <= size else {
            throw .invalidWindow("hop \(hop) samples is outside 1...\(size) (the window size)")
        }
        guard sampleRate.isFinite, Self.sampleRateRange.contains(sampleRate) else {
            throw .invalidWindow("sample rate \(sampleRate.messageText) Hz is outside 1...1000 Hz")
        }
        self.size = size
        self.hop = hop
        self.sampleRate = sampleRate
    }

    /// Creates a configuration from durations in seconds, rounded to whole samples.
    public init(duration: Double, hopDuration: Double, sampleRate: Double) throws(ActivityError) {
        guard duration.isFinite, hopDuration.isFinite, duration > 0, hopDuration > 0 else {
            throw .invalidWindow("window and hop durations must be positive numbers of seconds")
        }
        guard sampleRate.isFinite, Self.sampleRateRange.contains(sampleRate) else {
            throw .invalidWindow("sample rate \(sampleRate.messageText) Hz is outside 1...1000 Hz")
        }
        guard duration * sampleRate <= Double(Self.sizeRange.upperBound), hopDuration <= duration else {
            throw .invalidWindow(
                "a \(duration.messageText) s window (hop \(hopDuration.messageText) s) at \(sampleRate.messageText) Hz is outside \(Self.sizeRange.lowerBound)...\(Self.sizeRange.upperBound) samples"
            )
        }
        try self.init(
            size: Int((duration * sampleRate).rounded()), hop: Int((hopDuration * sampleRate).rounded()),
            sampleRate: sampleRate)
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
