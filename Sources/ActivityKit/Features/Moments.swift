/// Mean, population standard deviation, skewness and excess kurtosis of a signal, in one pass over its deviations.
struct Moments {
    /// Arithmetic mean.
    let mean: Double
    /// Population standard deviation.
    let std: Double
    /// Third standardised moment; 0 for a constant signal.
    let skewness: Double
    /// Fourth standardised moment minus 3; 0 for a constant signal.
    let kurtosis: Double

    /// Computes the moments of `signal` (all zero when it is empty).
    init(_ signal: [Double]) {
        guard !signal.isEmpty else {
            (mean, std, skewness, kurtosis) = (0, 0, 0, 0)
            return
        }
        let count = Double(signal.count)
        let mean = signal.reduce(0, +) / count
        var second = 0.0
        var third = 0.0
        var fourth = 0.0
        for value in signal {
            let deviation = value - mean
            let squared = deviation * deviation
            second += squared
            third += squared * deviation
            fourth += squared * squared
        }
        second /= count
        third /= count
        fourth /= count
        self.mean = mean
        std = second.squareRoot()
        if second > 1e-18 {
            skewness = third / (second * std)
            kurtosis = fourth / (second * second) - 3
        } else {
            skewness = 0
            kurtosis = 0
        }
    }
}
