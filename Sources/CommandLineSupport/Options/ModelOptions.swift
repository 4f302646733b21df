import ArgumentParser

/// The activity model a tool reads: `--model`.
public struct ModelOptions: ParsableArguments, Sendable {
    /// The model file given (`--model`); nil when none was.
    @Option(
        help: ArgumentHelp(
            "Model file written by imu-train (where it may be left out: the bundled MotionSense model).",
            valueName: "file"))
    public var model: String?

    /// Creates the options with their defaults.
    public init() {}
}
