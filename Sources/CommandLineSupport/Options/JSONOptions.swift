import ArgumentParser

/// Machine-readable output: `--json`.
public struct JSONOptions: ParsableArguments, Sendable {
    /// Whether to print JSON lines instead of text or CSV (`--json`).
    @Flag(help: "Print one JSON object per line instead of text or CSV.")
    public var json = false

    /// Creates the options with their defaults.
    public init() {}
}
