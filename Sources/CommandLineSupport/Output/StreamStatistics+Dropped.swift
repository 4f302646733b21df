import Resampling

extension StreamStatistics {
    /// What the input alignment dropped, in words for a one-line note on stderr, or `nil` if nothing was.
    public var droppedReadings: String? {
        let counts = [
            (duplicates, "with a repeated timestamp"),
            (backwards, "with a backward timestamp"),
            (invalid, "with a nan, inf or empty value"),
            (unpaired, "without a partner from the other sensor"),
        ].filter { $0.0 > 0 }
        guard !counts.isEmpty else { return nil }
        return "dropped " + counts.map { "\($0.0) readings \($0.1)" }.joined(separator: ", ")
            + " (a CSV row holds an accelerometer and a gyroscope reading); the rest was fused"
    }
}
