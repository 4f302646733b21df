import DeviceMotionKit

#if canImport(Glibc)
import Glibc
#endif

/// Turns one window of `DeviceMotion` into a fixed-length feature vector, always in the order of ``featureNames``.
///
/// The order is: for each movement channel of the ``FeatureSet`` (of ``MotionChannel``: user acceleration and
/// rotation rate, per axis unless the set leaves them out, magnitude, vertical and horizontal parts) the time-domain
/// statistics of ``TimeStatistic`` followed by the spectral features of ``SpectralFeature``; then for each posture
/// channel (gravity per axis) mean, std, min and max; then the step-periodicity features of ``PeriodicityFeature`` on
/// the channels of ``periodicChannels``; then the set's correlations of ``CorrelationPair``. Names are
/// `channel.feature`.
public struct FeatureExtractor: Sendable {
    /// The window configuration the features are computed for.
    public let configuration: WindowConfiguration
    /// Which features are computed.
    public let featureSet: FeatureSet
    /// Names of the features, in the order ``features(of:)`` returns them.
    public let featureNames: [String]
    private let spectrum: PowerSpectrum

    /// Frequency band edges in Hz for the band-energy features; the last band ends at the Nyquist frequency.
    public static let bandEdges: [Double] = [0.3, 1, 2, 3, 4.5, 7]

    /// Statistics computed on every movement channel, in feature order.
    public enum TimeStatistic: String, CaseIterable, Sendable {
        case mean, std, min, max, p10, p25, median, p75, p90, iqr, rms, meanCrossingRate, skewness, kurtosis, jerkMeanAbs, jerkStd
    }

    /// Spectral features computed on every movement channel, in feature order (band energies are fractions of the total).
    public enum SpectralFeature: String, CaseIterable, Sendable {
        case dominantFrequency, dominantPowerFraction, spectralEntropy, spectralCentroid, logPower
        case band0, band1, band2, band3, band4, band5
    }

    /// Statistics computed on every posture channel, in feature order.
    public enum PostureStatistic: String, CaseIterable, Sendable {
        case mean, std, min, max
    }

    /// Autocorrelation features that describe the rhythm of steps, in feature order.
    public enum PeriodicityFeature: String, CaseIterable, Sendable {
        /// Highest normalised autocorrelation at lags of 0.3 to 2 s (or half the window).
        case autocorrelationPeak
        /// The lag of that peak, in seconds.
        case autocorrelationLag
    }

    /// Channels whose periodicity is measured, in feature order.
    public static let periodicChannels: [MotionChannel] = [
        .userAccelerationMagnitude, .userAccelerationVertical, .userAccelerationHorizontal, .rotationRateMagnitude,
    ]

    /// Pairs of channels whose Pearson correlation is a feature, in feature order.
    public enum CorrelationPair: String, CaseIterable, Sendable {
        case userAccelerationXY, userAccelerationXZ, userAccelerationYZ
        case rotationRateXY, rotationRateXZ, rotationRateYZ
        case magnitudes, verticals

        var channels: (MotionChannel, MotionChannel) {
            switch self {
            case .userAccelerationXY: (.userAccelerationX, .userAccelerationY)
            case .userAccelerationXZ: (.userAccelerationX, .userAccelerationZ)
            case .userAccelerationYZ: (.userAccelerationY, .userAccelerationZ)
            case .rotationRateXY: (.rotationRateX, .rotationRateY)
            case .rotationRateXZ: (.rotationRateX, .rotationRateZ)
            case .rotationRateYZ: (.rotationRateY, .rotationRateZ)
            case .magnitudes: (.userAccelerationMagnitude, .rotationRateMagnitude)
            case .verticals: (.userAccelerationVertical, .rotationRateVertical)
            }
        }
    }

    /// Creates an extractor of the features of `featureSet` for windows of `configuration`.
    public init(configuration: WindowConfiguration, featureSet: FeatureSet = .all) {
        self.configuration = configuration
        self.featureSet = featureSet
        spectrum = PowerSpectrum(length: configuration.size, sampleRate: configuration.sampleRate)
        featureNames = featureSet.featureNames
    }

    /// The features of one window; `window.count` must equal the configured size. Non-finite values become 0.
    public func features<Window: RandomAccessCollection>(of window: Window) -> [Double] where Window.Element == DeviceMotion {
        precondition(window.count == configuration.size, "FeatureExtractor: window must hold exactly the configured number of samples")
        var signals = [MotionChannel: [Double]](minimumCapacity: MotionChannel.allCases.count)
        for channel in MotionChannel.allCases where featureSet.uses(channel) {
            signals[channel] = window.map(channel.value(of:))
        }
        var features: [Double] = []
        features.reserveCapacity(featureNames.count)
        for channel in featureSet.movementChannels {
            let signal = signals[channel, default: []]
            appendTimeStatistics(of: signal, to: &features)
            appendSpectralFeatures(of: signal, to: &features)
        }
        for channel in MotionChannel.allCases where channel.isPosture {
            let signal = signals[channel, default: []]
            let moments = Moments(signal)
            features.append(contentsOf: [moments.mean, moments.std, signal.min() ?? 0, signal.max() ?? 0])
        }
        for channel in Self.periodicChannels {
            features.append(contentsOf: periodicity(signals[channel, default: []]))
        }
        for pair in featureSet.correlationPairs {
            features.append(Self.correlation(signals[pair.channels.0, default: []], signals[pair.channels.1, default: []]))
        }
        for index in features.indices where !features[index].isFinite { features[index] = 0 }
        return features
    }

    private func appendTimeStatistics(of signal: [Double], to features: inout [Double]) {
        let moments = Moments(signal)
        let sorted = signal.sorted()
        let p25 = Self.percentile(sorted, 0.25)
        let p75 = Self.percentile(sorted, 0.75)
        var crossings = 0
        for index in 1..<signal.count where (signal[index - 1] - moments.mean) * (signal[index] - moments.mean) < 0 {
            crossings += 1
        }
        let jerk = (1..<signal.count).map { (signal[$0] - signal[$0 - 1]) * configuration.sampleRate }
        let jerkMoments = Moments(jerk)
        let jerkMeanAbs = jerk.reduce(0) { $0 + abs($1) } / Double(jerk.count)
        features.append(contentsOf: [
            moments.mean, moments.std, sorted.first ?? 0, sorted.last ?? 0,
            Self.percentile(sorted, 0.10), p25, Self.percentile(sorted, 0.5), p75, Self.percentile(sorted, 0.90), p75 - p25,
            (signal.reduce(0) { $0 + $1 * $1 } / Double(signal.count)).squareRoot(),
            Double(crossings) / Double(signal.count - 1),
            moments.skewness, moments.kurtosis, jerkMeanAbs, jerkMoments.std,
        ])
    }

    private func appendSpectralFeatures(of signal: [Double], to features: inout [Double]) {
        let power = spectrum.power(of: signal)
        let bins = 1..<power.count
        let total = bins.reduce(0) { $0 + power[$1] }
        guard total > 1e-12 else {
            features.append(contentsOf: [0, 0, 0, 0, log(1e-12)])
            features.append(contentsOf: repeatElement(0, count: Self.bandEdges.count))
            return
        }
        var dominant = 1
        var entropy = 0.0
        var centroid = 0.0
        for bin in bins {
            if power[bin] > power[dominant] { dominant = bin }
            let share = power[bin] / total
            if share > 0 { entropy -= share * log(share) }
            centroid += share * spectrum.frequency(ofBin: bin)
        }
        let normalisedEntropy = bins.count > 1 ? entropy / log(Double(bins.count)) : 0
        var bands = [Double](repeating: 0, count: Self.bandEdges.count)
        for bin in bins {
            let frequency = spectrum.frequency(ofBin: bin)
            if let band = Self.bandEdges.lastIndex(where: { frequency >= $0 }) {
                bands[band] += power[bin] / total
            }
        }
        features.append(contentsOf: [
            spectrum.frequency(ofBin: dominant), power[dominant] / total, normalisedEntropy, centroid, log(total),
        ])
        features.append(contentsOf: bands)
    }

    private func periodicity(_ signal: [Double]) -> [Double] {
        let moments = Moments(signal)
        let shortest = Int((0.3 * configuration.sampleRate).rounded(.up))
        let longest = Swift.min(Int(2 * configuration.sampleRate), signal.count / 2)
        guard moments.std > 1e-12, shortest <= longest else { return [0, 0] }
        let variance = moments.std * moments.std * Double(signal.count)
        let centred = signal.map { $0 - moments.mean }
        var bestLag = shortest
        var bestValue = -Double.infinity
        centred.withUnsafeBufferPointer { centred in
            var lag = shortest
            while lag <= longest {
                let lagCount = Swift.min(4, longest - lag + 1)
                let sums = Self.laggedProducts(of: centred, lags: lag, lagCount)
                for offset in 0..<lagCount {
                    let value = sums[offset] / variance * Double(signal.count) / Double(signal.count - lag - offset)
                    if value > bestValue {
                        bestValue = value
                        bestLag = lag + offset
                    }
                }
                lag += lagCount
            }
        }
        return [bestValue, Double(bestLag) / configuration.sampleRate]
    }

    /// For the `lagCount` (1 to 4) lags from `first` on, the sum of `signal[i] * signal[i + lag]` over `i`, each
    /// added up in the order of `i` (the values one lag at a time gives); four lags side by side keep four additions
    /// in flight where one lag waits on each.
    private static func laggedProducts(
        of signal: UnsafeBufferPointer<Double>, lags first: Int, _ lagCount: Int
    ) -> SIMD4<Double> {
        var sums = SIMD4<Double>()
        var index = 0
        if lagCount == 4 {
            while index + first + 3 < signal.count {
                let ahead = SIMD4(
                    signal[index + first], signal[index + first + 1], signal[index + first + 2],
                    signal[index + first + 3])
                sums += signal[index] * ahead
                index += 1
            }
        }
        for lane in 0..<lagCount {
            var sum = sums[lane]
            for tail in index..<(signal.count - first - lane) {
                sum += signal[tail] * signal[tail + first + lane]
            }
            sums[lane] = sum
        }
        return sums
    }

    /// Linear-interpolated percentile `fraction` (0...1) of an ascending array.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard let first = sorted.first else { return 0 }
        guard sorted.count > 1 else { return first }
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return sorted[lower] * (1 - weight) + sorted[upper] * weight
    }

    /// Pearson correlation of two equally long signals; 0 when either is constant.
    static func correlation(_ first: [Double], _ second: [Double]) -> Double {
        let a = Moments(first)
        let b = Moments(second)
        guard a.std > 1e-12, b.std > 1e-12, first.count == second.count else { return 0 }
        var covariance = 0.0
        for index in first.indices {
            covariance += (first[index] - a.mean) * (second[index] - b.mean)
        }
        return covariance / Double(first.count) / (a.std * b.std)
    }
}
