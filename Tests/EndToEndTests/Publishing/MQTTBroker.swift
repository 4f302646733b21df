import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Whether the Mosquitto broker and its clients are installed (`apt-get install mosquitto mosquitto-clients`).
let canRunBroker =
    FileManager.default.isExecutableFile(atPath: MQTTBroker.brokerPath)
    && FileManager.default.isExecutableFile(atPath: MQTTSubscriber.clientPath)

/// Why broker tests were skipped.
let brokerMessage: Comment = "needs mosquitto and mosquitto-clients (make deps) and the built products"

/// A real Mosquitto broker on a free loopback port, with its own config, persistence and log in a scratch directory;
/// it can be stopped (SIGTERM: it saves its sessions) and started again on the same port.
final class MQTTBroker {
    /// Where Debian installs the broker.
    static let brokerPath = "/usr/sbin/mosquitto"
    /// The loopback port it listens on.
    let port: Int
    /// `mqtt://127.0.0.1:PORT`, or `mqtts://` with TLS.
    var url: String { "\(tls == nil ? "mqtt" : "mqtts")://127.0.0.1:\(port)" }
    /// The TLS listener's certificates, if it is one.
    let tls: TestCertificates?
    /// Whether the TLS listener requires a client certificate signed by the CA.
    let requiresClientCertificate: Bool
    /// The arguments that connect `mosquitto_sub` and `mosquitto_pub` to it (over TLS with a client certificate, if
    /// it has a TLS listener).
    var clientArguments: [String] {
        ["-h", "127.0.0.1", "-p", "\(port)"]
            + (tls.map { ["--cafile", $0.caFile, "--cert", $0.clientCertificate, "--key", $0.clientKey] } ?? [])
    }
    /// The scratch directory (config, persistence database, log, password file).
    let directory: URL
    private var process: SpawnedProcess?
    private var starts = 0

    /// Starts a broker; with `users` (name: password) only they may connect, else anyone; with `tls` its listener
    /// speaks TLS with the server certificate of `tls`, and with `requiresClientCertificate` it wants a client
    /// certificate signed by its CA.
    init(users: [String: String] = [:], tls: TestCertificates? = nil, requiresClientCertificate: Bool = false) throws {
        self.tls = tls
        self.requiresClientCertificate = requiresClientCertificate
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-broker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Run as root, the broker drops to the `mosquitto` user and must still write its database here.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
        port = try Self.freeLoopbackPort()
        var config = """
            listener \(port) 127.0.0.1
            persistence true
            persistence_location \(directory.path)/
            log_dest file \(directory.path)/log
            log_type all

            """
        if let tls {
            config += """
                cafile \(tls.caFile)
                certfile \(tls.serverCertificate)
                keyfile \(tls.serverKey)
                require_certificate \(requiresClientCertificate)

                """
        }
        if users.isEmpty {
            config += "allow_anonymous true\n"
        } else {
            let passwords = directory.appendingPathComponent("passwords")
            try Data().write(to: passwords)
            for (user, password) in users {
                let result = try runClient("/usr/bin/mosquitto_passwd", ["-b", passwords.path, user, password])
                try #require(result == 0, "mosquitto_passwd failed")
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passwords.path)
            config += "allow_anonymous false\npassword_file \(passwords.path)\n"
        }
        try config.write(to: directory.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The broker's log so far (all starts).
    var log: String { (try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8)) ?? "" }

    /// Starts the broker and waits until it says it is running.
    func start() throws {
        let process = try SpawnedProcess(
            Self.brokerPath, ["-c", directory.appendingPathComponent("mosquitto.conf").path], environment: cleanEnvironment())
        self.process = process
        starts += 1
        let running = pollUntil { self.log.components(separatedBy: "running").count - 1 >= self.starts || !process.isRunning }
        try #require(running && process.isRunning, "the broker did not start: \(log)")
    }

    /// Stops the broker with SIGTERM (it saves its persistent sessions) and waits for it to exit.
    func stop() {
        process?.stop()
        process = nil
    }

    /// A port nothing listens on now: bound on 127.0.0.1 with port 0, read back, released.
    static func freeLoopbackPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// This process's environment without the umockdev preload and systemd's marker, for the broker and its clients.
func cleanEnvironment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["LD_PRELOAD", "UMOCKDEV_DIR", "INVOCATION_ID"] { environment.removeValue(forKey: name) }
    return environment
}

/// Runs a Mosquitto client to its end; returns its exit status.
@discardableResult
func runClient(_ path: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = cleanEnvironment()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// Polls `condition` every 10 ms until it holds; `timeLimit` seconds is a safety net, not a speed assertion.
func pollUntil(timeLimit: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeLimit)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(10_000)
    }
    return true
}
