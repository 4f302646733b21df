import ActivityKit
import ArgumentParser

/// Command-line options for how sessions are cut into windows.
struct WindowOptions: ParsableArguments {
    @Option(help: "Sample rate the sessions are resampled to, in Hz.")
    var rate = WindowConfiguration.standard.sampleRate

    @Option(help: "Window length in samples.")
    var window = WindowConfiguration.standard.size

    @Option(help: "Samples between the starts of consecutive windows.")
    var hop = WindowConfiguration.standard.hop

    /// The validated configuration.
    func configuration() throws(ActivityError) -> WindowConfiguration {
        try WindowConfiguration(size: window, hop: hop, sampleRate: rate)
    }
}
