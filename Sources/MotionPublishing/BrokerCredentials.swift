import BoundedFiles
import SystemPackage

/// The user name, password and TLS files for the broker: never from the command line, where every user can read
/// them, but from the environment (`IMU_BRIDGE_MQTT_USERNAME`, `IMU_BRIDGE_MQTT_PASSWORD`,
/// `IMU_BRIDGE_MQTT_CA_FILE`, `IMU_BRIDGE_MQTT_CERT_FILE`, `IMU_BRIDGE_MQTT_KEY_FILE`) or a config file only its
/// owner may read (`key = value` lines: `username`, `password`, `ca-file`, `cert-file`, `key-file`; `#` starts a
/// comment line). The environment wins over the file, key by key.
public struct BrokerCredentials: Sendable, Equatable {
    /// The MQTT user name, if any.
    public var username: String?
    /// The MQTT password, if any (only sent with a user name).
    public var password: String?
    /// A PEM file of CA certificates for `mqtts://`; nil uses the system's (`/etc/ssl/certs`).
    public var caFile: String?
    /// A PEM client certificate for `mqtts://` brokers that require one (`require_certificate`), with ``keyFile``.
    public var certFile: String?
    /// The PEM private key of ``certFile``, unencrypted and readable by its owner only.
    public var keyFile: String?

    /// The environment variable of each setting.
    public static let variables = (
        username: "IMU_BRIDGE_MQTT_USERNAME", password: "IMU_BRIDGE_MQTT_PASSWORD", caFile: "IMU_BRIDGE_MQTT_CA_FILE",
        certFile: "IMU_BRIDGE_MQTT_CERT_FILE", keyFile: "IMU_BRIDGE_MQTT_KEY_FILE"
    )
    /// The largest config file read, in bytes.
    public static let maximumFileSize = 65536

    /// The credentials given (none by default).
    public init(
        username: String? = nil, password: String? = nil, caFile: String? = nil, certFile: String? = nil,
        keyFile: String? = nil
    ) {
        self.username = username
        self.password = password
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
    }

    /// Where the config file is looked for without `--mqtt-config`: `$XDG_CONFIG_HOME/imu-bridge/mqtt.conf`, else
    /// `$HOME/.config/imu-bridge/mqtt.conf` (the XDG Base Directory specification's default).
    public static func defaultConfigPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return "\(config)/imu-bridge/mqtt.conf" }
        if let home = environment["HOME"], home.hasPrefix("/") { return "\(home)/.config/imu-bridge/mqtt.conf" }
        return nil
    }

    /// Reads `configFile` (which must exist), or else the default file if it exists, then applies `environment`.
    public static func load(configFile: String?, environment: [String: String]) throws(MQTTError) -> BrokerCredentials {
        var credentials = BrokerCredentials()
        if let path = configFile ?? defaultConfigPath(environment: environment) {
            if let text = try read(path, mustExist: configFile != nil) {
                credentials = try parse(text, path: path)
            }
        }
        if let value = environment[variables.username], !value.isEmpty { credentials.username = value }
        if let value = environment[variables.password], !value.isEmpty { credentials.password = value }
        if let value = environment[variables.caFile], !value.isEmpty { credentials.caFile = value }
        if let value = environment[variables.certFile], !value.isEmpty { credentials.certFile = value }
        if let value = environment[variables.keyFile], !value.isEmpty { credentials.keyFile = value }
        return credentials
    }

    /// Parses `key = value` lines.
    static func parse(_ text: String, path: String) throws(MQTTError) -> BrokerCredentials {
        var credentials = BrokerCredentials()
        var seen = Set<String>()
        // Split at every line end: "\r\n" is one Character, never equal to "\n" (a CRLF file was one comment).
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw .malformedConfig(path: path, line: index + 1, reason: "no `=`")
            }
            let key = String(line[..<equals].trimmingWhitespace)
            let value = String(line[line.index(after: equals)...].trimmingWhitespace)
            guard !value.isEmpty else { throw .malformedConfig(path: path, line: index + 1, reason: "an empty value") }
            guard !value.utf8.contains(0) else {
                throw .malformedConfig(path: path, line: index + 1, reason: "a NUL byte in the value")
            }
            guard seen.insert(key).inserted else {
                throw .malformedConfig(path: path, line: index + 1, reason: "\(key) given twice")
            }
            switch key {
            case "username": credentials.username = value
            case "password": credentials.password = value
            case "ca-file": credentials.caFile = value
            case "cert-file": credentials.certFile = value
            case "key-file": credentials.keyFile = value
            default: throw .malformedConfig(path: path, line: index + 1, reason: "unknown key \(key)")
            }
        }
        return credentials
    }

    /// The file's text; nil when it does not exist and need not. Refuses a file group or others may access.
    private static func read(_ path: String, mustExist: Bool) throws(MQTTError) -> String? {
        let file: BoundedFile?
        do {
            file = try BoundedFile.read(FilePath(path), limit: maximumFileSize)
        } catch {
            throw .unreadableConfig(path: path, reason: error.reason)
        }
        guard let file else {
            if mustExist { throw .unreadableConfig(path: path, reason: Errno.noSuchFileOrDirectory.description) }
            return nil
        }
        guard file.mode & 0o077 == 0 else { throw .exposedConfig(path: path, mode: Int(file.mode)) }
        guard let text = String(validating: file.bytes, as: UTF8.self) else {
            throw .unreadableConfig(path: path, reason: "it is not UTF-8 text")
        }
        return text
    }
}

extension Substring {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    fileprivate var trimmingWhitespace: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
