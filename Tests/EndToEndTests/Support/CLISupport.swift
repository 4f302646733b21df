import CommandLineSupport
import Foundation
import IIOTestbed
import Testing

/// The tools' exit statuses (README's table), not Swift Testing's type of the same name.
typealias ExitStatus = CommandLineSupport.ExitStatus

/// Whether the command-line products were built next to the tests and umockdev is installed.
let canRunCLIs = Testbed.isUMockdevAvailable && PackageLocations.product(named: "imu-list") != nil

/// Why CLI tests were skipped.
let cliMessage: Comment = "needs umockdev and the built products (`swift build --build-tests` builds them)"

/// The path of a built product.
func product(_ name: String) throws -> String {
    try #require(PackageLocations.product(named: name), "\(name) was not built").path
}

/// Parses JSON lines into dictionaries.
func jsonLines(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map { line in
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
    }
}

/// The `{"x","y","z"}` object at `key` as a triple.
func vector(_ object: [String: Any], _ key: String) -> [Double]? {
    guard let v = object[key] as? [String: Double], let x = v["x"], let y = v["y"], let z = v["z"] else { return nil }
    return [x, y, z]
}

/// Little-endian bytes of an integer.
func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }

/// Big-endian bytes of an integer.
func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }

/// Whether two triples agree to `tolerance`.
func close(_ a: [Double]?, _ b: [Double], tolerance: Double = 1e-9) -> Bool {
    guard let a, a.count == b.count else { return false }
    return zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Whether window timestamps of a polled sensor show one unbroken stream: no window early or repeated, and most a
/// hop apart. A poll that comes late under a loaded machine leaves a gap the resampler does not fill, which delays
/// the next window, so exact spacing is only asserted where a test feeds the scans' timestamps itself.
func isUnbrokenWindowStream(_ timestamps: [Double], hop: Double) -> Bool {
    let steps = zip(timestamps.dropFirst(), timestamps).map { $0 - $1 }
    let onCadence = steps.filter { abs($0 - hop) < 1e-6 }.count
    return steps.allSatisfy { $0 > hop - 1e-6 } && onCadence * 2 >= steps.count
}

/// Runs the built `tool` outside the umockdev preload and systemd's environment, with `extra` variables added, and
/// returns its status and what it printed (through files, so a long output never blocks on a pipe).
func runOutsidePreload(
    _ tool: String, _ arguments: [String], environment extra: [String: String] = [:]
) throws -> (status: Int32, standardOutput: String, standardError: String) {
    try runCommandOutsidePreload(try product(tool), arguments, environment: extra)
}

/// Runs the program at `path` as ``runOutsidePreload(_:_:environment:)`` runs a tool.
func runCommandOutsidePreload(
    _ path: String, _ arguments: [String], environment extra: [String: String] = [:]
) throws -> (status: Int32, standardOutput: String, standardError: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    for name in ["LD_PRELOAD", "UMOCKDEV_DIR", "INVOCATION_ID"] { environment.removeValue(forKey: name) }
    environment.merge(extra) { $1 }
    process.environment = environment
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("imu-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let (outputURL, errorURL) = (scratch.appendingPathComponent("stdout"), scratch.appendingPathComponent("stderr"))
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return (
        process.terminationStatus, try String(contentsOf: outputURL, encoding: .utf8),
        try String(contentsOf: errorURL, encoding: .utf8)
    )
}
