#if canImport(Glibc)
import Glibc
#endif

/// A private folder in memory (`/dev/shm`, else `/tmp`) for targets whose parser reads files; removed at exit.
enum Scratch {
    /// Folders and files created so far, removed in reverse order at exit.
    nonisolated(unsafe) private static var created: [String] = []

    /// The folder, created on first use.
    static let root: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        var template = Array("\(base)/imu-fuzz-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("imu-fuzz: cannot create a scratch folder in \(base)") }
        let path = String(cString: made)
        created.append(path)
        atexit {
            for path in Scratch.created.reversed() where unlink(path) != 0 { rmdir(path) }
        }
        return path
    }()

    /// Writes `bytes` to `relativePath` under the folder (creating its parent folders); returns the full path.
    @discardableResult
    static func write(_ bytes: [UInt8], to relativePath: String) -> String {
        var folder = root
        for component in relativePath.split(separator: "/").dropLast() {
            folder += "/" + component
            if mkdir(folder, 0o700) == 0 { created.append(folder) }
        }
        let path = root + "/" + relativePath
        let existed = access(path, F_OK) == 0
        guard let file = fopen(path, "wb") else { fatalError("imu-fuzz: cannot write \(path)") }
        if !bytes.isEmpty { precondition(fwrite(bytes, 1, bytes.count, file) == bytes.count, "imu-fuzz: short write to \(path)") }
        fclose(file)
        if !existed { created.append(path) }
        return path
    }

    /// Removes `relativePath` under the folder, if present.
    static func remove(_ relativePath: String) {
        unlink(root + "/" + relativePath)
    }
}
