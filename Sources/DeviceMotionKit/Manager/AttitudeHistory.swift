/// The filter's recent attitudes by timestamp, so that each fixed-rate output takes the attitude of its own
/// instant instead of a low-pass of it.
///
/// The attitude is a state, not a signal: interpolating between the two estimates around an output time keeps
/// it exact under fast rotation, where the output resampler's anti-aliasing kernel would smear it. It keeps at
/// least ``span`` seconds whatever the sample rate: a ring that doubles when full of younger entries (so a rate
/// higher than expected costs a few early allocations, never lost history) and is otherwise reused; appending
/// and looking up (a binary search) allocate nothing.
struct AttitudeHistory: Sendable {
    /// How many seconds of attitudes are kept at least (infinite: keep everything).
    var span: Double
    /// Timestamps of the stored attitudes, in ring order.
    private var timestamps: [Double]
    /// The stored attitudes, sign-continuous, in ring order.
    private var quaternions: [Quaternion]
    /// Physical index of the oldest entry.
    private var oldest = 0
    /// Number of stored entries.
    private var count = 0

    /// A history of at least `span` seconds, with room for `capacity` entries before it first grows.
    init(span: Double, capacity: Int) {
        self.span = span
        let capacity = max(2, capacity)
        timestamps = Array(repeating: 0, count: capacity)
        quaternions = Array(repeating: .identity, count: capacity)
    }

    /// Stores the attitude at `timestamp`; when full, drops the oldest entry if it is older than ``span``, or grows.
    /// A timestamp earlier than the newest (a restarted clock) starts the history afresh.
    mutating func append(timestamp: Double, quaternion: Quaternion) {
        if count > 0, timestamp < timestamps[physical(count - 1)] { count = 0 }
        if count == timestamps.count {
            if timestamp - timestamps[oldest] < span {
                grow()
            } else {
                oldest = physical(1)
                count -= 1
            }
        }
        let slot = physical(count)
        timestamps[slot] = timestamp
        quaternions[slot] = quaternion
        count += 1
    }

    /// The attitude at `time`, interpolated between the stored ones around it; the oldest or newest one outside
    /// the stored span, the identity when empty.
    func attitude(at time: Double) -> Quaternion {
        guard count > 0 else { return .identity }
        if time >= timestamps[physical(count - 1)] { return quaternions[physical(count - 1)] }
        if time <= timestamps[oldest] { return quaternions[oldest] }
        // The first entry later than `time`: 1...count - 1.
        var low = 1
        var high = count - 1
        while low < high {
            let middle = (low + high) / 2
            if timestamps[physical(middle)] > time { high = middle } else { low = middle + 1 }
        }
        let earlier = physical(low - 1)
        let later = physical(low)
        let start = timestamps[earlier]
        let length = timestamps[later] - start
        let fraction = length > 0 ? (time - start) / length : 1
        let a = quaternions[earlier]
        let b = quaternions[later]
        return Quaternion(
            w: a.w + (b.w - a.w) * fraction, x: a.x + (b.x - a.x) * fraction,
            y: a.y + (b.y - a.y) * fraction, z: a.z + (b.z - a.z) * fraction
        ).normalized
    }

    /// The physical index of logical entry `index` (0 is the oldest).
    @inline(__always)
    private func physical(_ index: Int) -> Int {
        let slot = oldest + index
        return slot < timestamps.count ? slot : slot - timestamps.count
    }

    /// Doubles the capacity, moving the entries to the front in order.
    private mutating func grow() {
        let order = (0..<count).map(physical)
        timestamps = order.map { timestamps[$0] } + Array(repeating: 0, count: count)
        quaternions = order.map { quaternions[$0] } + Array(repeating: .identity, count: count)
        oldest = 0
    }
}
