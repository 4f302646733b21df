import Dispatch

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
    let task = Task { try await operation() }
    let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        let alreadyAsked = AskedOnce()
        source.setEventHandler {
            if alreadyAsked.mark() { exit(130) }
            task.cancel()
        }
        source.resume()
        return source
    }
    defer {
        for source in sources { source.cancel() }
    }
    return try await task.value
}

/// Remembers whether a signal came before.
private final class AskedOnce: @unchecked Sendable {
    private var asked = false
    private let lock = DispatchQueue(label: "imu-bridge.interruption")

    /// Marks a signal; returns whether one had come already.
    func mark() -> Bool {
        lock.sync {
            defer { asked = true }
            return asked
        }
    }
}
