import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Delivers signals (SIGINT, SIGTERM, SIGHUP) to Swift handlers without ever losing one.
///
/// A dispatch signal source is armed asynchronously, so a signal that arrives just after it was created can be
/// dropped (the disposition is `SIG_IGN` until the source is live). Here a minimal async-signal-safe handler is
/// installed with `sigaction` before `observe` returns; it writes the signal number to a pipe, and a dispatch read
/// source hands it to the Swift handler. A byte written before that source runs waits in the pipe.
public final class SignalRelay: Sendable {
    /// The one relay of the process (a signal disposition is process-wide).
    public static let shared = SignalRelay()

    private let readEnd: Int32
    /// Kept for the life of the process; only touched in `init`.
    private nonisolated(unsafe) let reader: any DispatchSourceRead
    private let handlers = Mutex<[Int32: @Sendable () -> Void]>([:])

    private init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            fatalError("cannot create the signal pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        relayWriteEnd = ends[1]
        reader = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .global())
        reader.setEventHandler { [unowned self] in self.drain() }
        reader.resume()
    }

    /// Calls `handler` (on a background queue) for every `signal` from now on, replacing an earlier handler for it;
    /// the signal no longer has its default effect. Installed before this returns, so no later signal is lost.
    public func observe(_ signal: Int32, handler: @escaping @Sendable () -> Void) {
        handlers.withLock { $0[signal] = handler }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = relaySignal
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }

    /// Stops calling the handler of `signal`; the signal stays caught (and is then ignored).
    public func ignore(_ signal: Int32) {
        handlers.withLock { $0[signal] = nil }
    }

    /// Reads every relayed signal number from the pipe and runs its handler.
    private func drain() {
        var numbers = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &numbers, numbers.count)
            guard count > 0 else { return }
            for number in numbers[..<count] {
                let handler = handlers.withLock { $0[Int32(number)] }
                handler?()
            }
        }
    }
}

/// The pipe's write end, for the signal handler; set once, before any handler is installed.
nonisolated(unsafe) private var relayWriteEnd: Int32 = -1

/// The signal handler: writes the signal number to the relay's pipe, keeping `errno` (async-signal-safe).
private func relaySignal(_ number: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(relayWriteEnd, &byte, 1)
    errno = savedErrno
}
