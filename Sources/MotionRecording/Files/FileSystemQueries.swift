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

extension String {
    /// The text as the middle of a sentence: its first word lowercased when it is an ordinary capitalised word ("No
    /// such file or directory", "Missing value"), kept when it is a name or an acronym ("URI", "GRDB").
    package var lowercasingFirstWord: String {
        let word = prefix { $0.isLetter }
        guard word.count > 1, word.dropFirst().allSatisfy(\.isLowercase) else { return self }
        return prefix(1).lowercased() + dropFirst()
    }
}
