import FoundationEssentials
import MotionRecording

/// One input file or directory that holds a labelled session: a dataset file (read by a ``SessionFileFormat``) or a
/// recording directory.
public enum SessionInput: Hashable, Sendable {
    /// A file that is not a recording, such as a MotionSense device-motion CSV file; a ``SessionFileFormat`` reads it.
    case datasetFile(URL)
    /// A recording directory written by imu-record or imu-import (it holds `recording.json`).
    case recording(URL)

    /// File name of the metadata that marks a recording directory.
    static let recordingMarker = "recording.json"

    /// The path, for messages.
    public var path: String {
        switch self {
        case .datasetFile(let url), .recording(let url): url.path
        }
    }

    /// Every session input at `path`: the file or recording itself, or every CSV file and recording below a
    /// directory (symbolic links followed, at most ``searchDepth`` levels down), sorted by path.
    public static func all(at path: String) throws(ActivityError) -> [SessionInput] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .unreadableFile(path: path, reason: "no such file or directory")
        }
        let root = URL(fileURLWithPath: path)
        guard isDirectory(atPath: path) else { return [.datasetFile(root)] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw .unreadableFile(path: path, reason: "cannot list the directory; check its permissions")
        }
        var found: [SessionInput] = []
        collect(in: root, names: names, depth: searchDepth, into: &found)
        return found.sorted { $0.path < $1.path }
    }

    /// How many directory levels below a path are searched (a bound that also ends symbolic-link cycles).
    static let searchDepth = 16

    /// Adds the recording `directory` is, or the CSV files and recordings below it.
    private static func collect(in directory: URL, names: [String], depth: Int, into found: inout [SessionInput]) {
        if isRecording(directory) {
            found.append(.recording(directory))
            return
        }
        guard depth > 0 else { return }
        for name in names {
            let url = directory.appendingPathComponent(name)
            if isDirectory(atPath: url.path) {
                let children = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                collect(in: url, names: children, depth: depth - 1, into: &found)
            } else if name.hasSuffix(".csv") || name.hasSuffix(".csv.gz") {
                found.append(.datasetFile(url))
            }
        }
    }

    private static func isRecording(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(recordingMarker).path)
    }
}
