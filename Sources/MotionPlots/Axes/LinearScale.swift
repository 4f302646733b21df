/// Maps values of a domain linearly onto a pixel range (either direction).
public struct LinearScale: Sendable {
    /// The values at the two ends.
    public let domain: (lower: Double, upper: Double)
    /// The pixels the two ends map to.
    public let range: (start: Double, end: Double)

    /// Creates a scale; an empty or non-finite domain is widened to one unit around its value so nothing divides by 0.
    public init(domain lower: Double, _ upper: Double, range start: Double, _ end: Double) {
        var low = lower.isFinite ? lower : 0
        var high = upper.isFinite ? upper : low + 1
        if high <= low {
            low -= 0.5
            high = low + 1
        }
        domain = (low, high)
        range = (start, end)
    }

    /// The pixel of `value` (values outside the domain map outside the range).
    public func callAsFunction(_ value: Double) -> Double {
        range.start + (value - domain.lower) / (domain.upper - domain.lower) * (range.end - range.start)
    }
}
