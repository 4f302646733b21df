import Synchronization

/// Status, progress and warning lines on stderr, which `--quiet` silences; results and errors are never silenced.
public enum StatusOutput {
    private static let quiet = Atomic(false)
    private static let verbose = Atomic(false)

    /// Whether status and progress lines are silenced (set by ``VerbosityOptions/bootstrap(detail:)``).
    public static var isQuiet: Bool {
        get { quiet.load(ordering: .relaxed) }
        set { quiet.store(newValue, ordering: .relaxed) }
    }

    /// Whether details were asked for (`--verbose`; set by ``VerbosityOptions/bootstrap(detail:)``).
    public static var isVerbose: Bool {
        get { verbose.load(ordering: .relaxed) }
        set { verbose.store(newValue, ordering: .relaxed) }
    }
}

/// Writes a status, progress or warning line (`sensor removed, waiting`) to stderr unless `--quiet` was given.
public func printStatus(_ line: String) {
    guard !StatusOutput.isQuiet else { return }
    printError(line)
}
