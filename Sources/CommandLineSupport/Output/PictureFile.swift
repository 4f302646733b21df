import ActivityKit
import MotionRecording

/// Where the tools write their SVG pictures (`imu-plot -o`, `--plot`).
public enum PictureFile {
    /// Writes `svg` to `path` atomically (a viewer never sees half a picture; ``OutputFile``: a device such as
    /// `/dev/null` is written, not replaced); a failure is an unwritable file, status 11.
    public static func write(_ svg: String, to path: String) throws(ActivityError) {
        do {
            try OutputFile.write(Array(svg.utf8), to: path)
        } catch {
            throw .unwritableFile(path: path, reason: "\(error.reason); check that the directory exists and is writable")
        }
    }
}
