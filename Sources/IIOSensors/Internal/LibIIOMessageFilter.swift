import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Keeps libiio's expected messages off the tools' stderr, so unplug and replug print one line each, not a burst.
///
/// libiio 0.24 prints on stderr (its log level is fixed when it is compiled) "WARNING: High-speed mode not
/// enabled" each time a local buffer is opened without the mmap block interface, which no IMU driver offers, and
/// "ERROR: Error during buffer disable" and "... channel[N] disable" when a buffer of a device already removed is
/// closed, and "ERROR: Unable to stat file" when a device's sysfs files vanish while a local context is created
/// (the device is being unplugged; it is simply not in that context). While a libiio call runs, stderr goes to a pipe; afterwards everything in it except the lines named is
/// written to stderr, in order.
enum LibIIOMessageFilter {
    private static let lock = DispatchSemaphore(value: 1)

    /// Whether `line` is libiio's warning that a buffer is opened without the mmap interface.
    static func isLowSpeedWarning(_ line: String) -> Bool {
        line == "WARNING: High-speed mode not enabled"
    }

    /// Whether `line` is libiio failing to disable a buffer or channel of a device that is gone (ENOENT, ENODEV).
    static func isRemovedDeviceDisableError(_ line: String) -> Bool {
        line.hasPrefix("ERROR: Error during ") && line.contains(" disable: ")
            && (line.hasSuffix(" (2)") || line.hasSuffix(" (19)"))
    }

    /// Whether `line` is libiio finding that a sysfs file it listed is gone (ENOENT): a device removed meanwhile.
    static func isVanishedFileError(_ line: String) -> Bool {
        line == "ERROR: Unable to stat file: No such file or directory (2)"
    }

    /// Runs `body` with the stderr lines `isDropped` accepts filtered out (anything else written meanwhile is kept).
    static func run<T>(dropping isDropped: (String) -> Bool, _ body: () -> T) -> T {
        lock.wait()
        defer { lock.signal() }
        do {
            var ends: [Int32] = [-1, -1]
            fflush(nil)
            guard pipe(&ends) == 0 else { return body() }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
            let saved = dup(STDERR_FILENO)
            guard saved >= 0, dup2(ends[1], STDERR_FILENO) >= 0 else {
                if saved >= 0 { close(saved) }
                close(ends[0])
                close(ends[1])
                return body()
            }
            let result = body()
            fflush(nil)
            dup2(saved, STDERR_FILENO)
            close(saved)
            close(ends[1])
            var captured: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                captured += chunk[..<count]
            }
            close(ends[0])
            let kept = Array(
                captured.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .filter { !isDropped(String(decoding: $0, as: UTF8.self)) }
                    .joined(separator: [UInt8(ascii: "\n")]))
            if !kept.isEmpty {
                _ = kept.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            }
            return result
        }
    }
}
