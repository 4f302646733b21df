import ArgumentParser
import Logging

/// How much a tool says on stderr besides results and errors: `-v`, `--verbose` and `-q`, `--quiet`.
public struct VerbosityOptions: ParsableArguments, Sendable {
    /// More detail on stderr (`-v`, `--verbose`).
    @Flag(name: .shortAndLong, help: "Log details to stderr.")
    public var verbose = false

    /// Only results and errors: no status, progress, warning or deprecation lines (`-q`, `--quiet`).
    @Flag(name: .shortAndLong, help: "Print only results and errors: no status, progress or warning lines.")
    public var quiet = false

    /// Refuses both at once.
    public func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet exclude each other; give one") }
    }

    /// The log level: `detail` with `--verbose`, errors only with `--quiet`, else warnings.
    public func level(detail: Logger.Level = .info) -> Logger.Level {
        verbose ? detail : quiet ? .error : .warning
    }

    /// Sends log lines to stderr at this level and silences status lines under `--quiet`. Call once, from `run()`.
    public func bootstrap(detail: Logger.Level = .info) {
        StatusOutput.isQuiet = quiet
        StatusOutput.isVerbose = verbose
        bootstrapLogging(level: level(detail: detail))
    }

    /// Creates the options with their defaults.
    public init() {}
}
