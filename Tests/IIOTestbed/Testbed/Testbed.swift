import Foundation

/// An empty umockdev testbed, kept alive by `umockdev-run`, into which tests install sysfs fixtures.
///
/// The tree lives at `root` the way `libumockdev-preload.so.0` expects `$UMOCKDEV_DIR`: `root/sys/...`
/// replaces `/sys`, `root/dev/<node>` shadows `/dev/<node>` (a FIFO here), and `root/dev/.node/<node>`
/// makes `stat()` report a character device. `umockdev-run` serves `root/ioctl/_default`, without which the
/// preload `exit(1)`s on every `/dev` open. Processes see the tree when started with `environment`.
/// Closing the testbed (or dropping it) ends the keeper, which deletes `root`.
public final class Testbed: @unchecked Sendable {
    /// The testbed root, to be used as `UMOCKDEV_DIR`.
    public let root: URL

    private let keeper: Process
    private let keeperInput: Pipe
    private let lock = NSLock()
    private var devices: [String: SysfsDevice] = [:]
    private var present: Set<String> = []
    private var feeders: [Feeder] = []
    private var nextSequenceNumber = 1
    private var isClosed = false

    /// Whether `umockdev-run` is on PATH, so tests that need a testbed can be skipped with a message otherwise.
    public static var isUMockdevAvailable: Bool {
        PackageLocations.executableOnPath("umockdev-run") != nil
    }

    /// Why umockdev tests are skipped on this machine, to show next to a skipped test.
    public static let unavailableMessage =
        "umockdev-run is not on PATH: install the Debian package `umockdev` to run the libiio fixture tests"

    /// Starts an empty testbed. A keeper that ends before it prints its root is started again, up to three times in
    /// all: under the parallel suites' load `umockdev-run` was once seen to end so (status 11) among some hundreds of
    /// starts, and never alone (200 starts in a loop).
    public init() throws(TestbedError) {
        guard let umockdevRun = PackageLocations.executableOnPath("umockdev-run") else { throw .umockdevMissing }
        var failures: [String] = []
        var started: (keeper: Process, input: Pipe, root: URL)?
        while started == nil, failures.count < 3 {
            switch try Self.startKeeper(umockdevRun) {
            case .success(let keeper): started = keeper
            case .failure(let failure): failures.append(failure.reason)
            }
        }
        guard let started else { throw .keeperFailed(failures.joined(separator: "; ")) }
        (keeper, keeperInput, root) = started
    }

    /// Why a keeper ended before it printed its root.
    private struct KeeperEnded: Error {
        let reason: String
    }

    /// Launches `umockdev-run` with a shell that prints the testbed's root and waits on its standard input.
    private static func startKeeper(_ umockdevRun: URL) throws(TestbedError) -> Result<(Process, Pipe, URL), KeeperEnded> {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        process.executableURL = umockdevRun
        process.arguments = ["--", "/bin/sh", "-c", "printf '%s\\n' \"$UMOCKDEV_DIR\"; exec cat >/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "UMOCKDEV_DIR")
        environment.removeValue(forKey: "LD_PRELOAD")
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw .keeperFailed("\(error)")
        }
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data([0x0A]) { break }
            line.append(byte)
        }
        let path = String(decoding: line, as: UTF8.self)
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path) else {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            let ending =
                process.terminationReason == .uncaughtSignal
                ? "it was killed by signal \(process.terminationStatus)" : "it exited with status \(process.terminationStatus)"
            return .failure(KeeperEnded(reason: "\(ending) before printing its root"))
        }
        return .success((process, input, URL(fileURLWithPath: path)))
    }

    deinit {
        close()
    }

    /// The environment for a subprocess that must see this testbed instead of the real `/sys` and `/dev`.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let preload = "libumockdev-preload.so.0"
        if let existing = environment["LD_PRELOAD"], !existing.isEmpty, !existing.contains(preload) {
            environment["LD_PRELOAD"] = "\(preload):\(existing)"
        } else {
            environment["LD_PRELOAD"] = preload
        }
        environment["UMOCKDEV_DIR"] = root.path
        // What a tool keeps (imu-classify --live's history) goes into the testbed's tree, never the tester's home.
        environment["XDG_STATE_HOME"] = root.path + "/state"
        environment.removeValue(forKey: "STATE_DIRECTORY")
        return environment
    }

    /// Stops every feeder and ends the keeper, which deletes the tree. Safe to call more than once.
    public func close() {
        let (wasClosed, activeFeeders): (Bool, [Feeder]) = lock.withLock {
            defer {
                isClosed = true
                feeders.removeAll()
            }
            return (isClosed, feeders)
        }
        guard !wasClosed else { return }
        for feeder in activeFeeders { feeder.close() }
        try? keeperInput.fileHandleForWriting.close()
        keeper.waitUntilExit()
    }

    // MARK: - State shared with the extensions

    /// The fixture description of `sysname`, installed now or earlier.
    func record(of sysname: String) throws(TestbedError) -> SysfsDevice {
        guard let device = lock.withLock({ devices[sysname] }) else { throw .unknownDevice(sysname) }
        return device
    }

    /// Whether `sysname` is currently installed.
    func isPresent(_ sysname: String) -> Bool {
        lock.withLock { present.contains(sysname) }
    }

    /// Remembers that `device` is installed (`true`) or removed (`false`).
    func mark(_ device: SysfsDevice, present isPresent: Bool) {
        lock.withLock {
            devices[device.sysname] = device
            if isPresent { present.insert(device.sysname) } else { present.remove(device.sysname) }
        }
    }

    /// Keeps `feeder` so that `close()` stops it.
    func track(_ feeder: Feeder) {
        lock.withLock { feeders.append(feeder) }
    }

    /// A fresh uevent sequence number.
    func takeSequenceNumber() -> Int {
        lock.withLock {
            defer { nextSequenceNumber += 1 }
            return nextSequenceNumber
        }
    }
}
