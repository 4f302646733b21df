import ArgumentParser

/// Where a tool writes what it makes: `-o`, `--output`.
public struct OutputOptions: ParsableArguments, Sendable {
    /// The path given (`-o`, `--output`); nil when none was.
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Where to write: a file, or the directory for tools that write recordings.", valueName: "path"))
    public var output: String?

    /// Creates the options with their defaults.
    public init() {}
}
