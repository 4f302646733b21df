import Dispatch
import Synchronization

/// A task executor of one thread of its own, which runs the jobs of the tasks that prefer it one after another.
///
/// A live stream's readings pass through three tasks (the source's follower, the fusion's update loop, the
/// consumer), each resumed by the one before it. On Swift's global pool each resumption may wake a second worker while
/// the first is still busy; on this executor it is an append to the queue the thread is already running, so the
/// process wakes once for each batch a reader thread delivers (`Benchmarks/Activity/RESULTS.md`).
///
/// The thread ends when the executor is released. A task that prefers the executor holds it until the task ends
/// (`Task(executorPreference:)` retains it, as `withTaskExecutorPreference` holds it for its scope), so no job comes
/// after that.
public final class SerialThreadExecutor: TaskExecutor {
    private let jobs = JobQueue()

    /// Starts the executor's thread, named `name` (as `ps -L` and `top -H` show it), which sleeps while no job waits
    /// and ends when the executor is released.
    public init(threadName name: String) {
        let executor = asUnownedTaskExecutor()
        startDedicatedThread(named: name) { [jobs] in jobs.run(on: executor) }
    }

    deinit { jobs.close() }

    /// Queues `job`, waking the thread if it sleeps.
    public func enqueue(_ job: consuming ExecutorJob) {
        jobs.append(UnownedJob(job))
    }
}

/// The jobs waiting for a ``SerialThreadExecutor``'s thread, shared by the executor and its thread so that the
/// thread does not keep the executor alive.
private final class JobQueue: Sendable {
    /// The jobs waiting to run, whether the thread sleeps until one comes, and whether the executor is gone.
    private struct State {
        var jobs: [UnownedJob] = []
        var isSleeping = false
        var isClosed = false
    }

    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    /// Queues `job`, waking the thread if it sleeps.
    func append(_ job: UnownedJob) {
        let wakes = state.withLock { state in
            state.jobs.append(job)
            defer { state.isSleeping = false }
            return state.isSleeping
        }
        if wakes { wakeUp.signal() }
    }

    /// Lets the thread end once the jobs queued have run.
    func close() {
        let wakes = state.withLock { state in
            state.isClosed = true
            defer { state.isSleeping = false }
            return state.isSleeping
        }
        if wakes { wakeUp.signal() }
    }

    /// The thread's loop: runs the queued jobs in order, in batches taken under the lock, sleeps when none wait and
    /// returns when none wait after ``close()``.
    func run(on executor: UnownedTaskExecutor) {
        var batch: [UnownedJob] = []
        while true {
            let isClosed = state.withLock { state in
                swap(&batch, &state.jobs)
                state.isSleeping = batch.isEmpty && !state.isClosed
                return state.isClosed
            }
            if batch.isEmpty {
                if isClosed { return }
                wakeUp.wait()
                continue
            }
            for job in batch { job.runSynchronously(on: executor) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
