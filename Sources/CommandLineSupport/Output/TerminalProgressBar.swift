#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on standard error, drawn only when standard error is a terminal and not under `--quiet`.
public struct TerminalProgressBar: Sendable {
    private let isTerminal: Bool
    private let width = 30

    /// Creates a bar; it stays silent when standard error is redirected.
    public init() {
        isTerminal = isatty(STDERR_FILENO) != 0
    }

    /// Redraws the bar at `completed` of `total` with a short `title`.
    public func update(_ title: String, completed: Int, total: Int) {
        guard isTerminal, !StatusOutput.isQuiet, total > 0 else { return }
        let filled = width * min(completed, total) / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        writeToStandardError("\r\(title) [\(bar)] \(completed)/\(total)")
        if completed >= total { finish() }
    }

    /// Ends the bar's line.
    public func finish() {
        guard isTerminal, !StatusOutput.isQuiet else { return }
        writeToStandardError("\n")
    }
}
