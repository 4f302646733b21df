import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on standard error, drawn only when standard error is a terminal and not under `--quiet`;
/// never on standard output, so piped results stay clean.
public struct TerminalProgressBar: Sendable {
    private let isTerminal: Bool
    private let width = 30
    /// The line last drawn, while it is on the terminal (nil once cleared or finished).
    private let drawn = DrawnLine()

    /// Creates a bar; it stays silent when standard error is redirected.
    public init() {
        isTerminal = isatty(STDERR_FILENO) != 0
    }

    /// Whether the bar is drawn at all.
    public var isVisible: Bool { isTerminal && !StatusOutput.isQuiet }

    /// Redraws the bar at `completed` of `total` with a short `title` (the rest of the line is cleared).
    public func update(_ title: String, completed: Int, total: Int) {
        guard isVisible, total > 0 else { return }
        let filled = width * min(max(0, completed), total) / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let line = "\r\(title) [\(bar)] \(completed)/\(total)\u{1B}[K"
        drawn.line.withLock { $0 = line }
        writeToStandardError(line)
        if completed >= total { finish() }
    }

    /// Erases the bar, so that a result line printed to the same terminal next starts on a clean line; the next
    /// ``update(_:completed:total:)`` draws it again below.
    public func clear() {
        guard isVisible else { return }
        drawn.line.withLock { $0 = nil }
        writeToStandardError("\r\u{1B}[K")
    }

    /// Runs `printLine` (which prints a result line, to stdout or stderr) with the bar erased, then draws the bar
    /// again as it was below that line, so that lines and bar never share a line of the terminal.
    public func printingAbove<Result>(_ printLine: () throws -> Result) rethrows -> Result {
        guard isVisible, let line = drawn.line.withLock({ $0 }) else { return try printLine() }
        writeToStandardError("\r\u{1B}[K")
        defer { writeToStandardError(line) }
        return try printLine()
    }

    /// Ends the bar's line.
    public func finish() {
        guard isVisible else { return }
        drawn.line.withLock { $0 = nil }
        writeToStandardError("\n")
    }
}

/// The bar's last drawn line, shared by the copies of one bar.
private final class DrawnLine: Sendable {
    let line = Mutex<String?>(nil)
}
