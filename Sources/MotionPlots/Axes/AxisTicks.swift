/// Round tick values for an axis: steps of 1, 2 or 5 times a power of ten, about `target` of them.
public struct AxisTicks: Sendable {
    /// The tick values, ascending, covering the domain.
    public let values: [Double]
    /// The distance between ticks.
    public let step: Double
    /// The extended domain: from the first to the last tick.
    public var bounds: (lower: Double, upper: Double) { (values.first ?? 0, values.last ?? 1) }

    /// Ticks covering `lower...upper` (an empty or non-finite span becomes one unit around it).
    public init(covering lower: Double, _ upper: Double, target: Int = 5) {
        var low = lower.isFinite ? lower : 0
        var high = upper.isFinite ? upper : low + 1
        if high - low < 1e-9 {
            low -= 0.5
            high += 0.5
        }
        let rough = (high - low) / Double(max(1, target))
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? magnitude * 10
        let first = (low / step).rounded(.down)
        let last = (high / step).rounded(.up)
        let count = min(100, Int(last - first) + 1)
        self.step = step
        values = (0..<count).map { (first + Double($0)) * step }
    }

    /// The text of tick `value`: as many decimals as the step needs.
    public func label(_ value: Double) -> String {
        var digits = 0
        var unit = 1.0
        while unit > step * 1.0001 && digits < 6 {
            unit /= 10
            digits += 1
        }
        return DecimalFormat.string(value, fractionDigits: digits)
    }
}
