/// Ctrl-C or SIGTERM came before the IMU was found: there is nothing to record.
struct StoppedBeforeRecording: Error, CustomStringConvertible {
    var description: String { "stopped before the recording started; nothing was written" }
}
