import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs `operation` so that Ctrl-C (SIGINT) or SIGTERM cancel it instead of killing the process,
/// letting streams close their buffers and recorders finish their files.
///
/// A second signal while the operation winds down exits at once with status 130.
public func runCancellingOnInterrupt<T: Sendable>(
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let interruption = Interruption()
    let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { interruption.signalled() }
        source.resume()
        return source
    }
    defer {
        for source in sources { source.cancel() }
    }
    let task = Task { try await operation() }
    interruption.attach(task)
    return try await task.value
}

/// The task to cancel on the first signal; a signal that arrives before the task exists cancels it on attach.
private final class Interruption: @unchecked Sendable {
    private var cancel: (@Sendable () -> Void)?
    private var signals = 0
    private let lock = NSLock()

    /// Attaches the operation's task, cancelling it at once if a signal came first.
    func attach<T>(_ task: Task<T, any Error>) {
        let alreadySignalled = lock.withLock {
            cancel = { task.cancel() }
            return signals > 0
        }
        if alreadySignalled { task.cancel() }
    }

    /// Handles a signal: the first cancels the task, a second exits at once with status 130.
    func signalled() {
        let (count, cancel) = lock.withLock {
            signals += 1
            return (signals, self.cancel)
        }
        if count > 1 { exit(130) }
        cancel?()
    }
}
