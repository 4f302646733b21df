import Foundation

/// One input file or directory that holds a labelled session: a MotionSense CSV file or a recording directory.
public enum SessionInput: Hashable, Sendable {
    /// A MotionSense device-motion CSV file (`<activity>_<trial>/sub_<n>.csv[.gz]`).
    case motionSense(URL)
    /// A recording directory written by imu-record or imu-import (it holds `recording.json`).
    case recording(URL)

    /// File name of the metadata that marks a recording directory.
    static let recordingMarker = "recording.json"

    /// The path, for messages.
    public var path: String {
        switch self {
        case .motionSense(let url), .recording(let url): url.path
        }
    }

    /// Every session input at `path`: the file or recording itself, or every MotionSense file and recording below a
    /// directory, sorted by path.
    public static func all(at path: String) throws(ActivityError) -> [SessionInput] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadableFile(path: path, reason: "no such file or directory")
        }
        let root = URL(fileURLWithPath: path)
        guard isDirectory.boolValue else { return [.motionSense(root)] }
        if isRecording(root) { return [.recording(root)] }
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else {
            throw .unreadableFile(path: path, reason: "cannot list the directory")
        }
        var found: [SessionInput] = []
        for case let url as URL in enumerator {
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                if isRecording(url) {
                    found.append(.recording(url))
                    enumerator.skipDescendants()
                }
            } else if url.lastPathComponent.hasSuffix(".csv") || url.lastPathComponent.hasSuffix(".csv.gz") {
                found.append(.motionSense(url))
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    private static func isRecording(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(recordingMarker).path)
    }
}
