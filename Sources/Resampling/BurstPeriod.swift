/// The period of readings handed over in bursts and stamped as they were handed over, not as they were taken (a HID
/// hub without timestamps that batches its reports, a feeder catching up): the readings from the first burst's start
/// to the last one's, over the time between them. A step shorter than `withinBurst` is inside a burst; `nil` unless at
/// least `minimumReadings` readings lie between the first start and the last.
///
/// ```swift
/// // Bursts of 4 readings a microsecond apart every 40 ms: a period of 10 ms.
/// let period = burstPeriod(of: [0, 1e-6, 2e-6, 3e-6, 0.04, 0.040001, 0.040002, 0.040003, 0.08], withinBurst: 5e-5,
///                          minimumReadings: 4)  // 0.01
/// ```
public func burstPeriod(of timestamps: some Sequence<Double>, withinBurst: Double, minimumReadings: Int) -> Double? {
    var first: (index: Int, timestamp: Double)?
    var last: (index: Int, timestamp: Double)?
    var previous: Double?
    for (index, timestamp) in timestamps.enumerated() {
        if let previous, timestamp - previous >= withinBurst {
            if first == nil { first = (index, timestamp) }
            last = (index, timestamp)
        }
        previous = max(previous ?? timestamp, timestamp)
    }
    guard let first, let last, last.index - first.index >= max(1, minimumReadings) else { return nil }
    return (last.timestamp - first.timestamp) / Double(last.index - first.index)
}
