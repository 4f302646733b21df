import Foundation

/// Why a testbed could not be set up or driven, worded so the reader knows what to fix.
public enum TestbedError: Error, CustomStringConvertible, Sendable {
    /// `umockdev-run` is not on PATH.
    case umockdevMissing
    /// The `umockdev-run` keeper process did not report its testbed root.
    case keeperFailed(String)
    /// No fixture file with this name exists under `Fixtures/sysfs`.
    case fixtureNotFound(name: String, searched: String)
    /// A fixture file is not in the expected `P:`/`E:`/`A:` format.
    case malformedFixture(file: String, line: Int, reason: String)
    /// A device with this sysfs name is already installed in the testbed.
    case deviceAlreadyInstalled(String)
    /// No installed (or previously installed) device has this sysfs name.
    case unknownDevice(String)
    /// A filesystem operation on the testbed tree failed.
    case fileSystem(path: String, reason: String)

    /// A message that tells the user what to do.
    public var description: String {
        switch self {
        case .umockdevMissing:
            "umockdev-run was not found on PATH: install the Debian package `umockdev` (apt-get install umockdev)"
        case .keeperFailed(let detail):
            "umockdev-run did not start an empty testbed (\(detail)); run `umockdev-run -- true` to see its error"
        case .fixtureNotFound(let name, let searched):
            "no sysfs fixture named '\(name)' in \(searched); the fixture files are listed in Fixtures/sysfs/README.md"
        case .malformedFixture(let file, let line, let reason):
            "\(file):\(line): \(reason); see Fixtures/sysfs/README.md for the P:/E:/A: line format"
        case .deviceAlreadyInstalled(let sysname):
            "\(sysname) is already installed in this testbed; fixtures with overlapping device numbers cannot be combined"
        case .unknownDevice(let sysname):
            "\(sysname) was never installed in this testbed; install its fixture first"
        case .fileSystem(let path, let reason):
            "cannot build the testbed tree at \(path): \(reason)"
        }
    }
}
