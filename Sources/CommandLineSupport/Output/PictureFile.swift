import ActivityKit
import Foundation

/// Where the tools write their SVG pictures (`imu-plot -o`, `--plot`).
public enum PictureFile {
    /// Writes `svg` to `path` atomically (a viewer never sees half a picture); a failure is an unwritable file, status 11.
    public static func write(_ svg: String, to path: String) throws(ActivityError) {
        do {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritableFile(
                path: path, reason: "\(ActivityModel.plainReason(error)); check that the directory exists and is writable")
        }
    }
}
