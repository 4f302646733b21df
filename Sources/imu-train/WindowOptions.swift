import ActivityKit
import ArgumentParser
import CommandLineSupport

/// Command-line options for how sessions are cut into windows.
struct WindowOptions: ParsableArguments {
    /// The device-motion rate the sessions are resampled to (`--rate`), the model's rate.
    @OptionGroup var motionRate: MotionRateOptions

    @Option(parsing: .unconditional, help: "Window length in samples.")
    var window = WindowConfiguration.standard.size

    @Option(parsing: .unconditional, help: "Samples between the starts of consecutive windows.")
    var hop = WindowConfiguration.standard.hop

    /// The device-motion rate, in Hz.
    var rate: Double { motionRate.rate }

    /// Refuses a rate, window or hop outside the ranges a model file may hold.
    func validate() throws {
        try requireFlag("--rate", rate, in: WindowConfiguration.sampleRateRange, unit: "Hz")
        try requireFlag("--window", window, in: WindowConfiguration.sizeRange, unit: "samples")
        try requireFlag("--hop", hop, in: 1...window, unit: "samples (up to the window)")
    }

    /// The validated configuration.
    func configuration() throws(ActivityError) -> WindowConfiguration {
        try WindowConfiguration(size: window, hop: hop, sampleRate: rate)
    }
}
