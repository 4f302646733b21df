/// Why a resampler or aligner refused its configuration or an input reading.
public enum ResamplingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The requested output rate is not a positive, finite number of Hz.
    case invalidOutputRate(Double)
    /// The channel count is not at least one.
    case invalidChannelCount(Int)
    /// A configuration parameter is out of its valid range.
    case invalidParameter(name: String, value: Double, requirement: String)
    /// A reading carried a different number of values than the resampler has channels.
    case channelCountMismatch(expected: Int, received: Int)

    /// A message that says what went wrong and what to do about it.
    public var description: String {
        switch self {
        case .invalidOutputRate(let rate):
            "output rate \(rate) Hz is not usable: pass a positive rate in Hz, for example 25"
        case .invalidChannelCount(let count):
            "channel count \(count) is not usable: a resampler needs at least one channel"
        case .invalidParameter(let name, let value, let requirement):
            "resampling parameter \(name) = \(value) is out of range: it must be \(requirement)"
        case .channelCountMismatch(let expected, let received):
            "a reading has \(received) values but the resampler was created for \(expected) channels: "
                + "pass exactly \(expected) values per reading, or create the resampler with channelCount: \(received)"
        }
    }
}
