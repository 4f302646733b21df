#if canImport(Glibc)
import Glibc
#endif

/// An unnamed temporary file holding blocks of feature values that ``FeatureMatrix`` keeps out of memory: created in
/// `$TMPDIR` (else `/var/tmp`, which is on disk where `/tmp` may be memory) and unlinked at once, so it is removed
/// when the matrix is released, even if the process is killed.
final class FeatureSpillFile: @unchecked Sendable {
    /// Positional reads and writes only (`pread`, `pwrite`), so readers on several threads never share an offset.
    private let descriptor: Int32

    /// Creates the file, or returns nil when no temporary file can be made (the matrix then stays in memory).
    init?() {
        let environment = getenv("TMPDIR").map { String(cString: $0) }
        let directory = environment.flatMap { $0.isEmpty ? nil : $0 } ?? "/var/tmp"
        var template = Array("\(directory)/imu-features-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
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
    func read(count: Int, at offset: Int) -> [Double] {
        [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            var done = 0
            while done < bytes.count {
                let result = pread(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t((offset * 8) + done))
                if result < 0 && errno == EINTR { continue }
                // Our own file, written in full before it is read: only a failing disk gets here.
                precondition(result > 0, "FeatureSpillFile: the temporary feature file could not be read back (errno \(errno))")
                done += result
            }
            initialized = count
        }
    }
}
