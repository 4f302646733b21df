import Foundation

extension Testbed {
    /// Runs `executable` (a path, or a command looked up on PATH) with `environment`, so it sees this testbed
    /// through the umockdev preload, and returns its exit status and output.
    ///
    /// `timeLimit` is a safety net against a hung child (it is then terminated and `timedOut` is set), not a
    /// speed assertion.
    public func runUnderPreload(
        executable: String, arguments: [String], timeLimit: TimeInterval = 60
    ) throws(TestbedError) -> ProcessResult {
        try launchUnderPreload(executable: executable, arguments: arguments).wait(timeLimit: timeLimit)
    }

    /// Starts `executable` under the preload and returns at once, so the test can feed data, change
    /// attributes or send uevents while it runs.
    public func launchUnderPreload(executable: String, arguments: [String]) throws(TestbedError) -> BackgroundProcess {
        let url: URL
        if executable.contains("/") {
            url = URL(fileURLWithPath: executable)
        } else if let found = PackageLocations.executableOnPath(executable) {
            url = found
        } else {
            throw .fileSystem(path: executable, reason: "not found on PATH")
        }
        return try BackgroundProcess(executable: url, arguments: arguments, environment: environment)
    }

    /// How many libudev monitors are listening in this testbed (each is a `root/event<fd>` socket).
    public var uEventListenerCount: Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return entries.filter { $0.hasPrefix("event") }.count
    }

    /// Waits until at least `count` libudev monitors listen, so that a uevent sent next is received;
    /// returns `false` if that did not happen within `timeLimit` seconds (a safety net, not a speed check).
    @discardableResult
    public func waitForUEventListeners(count: Int = 1, timeLimit: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeLimit)
        while uEventListenerCount < count {
            guard Date() < deadline else { return false }
            usleep(10_000)
        }
        return true
    }
}

extension Testbed {
    /// Runs `executable` outside every testbed (no umockdev preload), e.g. a client of an `iiod` that serves
    /// a testbed over the network.
    public static func runOutsidePreload(
        executable: String, arguments: [String], timeLimit: TimeInterval = 60
    ) throws(TestbedError) -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "UMOCKDEV_DIR")
        environment.removeValue(forKey: "LD_PRELOAD")
        return try BackgroundProcess(executable: URL(fileURLWithPath: executable), arguments: arguments, environment: environment)
            .wait(timeLimit: timeLimit)
    }
}
