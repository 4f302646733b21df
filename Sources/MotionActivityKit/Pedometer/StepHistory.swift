/// The steps a pedometer has counted, with running sums, in bounded memory: when full, the oldest quarter is
/// forgotten, so queries reach back over the last ``capacity`` steps at least three quarters of the time.
struct StepHistory: Sendable {
    /// The most steps kept.
    let capacity: Int
    /// Step timestamps in seconds, ascending.
    private(set) var times: [Double] = []
    /// Distance walked up to and including each step, in metres.
    private(set) var distances: [Double] = []
    /// Time spent walking up to each step (intervals of one walk), in seconds.
    private(set) var activeTimes: [Double] = []
    /// Cadence at each step, in steps per second.
    private(set) var cadences: [Double] = []
    /// Step length of each step, in metres.
    private(set) var lengths: [Double] = []

    /// An empty history of at most `capacity` steps.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Appends a step at `time` (not before the last one) with its cadence, length and whether it continued a walk.
    mutating func append(time: Double, cadence: Double, length: Double, continuesWalk: Bool) {
        if times.count >= capacity {
            let dropped = max(1, capacity / 4)
            times.removeFirst(dropped)
            distances.removeFirst(dropped)
            activeTimes.removeFirst(dropped)
            cadences.removeFirst(dropped)
            lengths.removeFirst(dropped)
        }
        let active = continuesWalk ? time - (times.last ?? time) : 0
        times.append(time)
        distances.append((distances.last ?? 0) + length)
        activeTimes.append((activeTimes.last ?? 0) + active)
        cadences.append(cadence)
        lengths.append(length)
    }

    /// The index of the first step at or after `time`.
    func firstIndex(atOrAfter time: Double) -> Int {
        var (low, high) = (0, times.count)
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
