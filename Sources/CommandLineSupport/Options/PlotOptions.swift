import ArgumentParser

/// A picture of a tool's result: `--plot FILE.svg` (imu-eval, imu-train --cross-validate).
public struct PlotOptions: ParsableArguments, Sendable {
    /// Where the SVG picture is written (`--plot`); nil when none is asked for.
    @Option(help: ArgumentHelp("Also draw the result as an SVG picture into this file.", valueName: "file.svg"))
    public var plot: String?

    /// Creates the options with their defaults.
    public init() {}
}
