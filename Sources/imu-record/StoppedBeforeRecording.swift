import CommandLineSupport

/// Ctrl-C or SIGTERM came before the IMU was found: there is nothing to record, and stopping is what was asked
/// (status 0, as any Ctrl-C).
struct StoppedBeforeRecording: ToolFailure {
    var description: String { "stopped before the recording started (Ctrl-C or SIGTERM while waiting for an IMU): nothing was written" }
    var exitStatus: ExitStatus { .success }
}
