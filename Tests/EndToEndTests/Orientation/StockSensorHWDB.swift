import Foundation
import IIOTestbed

/// The machine's own systemd `60-sensor.hwdb`, compiled into a private root by `systemd-hwdb update
/// --root` and queried with `systemd-hwdb query --root`, as udev's hwdb builtin looks it up.
struct StockSensorHWDB {
    /// Where Debian's systemd installs the file.
    static let sourcePath = "/usr/lib/udev/hwdb.d/60-sensor.hwdb"
    /// Whether the file and `systemd-hwdb` exist here.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: sourcePath) && executable != nil
    }
    private static var executable: String? {
        ["/usr/bin/systemd-hwdb", "/bin/systemd-hwdb"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    private let root: URL

    /// Copies the stock file into a temporary root and compiles it there.
    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stock-hwdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("etc/udev"), withIntermediateDirectories: true)
        // Debian's systemd-hwdb reads <root>/lib/udev/hwdb.d (its udev directory is /lib/udev), a
        // merged-/usr build <root>/usr/lib/udev/hwdb.d; a file name in both counts once.
        for path in ["lib/udev/hwdb.d", "usr/lib/udev/hwdb.d"] {
            let directory = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: Self.sourcePath, toPath: directory.appendingPathComponent("60-sensor.hwdb").path)
        }
        _ = try run(["update", "--root", root.path])
    }

    /// Removes the temporary root.
    func remove() { try? FileManager.default.removeItem(at: root) }

    /// The `ACCEL_MOUNT_MATRIX` the hwdb gives `key`, or `nil` when no entry matches.
    func accelMountMatrix(for key: String) throws -> String? {
        try run(["query", "--root", root.path, key]).split(separator: "\n")
            .first { $0.hasPrefix("ACCEL_MOUNT_MATRIX=") }.map {
                String($0.dropFirst("ACCEL_MOUNT_MATRIX=".count))
            }
    }

    /// The lookup key `60-sensor.rules` builds for an IIO device: with its `label` when it has one,
    /// else cros-ec's older `location` (`base`, `lid`) as `accel-base`/`accel-display`, else plain.
    static func key(
        label: String?, name: String, location: String?, parentModalias: String, dmiModalias: String
    ) -> String {
        if let label, !label.isEmpty {
            return "sensor:\(label):modalias:\(parentModalias):\(dmiModalias)"
        }
        if name == "cros-ec-accel" || name == "cros-ec-accel-legacy" {
            if location == "base" { return "sensor:accel-base:modalias:\(parentModalias):\(dmiModalias)" }
            if location == "lid" {
                return "sensor:accel-display:modalias:\(parentModalias):\(dmiModalias)"
            }
        }
        return "sensor:modalias:\(parentModalias):\(dmiModalias)"
    }

    /// Every `ACCEL_MOUNT_MATRIX` value the stock file sets, each once, in file order.
    static func distinctMatrices() throws -> [String] {
        var seen: [String] = []
        for line in try String(contentsOfFile: sourcePath, encoding: .utf8).split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard line.first == " ", trimmed.hasPrefix("ACCEL_MOUNT_MATRIX=") else { continue }
            let value = String(trimmed.dropFirst("ACCEL_MOUNT_MATRIX=".count))
            if !seen.contains(value) { seen.append(value) }
        }
        return seen
    }

    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable ?? "systemd-hwdb")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StockHWDBFailure(arguments: arguments, status: process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// `systemd-hwdb` exited with a failure.
struct StockHWDBFailure: Error, CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    var description: String {
        "systemd-hwdb \(arguments.joined(separator: " ")) exited with \(status)"
    }
}
