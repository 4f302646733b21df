/// Whether the gravity estimate may use readings after its own instant.
public enum FusionMode: String, Codable, Sendable {
    /// Causal: every output uses only the readings up to its time, as a live sensor needs (the default).
    case live
    /// Non-causal, for recordings and training data: the filter's low-pass of the specific force is run forward
    /// and then backward, which removes its lag; outputs come 10 to 20 of the filter's time constants (30-60 s with a
    /// gyroscope, 7.5-15 s without) after their instant, and the last ones at the end of the stream.
    case offline
}
