#if canImport(Glibc)
import Glibc
#endif

/// The progress bar's line on the terminal, shared by everything that writes to standard error or to the same
/// terminal: a status line, a warning, a log line or a result is written with the bar erased first and drawn again
/// below it, so that no line ever starts on the bar's.
///
/// One lock orders the bar's redraws and every line written around it, whatever the thread (the MQTT network thread
/// warns while the main thread draws the bar); the lock is recursive, so a line written while another is being
/// written (a log line from inside a result's printing) only nests.
enum ProgressLine {
    private static let lock = RecursiveLock()
    /// The bar's text as last drawn, while it is on the terminal; guarded by `lock`.
    nonisolated(unsafe) private static var drawn: String?

    /// Draws `line` (which starts with a carriage return and ends erasing the rest of the line) as the bar.
    static func draw(_ line: String) {
        lock.withLock {
            drawn = line
            writeToStandardError(line)
        }
    }

    /// Erases the bar, if it is drawn, leaving the cursor at the start of its empty line.
    static func erase() {
        lock.withLock {
            guard drawn != nil else { return }
            drawn = nil
            writeToStandardError("\r\u{1B}[K")
        }
    }

    /// Ends the bar's line with a newline, if it is drawn, so that it stays above what follows.
    static func end() {
        lock.withLock {
            guard drawn != nil else { return }
            drawn = nil
            writeToStandardError("\n")
        }
    }

    /// Runs `write` (which writes whole lines) with the bar erased, then draws the bar again below them.
    static func printingAbove<Result>(_ write: () throws -> Result) rethrows -> Result {
        try lock.withLock {
            guard let line = drawn else { return try write() }
            drawn = nil
            writeToStandardError("\r\u{1B}[K")
            defer {
                drawn = line
                writeToStandardError(line)
            }
            return try write()
        }
    }
}

/// A pthread mutex of type `PTHREAD_MUTEX_RECURSIVE`: the thread that holds it may take it again.
private final class RecursiveLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
