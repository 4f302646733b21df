import ArgumentParser
import DeviceMotionKit

/// Whether recordings are fused causally, as a live sensor is, or forward and backward: `--offline`.
public struct FusionModeOptions: ParsableArguments, Sendable {
    /// Whether `--offline` was given.
    @Flag(
        help: ArgumentHelp(
            "Estimate gravity forward and backward over each input (non-causal, for recordings), not causally as live.",
            discussion: "The filter's low-pass of the specific force runs backwards too, which removes its lag."))
    public var offline = false

    /// The fusion mode the flag selects.
    public var mode: FusionMode { offline ? .offline : .live }

    /// Creates the options with their defaults.
    public init() {}
}
