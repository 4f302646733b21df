/// The steps of an interval, as a ``StepHistory`` measures them: how many, the first and the last, and the running
/// distance just before the first.
struct StepSpan: Sendable, Hashable {
    /// Steps in the interval (at least one).
    let count: Int
    /// The interval's first step.
    let first: StepRecord
    /// The interval's last step.
    let last: StepRecord
    /// The running distance before the first step, in metres.
    let distanceBefore: Double

    /// Distance walked in the interval, in metres.
    var distance: Double { last.distance - distanceBefore }
}
