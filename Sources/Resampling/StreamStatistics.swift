/// Counts of what a resampler or aligner received, produced and had to repair.
///
/// Every input reading is counted once in ``inputCount``; readings that were dropped are also counted in
/// exactly one of ``duplicates``, ``backwards``, ``invalid`` or ``unpaired``.
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
    /// Aligner only: readings that could not be paired with the other sensor and were not emitted.
    public var unpaired = 0

    /// Creates statistics with every count at zero.
    public init() {}
}
