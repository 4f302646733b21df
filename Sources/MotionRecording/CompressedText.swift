import Foundation

/// Reads a file's bytes, decompressing it through the system's `gzip` when its name ends in `.gz` (so no compression
/// library is linked); shared by the dataset readers of this package, not public API.
package enum CompressedText {
    /// Why a file could not be read, in words for the reader's own error.
    package struct Failure: Error, Sendable {
        /// What went wrong and what to do.
        package let reason: String
    }

    /// The bytes of the file at `path`, decompressed when it ends in `.gz`.
    package static func bytes(of path: String) throws(Failure) -> Data {
        guard path.hasSuffix(".gz") else {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Failure(reason: "the file is missing or not readable")
            }
            return data
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", "--", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(reason: "cannot run gzip (\(error.localizedDescription)); install gzip or decompress the file")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(reason: "gzip cannot decompress it")
        }
        return data
    }
}
