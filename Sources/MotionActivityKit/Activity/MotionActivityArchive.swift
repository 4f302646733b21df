/// Where past activities can be looked up by time: the manager's own memory, or the history database.
public protocol MotionActivityArchive: Sendable {
    /// The activities in force at some time in `from..<to`: the one already going at `from`, then every one that
    /// starts before `to`, oldest first.
    func activities(from: Double, to: Double) throws -> [MotionActivity]
}
