#if canImport(Glibc)
import Glibc
#endif

/// Feeds saved inputs (corpus files, crash reproducers) through a target without libFuzzer.
enum Replay {
    /// Runs every file in `paths` (folders: every file inside) through `target`; returns 0, or 66 for an unreadable path.
    static func run(_ target: FuzzTarget, paths: [String]) -> Int32 {
        var count = 0
        for path in paths {
            let files = isDirectory(path) ? entries(of: path).map { path + "/" + $0 } : [path]
            for file in files {
                guard let bytes = contents(of: file) else {
                    printError("imu-fuzz: cannot read '\(file)'; check the path")
                    return 66
                }
                target.run(bytes)
                count += 1
            }
        }
        print("imu-fuzz \(target.name): \(count) inputs replayed, no crash")
        return 0
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    private static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { return ferror(file) == 0 ? bytes : nil }
            bytes += chunk[..<count]
        }
    }
}
