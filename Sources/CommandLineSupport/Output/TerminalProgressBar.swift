#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on standard error, drawn only when standard error is a terminal and not under `--quiet`;
/// never on standard output, so piped results stay clean. Status lines, warnings and log lines written to standard
/// error meanwhile erase it and draw it again below them (``ProgressLine``).
public struct TerminalProgressBar: Sendable {
    private let isTerminal: Bool
    private let width = 30

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
        ProgressLine.draw("\r\(title) [\(bar)] \(completed)/\(total)\u{1B}[K")
        if completed >= total { finish() }
    }

    /// Erases the bar, so that a result line printed to the same terminal next starts on a clean line; the next
    /// ``update(_:completed:total:)`` draws it again below.
    public func clear() {
        guard isVisible else { return }
        ProgressLine.erase()
    }

    /// Runs `printLine` (which prints a result line, to stdout or stderr) with the bar erased, then draws the bar
    /// again as it was below that line, so that lines and bar never share a line of the terminal.
    public func printingAbove<Result>(_ printLine: () throws -> Result) rethrows -> Result {
        guard isVisible else { return try printLine() }
        return try ProgressLine.printingAbove(printLine)
    }

    /// Ends the bar's line.
    public func finish() {
        guard isVisible else { return }
        ProgressLine.end()
    }
}
