#if canImport(Glibc)
import Glibc
#endif

/// Whether `path` names a directory, following symbolic links (`stat`).
package func isDirectory(atPath path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
}

extension StringProtocol {
    /// The text without leading and trailing white space.
    package var trimmingWhitespace: SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
