/// A device's sampling-frequency control: where it lives, its value and what the driver accepts.
public struct SamplingFrequency: Hashable, Sendable {
    /// Where the frequency attribute lives: on the device, or shared by one channel type.
    public enum Location: Hashable, Sendable {
        /// A device attribute, `sampling_frequency`.
        case device
        /// Shared by a channel type, e.g. `in_accel_sampling_frequency`.
        case channels(ChannelType)
    }

    /// Where the attribute lives.
    public var location: Location
    /// The current frequency in Hz, if readable.
    public var current: Double?
    /// The frequencies the driver lists in `*_available` (empty when it lists none).
    public var available: [Double]

    /// Creates a description.
    public init(location: Location, current: Double?, available: [Double]) {
        self.location = location
        self.current = current
        self.available = available
    }

    /// The sysfs file name of the attribute.
    public var attributeName: String {
        switch location {
        case .device: "sampling_frequency"
        case .channels(let type): "in_\(type.rawValue)_sampling_frequency"
        }
    }

    /// Frequencies taken from sysfs, in Hz: the slowest IIO output data rates (a few mHz) to fast ADCs. A value
    /// outside (a driver's 0 for "not set", a corrupt attribute) is not a frequency and is ignored.
    public static let plausibleRange: ClosedRange<Double> = 0.001...100_000

    /// `text` as a frequency in ``plausibleRange``, or `nil`.
    static func parse(_ text: String) -> Double? {
        Double(text.trimmingWhitespace).flatMap { plausibleRange.contains($0) ? $0 : nil }
    }

    /// The frequency to request for at least `rate` Hz: the smallest listed value at or above it,
    /// else the largest listed one; `rate` itself when the driver lists nothing.
    public func choice(forAtLeast rate: Double) -> Double {
        let candidates = available.filter { $0 > 0 }.sorted()
        guard let largest = candidates.last else { return rate }
        return candidates.first { $0 >= rate - 1e-9 } ?? largest
    }

    /// Parses a `*_available` list: discrete values (`10 20 50`) or a range (`[min step max]`),
    /// which is expanded to its grid.
    static func parseAvailable(_ text: String) -> [Double] {
        let trimmed = text.trimmingWhitespace
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            let parts = trimmed.dropFirst().dropLast().split(separator: " ").compactMap { Double($0) }
            guard parts.count == 3, parts.allSatisfy(\.isFinite), parts[1] > 0, parts[2] >= parts[0] else { return [] }
            let steps = ((parts[2] - parts[0]) / parts[1]).rounded(.down)
            guard steps.isFinite else { return [] }
            let count = Int(min(steps, 10_000))
            return (0...count).map { parts[0] + Double($0) * parts[1] }.filter { plausibleRange.contains($0) }
        }
        return trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
            .filter { plausibleRange.contains($0) }
    }
}
