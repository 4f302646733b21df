import ActivityKit
import FoundationEssentials
import MotionSamples

/// The `--json` line imu-train prints after writing a model, produced by an encoder whatever the path holds.
struct TrainedModelLine: Encodable {
    /// The model file written.
    let model: String
    /// Windows trained on.
    let windows: Int
    /// Activities the model knows.
    let classes: Int

    /// The line, keys sorted.
    func json() throws(ActivityError) -> String {
        do {
            return try JSONLine.encode(self)
        } catch {
            throw .unwritableFile(path: "standard output", reason: "the summary cannot be encoded")
        }
    }
}
