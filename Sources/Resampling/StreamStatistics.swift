/// Counts of what a resampler or aligner received, produced and had to repair.
///
/// Every input reading is counted in ``inputCount``; a reading dropped for its timestamp or values is also
/// counted in one of ``duplicates``, ``backwards`` or ``invalid``. The aligner counts the readings it could not
/// emit for want of the other sensor in ``unpaired``.
public struct StreamStatistics: Hashable, Sendable {
    /// Input readings received (all of them, including the ones dropped).
    public var inputCount = 0
    /// Output samples emitted.
    public var outputCount = 0
    /// Readings dropped because their timestamp equals the previous reading's.
    public var duplicates = 0
    /// Readings dropped because their timestamp is earlier than the previous reading's (by less than a clock jump).
    public var backwards = 0
    /// Readings dropped because their timestamp or a value is NaN or infinite.
    public var invalid = 0
    /// Gaps in the input longer than the gap threshold; no output was invented across them.
    public var gaps = 0
    /// Clock jumps (forward or backward steps beyond the clock-jump threshold) after which the stream restarted.
    public var clockJumps = 0
    /// Aligner only: readings not emitted because the other sensor had no reading close enough in time.
    public var unpaired = 0

    /// Creates statistics with every count at zero.
    public init() {}
}
