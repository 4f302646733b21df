import Foundation

/// Paths of the package's committed fixtures, resolved from this source file.
enum FixturePaths {
    /// The package root (four levels above this file: `Tests/DeviceMotionKitTests/Support/`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
