/// Whether the gravity estimate may use readings after its own instant.
public enum FusionMode: String, Sendable, CaseIterable {
    /// Causal: every output uses only the readings up to its time, as a live sensor needs (the default).
    case live
    /// Non-causal, for recordings and training data: the filter's low-pass of the specific force is run forward
    /// and then backward (``GravitySmoother``), which removes its lag; outputs come
    /// ``GravitySmoother/lagTimeConstants`` time constants (30 s with a gyroscope) after their instant, and the
    /// last ones at the end of the stream.
    case offline
}
