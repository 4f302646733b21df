/// One row of `steps`: the steps counted in one wall-clock minute (`CMPedometerData.numberOfSteps` per minute).
public struct StepMinute: Sendable, Hashable {
    /// The minute's first second, Unix time, a multiple of 60.
    public let startDate: Int64
    /// Steps counted in it, 0...``maximumSteps``.
    public let numberOfSteps: Int

    /// The most steps a minute may hold: 16.7 steps per second, several times the fastest sprint's cadence (about
    /// 5 steps/s). A writer caps a minute there; a reader refuses a row above it as a hostile database.
    public static let maximumSteps = 1000

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
