import ActivityKit
import CommandLineSupport
import DeviceMotionKit
import Logging
import MotionRecording

/// Replays recordings and MotionSense files as one device-motion stream, one session after another with a gap
/// between them, read one at a time; recordings are fused from their raw readings by the live pipeline (see
/// `SessionLoader`).
struct ReplayMotionSource: Sendable {
    /// The files to replay, in order.
    let files: [String]
    /// The model's windows: the stream is delivered at their rate, and a session shorter than one is named.
    let window: WindowConfiguration
    /// Where progress is logged.
    let logger: Logger

    /// Seconds of silence inserted between sessions, so that no window spans two of them.
    static let gapBetweenFiles = 1.0

    /// The stream of estimates; reading errors end it with the error.
    func motions() -> AsyncThrowingStream<DeviceMotion, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let sampleRate = window.sampleRate
                    let loader = try SessionLoader(sampleRate: sampleRate)
                    var offset = 0.0
                    for input in try loader.inputs(from: files) {
                        let session = try loader.session(from: input)
                        logger.info(
                            "replaying \(session.name) (\(session.label), \(session.motions.count) samples)")
                        session.reportShortOrRepaired(
                            tool: "imu-classify", window: window, consequence: "it is not classified on its own")
                        let start = session.motions.first?.timestamp ?? 0
                        for var motion in session.motions {
                            try Task.checkCancellation()
                            motion.timestamp = motion.timestamp - start + offset
                            continuation.yield(motion)
                        }
                        offset += Double(session.motions.count) / sampleRate + Self.gapBetweenFiles
                        await Task.yield()
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
