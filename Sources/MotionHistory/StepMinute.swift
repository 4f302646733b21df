/// One row of `steps`: the steps counted in one wall-clock minute (`CMPedometerData.numberOfSteps` per minute).
public struct StepMinute: Sendable, Hashable {
    /// The minute's first second, Unix time, a multiple of 60.
    public let startDate: Int64
    /// Steps counted in it.
    public let numberOfSteps: Int

    /// Creates a minute's count.
    public init(startDate: Int64, numberOfSteps: Int) {
        self.startDate = startDate
        self.numberOfSteps = numberOfSteps
    }

    /// The minute holding `date` (Unix seconds), or nil when `date` is not a representable time.
    public static func minute(of date: Double) -> Int64? {
        guard date.isFinite, abs(date) < 1e15 else { return nil }
        let seconds = Int64(date.rounded(.down))
        return seconds - ((seconds % 60) + 60) % 60
    }
}
