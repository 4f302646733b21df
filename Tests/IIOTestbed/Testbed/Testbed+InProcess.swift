import Foundation

extension Testbed {
    /// Serializes in-process use: `UMOCKDEV_DIR` is one variable for the whole process.
    private static let inProcessLock = NSLock()

    /// Whether this process itself runs under `libumockdev-preload.so.0`, as in-process libiio/libudev tests
    /// need (`LD_PRELOAD=libumockdev-preload.so.0 swift test`).
    public static var isProcessPreloaded: Bool {
        ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("libumockdev-preload") ?? false
    }

    /// Runs `body` with `UMOCKDEV_DIR` pointing at this testbed, so libiio and libudev calls in this process
    /// see it (only when `isProcessPreloaded`). Calls from different tests take turns; the variable is
    /// unset afterwards, which makes the preload a pass-through again.
    public func withUMockdevDirectory<Result>(_ body: () throws -> Result) rethrows -> Result {
        Self.inProcessLock.lock()
        defer {
            unsetenv("UMOCKDEV_DIR")
            Self.inProcessLock.unlock()
        }
        setenv("UMOCKDEV_DIR", root.path, 1)
        return try body()
    }
}
