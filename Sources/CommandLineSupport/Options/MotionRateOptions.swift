import ArgumentParser

/// The rate of the device motion a tool writes or works at: `--rate`, never what the sensor is asked for.
public struct MotionRateOptions: ParsableArguments, Sendable {
    /// The device-motion rate when none is given, in Hz.
    public static let defaultRate = 25.0

    /// The device-motion rate (`--rate`), in Hz; each tool checks it against its own documented range.
    @Option(parsing: .unconditional, help: ArgumentHelp("Device-motion (output) rate, in Hz.", valueName: "hz"))
    public var rate = Self.defaultRate

    /// Creates the options with their defaults.
    public init() {}
}
