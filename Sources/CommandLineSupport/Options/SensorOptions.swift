import ArgumentParser

/// Which live IMU a tool reads and how it waits for one: `--uri`, `--device`, `--wait/--no-wait`, `--any`.
public struct SensorOptions: ParsableArguments, Sendable {
    /// Where the IIO devices are (`--uri`).
    @OptionGroup public var context: IIOContextOptions

    /// The IMU asked for (`--device`); nil picks the first.
    @Option(
        help: ArgumentHelp(
            "The IMU: a name or device name from imu-list, an iio:deviceN id, an index, or a location (lid, base). Default: the first with a gyroscope, else the first.",
            valueName: "imu"))
    public var device: String?

    /// Whether to wait for the IMU (`--wait`, `--no-wait`); nil leaves the choice to the tool's default.
    @Flag(
        inversion: .prefixedNo,
        help: "Wait for the IMU if it is not there and for its return after an unplug, or fail (--no-wait).")
    public var wait: Bool?

    /// Whether, after an unplug, any IMU that appears is taken (`--any`).
    @Flag(help: "After an unplug, resume on any IMU that appears, not only the same one.")
    public var any = false

    /// The libiio context URI.
    public var uri: String { context.uri }

    /// Whether the tool waits: `--wait` or `--no-wait` when given, else `otherwise`.
    public func waits(otherwise: Bool) -> Bool { wait ?? otherwise }

    /// Whether any sensor-choice flag was given, for tools that take them only in one mode.
    public var isGiven: Bool { device != nil || wait != nil || any }

    /// Creates the options with their defaults.
    public init() {}
}
