/// The mutable state of a ``MotionManager``, always accessed under its lock.
struct MotionManagerState: ~Copyable {
    /// A view of the subscribed sequences' continuations.
    typealias Subscribers = Dictionary<UInt64, AsyncThrowingStream<DeviceMotion, any Error>.Continuation>.Values

    /// Seconds between estimates.
    var updateInterval = 1.0 / 25
    /// Number of the current (or last) update session; bumped at every start and end, so a stale task delivers nothing.
    var session: UInt64 = 0
    /// Whether updates are running.
    var isActive = false
    /// The task reading the source for the current or last session.
    var task: Task<Void, Never>?
    /// The most recent estimate.
    var latest: DeviceMotion?
    /// The reference frame of the current or last session.
    var referenceFrame = AttitudeReferenceFrame.xArbitraryZVertical
    /// Why the last session failed, if it did.
    var lastError: MotionError?
    /// The push-mode handler and its queue.
    var handler: MotionHandlerTarget?
    /// The asynchronous sequences being fed, by subscription number.
    private var subscriberTable: [UInt64: AsyncThrowingStream<DeviceMotion, any Error>.Continuation] = [:]
    /// The next subscription number.
    private var nextSubscriberID: UInt64 = 0

    /// The continuations of every subscribed sequence: a view that shares the table's storage, so handing it out
    /// of the lock for every batch allocates nothing.
    var subscribers: Subscribers {
        subscriberTable.values
    }

    /// Adds a subscribed sequence and returns its subscription number.
    mutating func addSubscriber(_ continuation: AsyncThrowingStream<DeviceMotion, any Error>.Continuation) -> UInt64 {
        nextSubscriberID &+= 1
        subscriberTable[nextSubscriberID] = continuation
        return nextSubscriberID
    }

    /// Removes one subscription.
    mutating func removeSubscriber(_ id: UInt64) {
        subscriberTable[id] = nil
    }

    /// Removes every subscription and returns their continuations, to be finished outside the lock.
    mutating func removeSubscribers() -> Subscribers {
        defer { subscriberTable = [:] }
        return subscribers
    }
}
