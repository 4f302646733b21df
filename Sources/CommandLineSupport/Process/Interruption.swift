import StreamExecution
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs `operation` so that Ctrl-C (SIGINT) or SIGTERM cancel it instead of killing the process,
/// letting streams close their buffers and recorders finish their files.
///
/// A second signal while the operation winds down exits at once with ``ExitStatus/interruptedAgain``.
/// With `onStreamThread`, the operation and the tasks its streams start run on one thread of their own
/// (``SerialThreadExecutor``, named `stream`) instead of Swift's global pool: for a live stream, whose tasks take turns.
public func runCancellingOnInterrupt<T: Sendable>(
    onStreamThread: Bool = false, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let interruption = Interruption()
    for number in [SIGINT, SIGTERM] {
        SignalRelay.shared.observe(number) { interruption.signalled() }
    }
    defer {
        for number in [SIGINT, SIGTERM] { SignalRelay.shared.ignore(number) }
    }
    let executor = onStreamThread ? SerialThreadExecutor(threadName: "stream") : nil
    let task = StreamExecution.$preferredExecutor.withValue(executor) {
        Task(executorPreference: executor) { try await operation() }
    }
    interruption.attach(task)
    return try await task.value
}

/// The task to cancel on the first signal; a signal that arrives before the task exists cancels it on attach.
private final class Interruption: Sendable {
    private let state = Mutex<(cancel: (@Sendable () -> Void)?, signals: Int)>((nil, 0))

    /// Attaches the operation's task, cancelling it at once if a signal came first.
    func attach<T>(_ task: Task<T, any Error>) {
        let alreadySignalled = state.withLock {
            $0.cancel = { task.cancel() }
            return $0.signals > 0
        }
        if alreadySignalled { task.cancel() }
    }

    /// Handles a signal: the first cancels the task, a second exits at once with ``ExitStatus/interruptedAgain``.
    func signalled() {
        let (count, cancel) = state.withLock {
            $0.signals += 1
            return ($0.signals, $0.cancel)
        }
        if count > 1 { exit(ExitStatus.interruptedAgain.rawValue) }
        cancel?()
    }
}
