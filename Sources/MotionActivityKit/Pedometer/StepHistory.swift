/// The steps a pedometer has counted, with running sums, in bounded memory: when full, the oldest quarter is
/// forgotten, so queries reach back over the last ``capacity`` steps at least three quarters of the time.
///
/// What is forgotten is kept as totals (``ForgottenSteps``): the running sums run on from them, so an interval that
/// holds every forgotten step (any interval from the first step on, as a live count since the start) is measured
/// exactly; one that would need only some of them is refused with ``PedometerError/forgottenInterval(start:end:)``
/// rather than under-counted.
struct StepHistory: Sendable {
    /// The most steps kept.
    let capacity: Int
    /// Step timestamps in seconds, ascending.
    private(set) var times: [Double] = []
    /// Distance walked from the first step ever up to and including each step, in metres.
    private(set) var distances: [Double] = []
    /// Time spent walking from the first step ever up to each step (intervals of one walk), in seconds.
    private(set) var activeTimes: [Double] = []
    /// Cadence at each step, in steps per second.
    private(set) var cadences: [Double] = []
    /// Step length of each step, in metres.
    private(set) var lengths: [Double] = []
    /// The steps forgotten so far, nil before the first is.
    private(set) var forgotten: ForgottenSteps?

    /// An empty history of at most `capacity` steps.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The step at `index` of the kept ones.
    func step(at index: Int) -> StepRecord {
        StepRecord(
            time: times[index], distance: distances[index], activeTime: activeTimes[index], cadence: cadences[index],
            length: lengths[index])
    }

    /// Appends a step at `time` (not before the last one) with its cadence, length and whether it continued a walk.
    mutating func append(time: Double, cadence: Double, length: Double, continuesWalk: Bool) {
        if times.count >= capacity { forgetOldest(max(1, capacity / 4)) }
        let active = continuesWalk ? time - (times.last ?? time) : 0
        let (distanceBefore, activeBefore) =
            times.isEmpty
            ? (forgotten?.last.distance ?? 0, forgotten?.last.activeTime ?? 0)
            : (distances[distances.count - 1], activeTimes[activeTimes.count - 1])
        times.append(time)
        distances.append(distanceBefore + length)
        activeTimes.append(activeBefore + active)
        cadences.append(cadence)
        lengths.append(length)
    }

    private mutating func forgetOldest(_ count: Int) {
        let oldest = forgotten?.first ?? step(at: 0)
        let total = (forgotten?.count ?? 0) + count
        forgotten = ForgottenSteps(count: total, first: oldest, last: step(at: count - 1))
        times.removeFirst(count)
        distances.removeFirst(count)
        activeTimes.removeFirst(count)
        cadences.removeFirst(count)
        lengths.removeFirst(count)
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

    /// The index of the first kept step at or after `time`.
    func firstIndex(atOrAfter time: Double) -> Int {
        var (low, high) = (0, times.count)
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The steps in `start...end` (seconds): how many, the first and the last, and the distance and active time
    /// from the step before the first; nil without steps. Throws when the interval holds some forgotten steps but
    /// not all of them (their times are gone).
    func steps(from start: Double, through end: Double) throws(PedometerError) -> StepSpan? {
        let first = firstIndex(atOrAfter: start)
        let last = firstIndex(atOrAfter: end.nextUp) - 1
        var count = max(0, last - first + 1)
        var (earliest, latest) = count > 0 ? (step(at: first), step(at: last)) : (nil, nil)
        var before = first > 0 ? distances[first - 1] : forgotten?.last.distance ?? 0
        if let forgotten, start <= forgotten.last.time, end >= forgotten.first.time {
            guard start <= forgotten.first.time, end >= forgotten.last.time else {
                throw .forgottenInterval(start: start, end: end)
            }
            count += forgotten.count
            earliest = forgotten.first
            latest = latest ?? forgotten.last
            before = 0
        }
        guard let earliest, let latest else { return nil }
        return StepSpan(count: count, first: earliest, last: latest, distanceBefore: before)
    }
}
