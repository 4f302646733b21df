import ArgumentParser
import DeviceMotionKit

/// The rate a live sensor is asked for: `--sensor-rate`, never the rate of what a tool writes.
public struct SensorRateOptions: ParsableArguments, Sendable {
    /// The sensor rate a tool asks for when it fuses device motion and none is given.
    public static let fusionDefault = 100.0

    /// The rates a sensor may be asked for, in Hz: what the reader and the fusion take.
    public static let range = DeviceMotionPipeline.sensorRateRange

    /// The rate given (`--sensor-rate`), in Hz; nil when none was.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Sampling rate to ask the sensor for, in Hz: the smallest it offers at or above this (default: 100 where the tool fuses device motion, else the sensor's current rate).",
            valueName: "hz"))
    public var sensorRate: Double?

    /// Refuses a rate outside what the reader and the fusion take.
    public func validate() throws {
        if let sensorRate { try requireFlag("--sensor-rate", sensorRate, in: Self.range, unit: "Hz") }
    }

    /// Creates the options with their defaults.
    public init() {}
}
