import ArgumentParser

/// The activity models a tool reads and averages: `--model`, repeatable.
public struct ModelOptions: ParsableArguments, Sendable {
    /// The model files given (`--model`, in order); empty when none was.
    @Option(
        name: .customLong("model"),
        help: ArgumentHelp(
            "Model file written by imu-train (what a tool does without one, its help says); repeat it to average "
                + "models of different windows, each scoring its own window ending at the same sample.",
            valueName: "file"))
    public var models: [String] = []

    /// Most models a tool averages: each file may hold up to 64 MiB, and the bundled pair is two.
    public static let maximumCount = 16

    /// Creates the options with their defaults.
    public init() {}

    /// Refuses more models than ``maximumCount`` before any is read.
    public func validate() throws {
        guard models.count <= Self.maximumCount else {
            throw ValidationError(
                "--model is given \(models.count) times; at most \(Self.maximumCount) models are averaged")
        }
    }
}
