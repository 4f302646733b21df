import Foundation

/// Paths of the package's committed fixtures, resolved from this source file.
enum FixturePaths {
    /// The package root (three levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
