/// The topics one tool on one host publishes under, for one IMU: `<prefix>/<host>/<imu>/<what>` (docs/formats.md,
/// "MQTT").
public struct TopicLayout: Sendable, Equatable {
    /// The first levels, `imu-bridge` unless `--mqtt-prefix` says otherwise.
    public let prefix: String
    /// The host level (the host name, made a valid topic level).
    public let host: String
    /// The IMU level (its name, or `replay`, made a valid topic level).
    public let imu: String

    /// The prefix when none is given.
    public static let defaultPrefix = "imu-bridge"
    /// The longest prefix accepted, in bytes (topics are at most 65535 bytes; this leaves room for the levels).
    public static let maximumPrefixLength = 256

    /// The layout under `prefix` for `imu` on `host`; refuses a prefix with wildcards, empty levels or NUL.
    public init(prefix: String = Self.defaultPrefix, host: String, imu: String) throws(MQTTError) {
        let levels = prefix.split(separator: "/", omittingEmptySubsequences: false)
        guard !prefix.isEmpty, prefix.utf8.count <= Self.maximumPrefixLength, !levels.contains(where: \.isEmpty),
            !prefix.contains(where: { "+#\0".contains($0) || $0.isNewline })
        else {
            throw .invalidSetting(
                "--mqtt-prefix \(prefix)",
                reason: "give 1...\(Self.maximumPrefixLength) bytes of topic levels without +, #, empty levels or control characters")
        }
        self.prefix = prefix
        self.host = Self.level(host)
        self.imu = Self.level(imu)
    }

    /// `text` as one topic level: `/`, `+`, `#`, spaces and control characters become `_`; empty becomes `unknown`.
    static func level(_ text: String) -> String {
        let cleaned = String(text.prefix(64).map { "/+#".contains($0) || $0.isWhitespace || !$0.isASCII || $0.asciiValue! < 32 ? "_" : $0 })
        return cleaned.isEmpty ? "unknown" : cleaned
    }

    /// `<prefix>/<host>/<imu>`.
    public var base: String { "\(prefix)/\(host)/\(imu)" }
    /// Activity changes (QoS 1, retained): the JSON line of the window where the activity changed.
    public var activity: String { "\(base)/activity" }
    /// Every window's prediction (QoS 1), with `--mqtt-predictions`.
    public var prediction: String { "\(base)/prediction" }
    /// Device motion at `--mqtt-motion-rate` (QoS 0).
    public var motion: String { "\(base)/motion" }
    /// `online` (retained, on connect) or `offline` (retained; the last will, and on a clean stop).
    public var status: String { "\(base)/status" }
    /// The MQTT client id: stable for a host and IMU, so that the broker resumes the persistent session.
    public var clientID: String { "imu-bridge-\(host)-\(imu)" }
}
