/// Where the tasks this package starts for a stream run.
///
/// Swift's unstructured tasks (`Task { }`) do not inherit their creator's task executor preference, so the tasks a
/// stream starts for itself (`LiveIMUSource`'s follower, `MotionManager`'s update loop, a recording's replay and its
/// writer's flush timer) read the preference from this task-local value instead: set it around the code that opens
/// and consumes a live stream, and the whole stream runs on that executor; unset, they run on Swift's global pool.
public enum StreamExecution {
    /// The executor a stream's tasks prefer, or nil for Swift's global pool.
    @TaskLocal public static var preferredExecutor: (any TaskExecutor)?
}
