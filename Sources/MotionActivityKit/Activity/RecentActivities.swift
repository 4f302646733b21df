/// The last activities a manager has seen, oldest first, at most ``capacity`` of them (the oldest are dropped).
public struct RecentActivities: Sendable {
    /// The most activities kept.
    public let capacity: Int
    private var activities: [MotionActivity] = []

    /// Creates an empty record of at most `capacity` activities (at least one).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends `activity`, dropping the oldest when full.
    public mutating func append(_ activity: MotionActivity) {
        if activities.count == capacity { activities.removeFirst(capacity / 2) }
        activities.append(activity)
    }

    /// The activities in force at some time in `from..<to`, oldest first (see ``MotionActivityArchive``).
    public func activities(from: Double, to: Double) -> [MotionActivity] {
        guard from < to else { return [] }
        let first = activities.lastIndex { $0.startDate <= from } ?? activities.firstIndex { $0.startDate > from }
        guard let first else { return [] }
        return Array(activities[first...].prefix { $0.startDate < to })
    }
}
