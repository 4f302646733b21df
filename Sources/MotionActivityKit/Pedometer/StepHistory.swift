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

    /// Steps per second from the step `count` steps back (at most, and within one walk: no interval longer than
    /// `longestInterval`) to a new step at `time`, which follows the last one by at most `longestInterval`; 0 when
    /// there is no earlier step or no time between.
    func cadence(ofStepAt time: Double, over count: Int, longestInterval: Double) -> Double {
        guard var earliest = times.last else { return 0 }
        var intervals = 1
        var index = times.count - 2
        while intervals < count, index >= 0, earliest - times[index] <= longestInterval {
            earliest = times[index]
            intervals += 1
            index -= 1
        }
        return time > earliest ? Double(intervals) / (time - earliest) : 0
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
