import CZlib
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file's bytes through zlib, which decompresses gzip files and passes other files through as they are;
/// shared by the dataset readers of this package, not public API.
package enum CompressedText {
    /// Why a file could not be read, in words for the reader's own error.
    package struct Failure: Error, Sendable {
        /// What went wrong and what to do.
        package let reason: String
    }

    /// The bytes of the file at `path`, decompressed when it is gzip-compressed (`gzopen` / `gzread`).
    package static func bytes(of path: String) throws(Failure) -> Data {
        errno = 0
        guard let file = gzopen(path, "rb") else {
            let cause = errno == 0 ? "out of memory" : String(cString: strerror(errno))
            throw Failure(reason: "the file is missing or not readable (\(cause))")
        }
        defer { gzclose(file) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
            if count == 0 { break }
            guard count > 0 else { throw failure(of: file) }
            data.append(contentsOf: chunk[..<Int(count)])
        }
        var status: Int32 = Z_OK
        _ = gzerror(file, &status)
        guard status == Z_OK || status == Z_STREAM_END else { throw failure(of: file) }
        return data
    }

    /// zlib's account of what went wrong with `file`.
    private static func failure(of file: gzFile) -> Failure {
        var status: Int32 = Z_OK
        let message = gzerror(file, &status).map { String(cString: $0) } ?? "unknown error"
        return Failure(reason: "it cannot be decompressed (\(message)); the file may be truncated or corrupt")
    }
}
