import Foundation
import SystemPackage

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: FilePath

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imu-recording-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = FilePath(url.path)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path.string)
    }
}

/// Reads a file of a recording as text.
func readText(_ path: FilePath) throws -> String {
    try String(contentsOfFile: path.string, encoding: .utf8)
}

/// Replaces a file's contents.
func writeText(_ text: String, to path: FilePath) throws {
    try text.write(toFile: path.string, atomically: false, encoding: .utf8)
}
