/// The last seconds of the pedometer's filtered signal in a ring buffer sized once, and how well it repeats itself
/// after a lag: a gait repeats at its step (or stride) period, vibration and random jolts do not.
struct PeriodicityWindow: Sendable {
    private var values: [Double]
    private var next = 0
    private var filled = 0

    /// A window holding the last `capacity` samples (at least 2).
    init(capacity: Int) {
        values = [Double](repeating: 0, count: max(2, capacity))
    }

    /// The samples the window holds.
    var capacity: Int { values.count }

    /// Appends one sample, forgetting the oldest when full.
    @inline(__always)
    mutating func append(_ value: Double) {
        values[next] = value
        next = next + 1 == values.count ? 0 : next + 1
        filled = min(filled + 1, values.count)
    }

    /// The normalized autocorrelation (Pearson, -1...1) between the last `length` samples and the ones `lag` samples
    /// before them; 0 when the window does not hold `length + lag` samples or the signal is flat.
    func correlation(lag: Int, length: Int) -> Double {
        guard lag > 0, length > 1, lag + length <= filled else { return 0 }
        let count = values.count
        var (sumA, sumB, sumAA, sumBB, sumAB) = (0.0, 0.0, 0.0, 0.0, 0.0)
        var a = (next - length + count) % count
        var b = (next - length - lag + 2 * count) % count
        for _ in 0..<length {
            let (x, y) = (values[a], values[b])
            sumA += x
            sumB += y
            sumAA += x * x
            sumBB += y * y
            sumAB += x * y
            a = a + 1 == count ? 0 : a + 1
            b = b + 1 == count ? 0 : b + 1
        }
        let n = Double(length)
        let covariance = sumAB - sumA * sumB / n
        let varianceA = sumAA - sumA * sumA / n
        let varianceB = sumBB - sumB * sumB / n
        guard varianceA > 0, varianceB > 0 else { return 0 }
        return covariance / (varianceA * varianceB).squareRoot()
    }
}
