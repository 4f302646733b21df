import Dispatch
import Synchronization

/// A task executor of one thread of its own, which runs the jobs of the tasks that prefer it one after another.
///
/// A live stream's readings pass through three tasks (the source's follower, the fusion's update loop, the
/// consumer), each resumed by the one before it. On Swift's global pool each resumption may wake a second worker while
/// the first is still busy; on this executor it is an append to the queue the thread is already running, so the
/// process wakes once for each batch a reader thread delivers (`Benchmarks/Activity/RESULTS.md`).
public final class SerialThreadExecutor: TaskExecutor {
    /// The jobs waiting to run, and whether the thread sleeps until one comes.
    private struct Queue {
        var jobs: [UnownedJob] = []
        var isSleeping = false
    }

    private let queue = Mutex(Queue())
    private let wakeUp = DispatchSemaphore(value: 0)

    /// Starts the executor's thread, named `name` (as `ps -L` and `top -H` show it); the thread lives as long as the
    /// process, sleeping while no job waits.
    public init(threadName name: String) {
        startDedicatedThread(named: name) { [self] in runJobs() }
    }

    /// Queues `job`, waking the thread if it sleeps.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let wakes = queue.withLock { queue in
            queue.jobs.append(job)
            defer { queue.isSleeping = false }
            return queue.isSleeping
        }
        if wakes { wakeUp.signal() }
    }

    /// The thread's loop: runs the queued jobs in order, in batches taken under the lock, and sleeps when none wait.
    private func runJobs() {
        var batch: [UnownedJob] = []
        while true {
            queue.withLock { queue in
                swap(&batch, &queue.jobs)
                queue.isSleeping = batch.isEmpty
            }
            if batch.isEmpty {
                wakeUp.wait()
                continue
            }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
