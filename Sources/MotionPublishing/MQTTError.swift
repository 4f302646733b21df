import SystemPackage

/// Why MQTT publishing could not be set up, or did not deliver everything.
public enum MQTTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--mqtt` is not `mqtt://host[:port]` or `mqtts://host[:port]`.
    case invalidURL(String, reason: String)
    /// The URL carries `user:password@`: credentials on the command line are visible to every user (`ps`).
    case credentialsInURL
    /// A flag or setting holds a value outside its documented range or alphabet.
    case invalidSetting(String, reason: String)
    /// The credentials file could not be read.
    case unreadableConfig(path: String, reason: String)
    /// The credentials file may be read or written by other users (its mode, octal).
    case exposedConfig(path: String, mode: Int)
    /// A line of the credentials file is not `key = value` with a known key.
    case malformedConfig(path: String, line: Int, reason: String)
    /// A TLS file (`role`: the CA file, the client certificate or its key) cannot be used: missing, unreadable,
    /// not PEM, an encrypted or exposed key, or a certificate without its key.
    case unusableTLSFile(path: String, role: String, reason: String)
    /// libmosquitto (`libmosquitto.so.1`) cannot be loaded, or lacks a function: the loader's reason.
    case libraryUnavailable(reason: String)
    /// libmosquitto refused a setting (`operation`), with its error code and, for `MOSQ_ERR_ERRNO`, the errno.
    case library(operation: String, code: Int32, errno: Errno?)
    /// Messages for the broker were still queued when the tool ended: the broker was unreachable.
    case undelivered(count: Int, broker: String)

    /// What failed and what to do, on one line.
    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            "--mqtt \(url) is not a broker URL (\(reason)); give mqtt://host[:port] or mqtts://host[:port]"
        case .credentialsInURL:
            "--mqtt must not carry a user name or password (every user can read a command line); put them in the "
                + "MQTT config file (mode 600) or in IMU_BRIDGE_MQTT_USERNAME and IMU_BRIDGE_MQTT_PASSWORD"
        case .invalidSetting(let setting, let reason):
            "\(setting) is refused: \(reason)"
        case .unreadableConfig(let path, let reason):
            "cannot read the MQTT config file \(path): \(reason)"
        case .exposedConfig(let path, let mode):
            "the MQTT config file \(path) may be read by other users (mode \(String(mode, radix: 8))) and holds a "
                + "password; run chmod 600 \(path)"
        case .malformedConfig(let path, let line, let reason):
            "the MQTT config file \(path), line \(line): \(reason); lines are `key = value` with the keys "
                + "username, password, ca-file, cert-file, key-file"
        case .unusableTLSFile(let path, let role, let reason):
            "cannot use \(path) as the MQTT \(role): \(reason)"
        case .libraryUnavailable(let reason):
            "publishing to MQTT needs libmosquitto, which cannot be loaded (\(reason)); install the libmosquitto1 "
                + "package, or leave out --mqtt"
        case .library(let operation, let code, let errno):
            "libmosquitto refused \(operation): " + (errno.map { "\($0)" } ?? MQTTStatus.text(code))
        case .undelivered(let count, let broker):
            "\(count) message\(count == 1 ? "" : "s") could not be delivered to the MQTT broker \(broker) before the "
                + "end; check that the broker runs and is reachable"
        }
    }
}
