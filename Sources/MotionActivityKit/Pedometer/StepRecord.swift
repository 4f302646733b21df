/// One step of a ``StepHistory``: its time, the running sums up to it, its cadence and its length.
struct StepRecord: Sendable, Hashable {
    /// When, in seconds.
    let time: Double
    /// Distance walked from the first step ever up to and including this one, in metres.
    let distance: Double
    /// Time spent walking from the first step ever up to this one, in seconds.
    let activeTime: Double
    /// Cadence at this step, in steps per second.
    let cadence: Double
    /// This step's length, in metres.
    let length: Double
}
