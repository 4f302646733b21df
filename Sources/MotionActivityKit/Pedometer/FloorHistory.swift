/// The floors a pedometer has counted, one change (+1 up, -1 down) per floor with its time, in bounded memory: when
/// full, the oldest quarter is forgotten and kept as totals, like the steps of a ``StepHistory``.
struct FloorHistory: Sendable {
    /// The most floor changes kept.
    let capacity: Int
    private var times: [Double] = []
    private var changes: [Int8] = []
    private var forgottenAscended = 0
    private var forgottenDescended = 0
    /// The times of the first and last forgotten changes, nil before any is forgotten.
    private var forgottenSpan: ClosedRange<Double>?

    /// An empty history of at most `capacity` floor changes.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Notes `floors` floors climbed (positive) or descended (negative) at `time` (not before the last).
    mutating func append(floors: Int, at time: Double) {
        for _ in 0..<floors.magnitude {
            if times.count >= capacity { forgetOldest(max(1, capacity / 4)) }
            times.append(time)
            changes.append(floors > 0 ? 1 : -1)
        }
    }

    private mutating func forgetOldest(_ count: Int) {
        let ascended = changes.prefix(count).count { $0 > 0 }
        forgottenAscended += ascended
        forgottenDescended += count - ascended
        forgottenSpan = (forgottenSpan?.lowerBound ?? times[0])...times[count - 1]
        times.removeFirst(count)
        changes.removeFirst(count)
    }

    /// Floors ascended and descended in `start...end` (seconds); throws when the interval holds some forgotten
    /// changes but not all.
    func floors(from start: Double, through end: Double) throws(PedometerError) -> (ascended: Int, descended: Int) {
        var (ascended, descended) = (0, 0)
        if let span = forgottenSpan, start <= span.upperBound, end >= span.lowerBound {
            guard start <= span.lowerBound, end >= span.upperBound else {
                throw .forgottenInterval(start: start, end: end)
            }
            (ascended, descended) = (forgottenAscended, forgottenDescended)
        }
        for (time, change) in zip(times, changes) where time >= start && time <= end {
            if change > 0 { ascended += 1 } else { descended += 1 }
        }
        return (ascended, descended)
    }
}
