import Foundation

/// Where the package, its fixtures and its built products live, for tests that run from `.build`.
public enum PackageLocations {
    /// The package root, derived from this source file's location (`Tests/IIOTestbed/Processes/...`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Fixtures/sysfs` inside the package.
    public static var sysfsFixturesDirectory: URL {
        packageRoot.appendingPathComponent("Fixtures/sysfs")
    }

    /// The directory that holds the built products of this build (`.build/<triple>/debug`), found from the
    /// running test executable.
    public static var productsDirectory: URL {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "."
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents"
            || directory.lastPathComponent == "MacOS"
        {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    /// The built executable `name` (e.g. `imu-list`) next to the test bundle, or `nil` if it was not built.
    public static func product(named name: String) -> URL? {
        let url = productsDirectory.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// The full path of `command` found on `PATH`, or `nil`.
    public static func executableOnPath(_ command: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(command)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
