/// The steps a full ``StepHistory`` has forgotten, as totals: how many, and the first and the last of them (whose
/// running sums carry the distance and active time of all).
struct ForgottenSteps: Sendable, Hashable {
    /// How many steps were forgotten.
    let count: Int
    /// The first step ever counted.
    let first: StepRecord
    /// The last step forgotten.
    let last: StepRecord
}
