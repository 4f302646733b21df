#if canImport(Glibc)
import Glibc
#endif

/// An unnamed temporary file holding blocks of feature values that ``FeatureMatrix`` keeps out of memory: created in
/// `$TMPDIR` (else `/var/tmp`, which is on disk where `/tmp` may be memory) and unlinked at once, so it is removed
/// when the last block in it is released, even if the process is killed.
final class FeatureSpillFile: Sendable {
    /// Positional reads and writes only (`pread`, `pwrite`), so readers on several threads never share an offset.
    private let descriptor: Int32
    /// The directory the file was made in, for messages.
    private let directory: String

    /// Creates the file, or returns nil when no temporary file can be made (the matrix then stays in memory).
    convenience init?() {
        let environment = getenv("TMPDIR").map { String(cString: $0) }
        let directory = environment.flatMap { $0.isEmpty ? nil : $0 } ?? "/var/tmp"
        var template = Array("\(directory)/imu-features-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.init(descriptor: descriptor, directory: directory)
    }

    /// Takes over `descriptor`, an open file that was made in `directory`; it is closed with this object.
    init(descriptor: Int32, directory: String) {
        self.descriptor = descriptor
        self.directory = directory
    }

    deinit { close(descriptor) }

    /// Writes `values` at `offset` (in values, not bytes); false when the disk refused them (full, an I/O error).
    func write(_ values: [Double], at offset: Int) -> Bool {
        values.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t((offset * 8) + done))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
    }

    /// The `count` values at `offset` (in values), as written by ``write(_:at:)``.
    ///
    /// - Throws: ``ActivityError/temporaryFileUnreadable(directory:reason:)`` when they cannot be read back: the file
    ///   is ours and was written in full, so only a failing disk gets there, and the training it feeds stops with that.
    func read(count: Int, at offset: Int) throws(ActivityError) -> [Double] {
        var failure: String?
        let values = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            var done = 0
            while done < bytes.count {
                let result = pread(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t((offset * 8) + done))
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else {
                    failure = result == 0 ? "it ended early" : String(cString: strerror(errno))
                    break
                }
                done += result
            }
            // Every value is initialised, read or not: a failed read's values are never returned.
            if done < bytes.count { bytes[done...].initializeMemory(as: UInt8.self, repeating: 0) }
            initialized = count
        }
        if let failure {
            throw .temporaryFileUnreadable(directory: directory, reason: failure)
        }
        return values
    }
}
