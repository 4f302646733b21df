import ActivityKit
import MotionSamples

/// The `--json` line imu-plot prints after writing its picture, produced by an encoder whatever the path holds.
struct PictureLine: Encodable {
    /// The SVG file written.
    let picture: String
    /// Sessions drawn.
    let sessions: Int

    /// The line, keys sorted.
    func json() throws(ActivityError) -> String {
        do {
            return try JSONLine.encode(self)
        } catch {
            throw .unwritableFile(path: "standard output", reason: "the summary cannot be encoded")
        }
    }
}
