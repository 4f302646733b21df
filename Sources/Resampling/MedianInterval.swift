/// The typical interval between timestamps: the median of the positive steps, which ignores duplicates,
/// backward steps and the odd gap or burst, so a handful of readings gives a sensor's period.
///
/// ```swift
/// let period = medianInterval(of: [0, 0.01, 0.02, 0.02, 0.5])  // 0.01
/// ```
@inlinable
public func medianInterval(of timestamps: some Collection<Double>) -> Double? {
    let intervals = zip(timestamps.dropFirst(), timestamps).map { $0 - $1 }.filter { $0 > 0 }.sorted()
    return intervals.isEmpty ? nil : intervals[intervals.count / 2]
}
