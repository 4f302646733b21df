import FoundationEssentials
import MotionRecording

#if canImport(Glibc)
import Glibc
#endif

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

    /// Every session input at `paths`: each file or recording itself, or every CSV file and recording below a
    /// directory (symbolic links followed, at most ``searchDepth`` levels down), sorted by path. Each directory is
    /// searched and each file or recording taken once, however many paths or links lead to it: a link back up the
    /// tree, or an input inside another, adds nothing twice.
    /// - Throws: ``ActivityError/unreadableFile(path:reason:)`` for a path that does not exist, or a directory at or
    ///   below one that cannot be listed or holds more than ``searchDepth`` levels down (its sessions are not left out
    ///   unsaid).
    public static func all(at paths: [String]) throws(ActivityError) -> [SessionInput] {
        var search = Search()
        for path in paths {
            guard FileManager.default.fileExists(atPath: path) else {
                throw .unreadableFile(path: path, reason: "no such file or directory")
            }
            let root = URL(fileURLWithPath: path)
            guard isDirectory(atPath: path) else {
                search.add(.datasetFile(root))
                continue
            }
            try search.collect(in: root, depth: searchDepth)
        }
        return search.found.sorted { $0.path < $1.path }
    }

    /// How many directory levels below a path are searched.
    static let searchDepth = 16

    /// A search in progress: what it found, and the identities of what it has seen.
    private struct Search {
        /// The inputs found, each once.
        var found: [SessionInput] = []
        /// The device and inode of every directory searched and input found (`stat`, links followed).
        private var seen: Set<[UInt64]> = []

        /// Adds `input` unless it was found before, under this path or another.
        mutating func add(_ input: SessionInput) {
            guard firstVisit(input.path) else { return }
            found.append(input)
        }

        /// Adds the recording `directory` is, or the CSV files and recordings below it (in name order); throws for a
        /// directory that cannot be listed, or whose contents lie deeper than the search goes (`depth`, the levels left,
        /// is 0).
        mutating func collect(in directory: URL, depth: Int) throws(ActivityError) {
            if isRecording(directory) {
                add(.recording(directory))
                return
            }
            guard firstVisit(directory.path) else { return }
            guard depth > 0 else {
                let reason = "its contents lie more than \(SessionInput.searchDepth) levels below the path given; name it instead"
                throw .unreadableFile(path: directory.path, reason: reason)
            }
            for name in try SessionInput.names(in: directory.path).sorted() {
                let url = directory.appendingPathComponent(name)
                if isDirectory(atPath: url.path) {
                    try collect(in: url, depth: depth - 1)
                } else if name.hasSuffix(".csv") || name.hasSuffix(".csv.gz") {
                    add(.datasetFile(url))
                }
            }
        }

        /// Whether the file or directory at `path` is seen here for the first time (one that cannot be examined
        /// counts as new: reading it reports what is wrong).
        private mutating func firstVisit(_ path: String) -> Bool {
            var status = stat()
            guard stat(path, &status) == 0 else { return true }
            return seen.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted
        }
    }

    /// The names in the directory at `path`; throws if it cannot be listed.
    private static func names(in path: String) throws(ActivityError) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw .unreadableFile(path: path, reason: "cannot list the directory; check its permissions")
        }
        return names
    }

    private static func isRecording(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(recordingMarker).path)
    }
}
