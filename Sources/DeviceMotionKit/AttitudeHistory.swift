/// The filter's recent attitudes by timestamp, so that each fixed-rate output takes the attitude of its own
/// instant instead of a low-pass of it.
///
/// The attitude is a state, not a signal: interpolating between the two estimates around an output time keeps
/// it exact under fast rotation, where the output resampler's anti-aliasing kernel would smear it. A ring of
/// preallocated storage; appending and looking up allocate nothing.
struct AttitudeHistory: Sendable {
    /// Timestamps of the stored attitudes, in ring order.
    private var timestamps: [Double]
    /// The stored attitudes, sign-continuous, in ring order.
    private var quaternions: [Quaternion]
    /// Index of the newest entry.
    private var newest = -1
    /// Number of stored entries.
    private var count = 0

    /// A history of the last `capacity` attitudes (at least 2).
    init(capacity: Int) {
        let capacity = max(2, capacity)
        timestamps = Array(repeating: 0, count: capacity)
        quaternions = Array(repeating: .identity, count: capacity)
    }

    /// Stores the attitude at `timestamp` (not earlier than the previous one), dropping the oldest when full.
    mutating func append(timestamp: Double, quaternion: Quaternion) {
        newest = (newest + 1) % timestamps.count
        timestamps[newest] = timestamp
        quaternions[newest] = quaternion
        count = min(count + 1, timestamps.count)
    }

    /// The attitude at `time`, interpolated between the stored ones around it; the oldest or newest one outside
    /// the stored span, the identity when empty.
    func attitude(at time: Double) -> Quaternion {
        guard count > 0 else { return .identity }
        var later = newest
        guard time < timestamps[later] else { return quaternions[later] }
        for _ in 1..<count {
            let earlier = (later - 1 + timestamps.count) % timestamps.count
            let start = timestamps[earlier]
            if time >= start {
                let span = timestamps[later] - start
                let fraction = span > 0 ? (time - start) / span : 1
                let a = quaternions[earlier], b = quaternions[later]
                return Quaternion(
                    w: a.w + (b.w - a.w) * fraction, x: a.x + (b.x - a.x) * fraction,
                    y: a.y + (b.y - a.y) * fraction, z: a.z + (b.z - a.z) * fraction
                ).normalized
            }
            later = earlier
        }
        return quaternions[later]
    }
}
