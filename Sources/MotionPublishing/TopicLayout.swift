import MotionSamples

/// The topics one tool on one host publishes under, for one IMU: `<prefix>/<host>/<imu>/<what>` for imu-classify,
/// `<prefix>/<host>/<imu>/recording/<what>` for imu-record (docs/formats.md, "MQTT").
public struct TopicLayout: Sendable, Equatable {
    /// The first levels, `imu-bridge` unless `--mqtt-prefix` says otherwise.
    public let prefix: String
    /// The host level (the host name, made a valid topic level).
    public let host: String
    /// The IMU level (its name, or `replay`, made a valid topic level).
    public let imu: String
    /// The tool publishing: its topics and client id are its own, so both tools may publish for one IMU at once.
    public let tool: PublishingTool

    /// The prefix when none is given.
    public static let defaultPrefix = "imu-bridge"
    /// The longest prefix accepted, in bytes (topics are at most 65535 bytes; this leaves room for the levels).
    public static let maximumPrefixLength = 256

    /// The layout under `prefix` for `imu` on `host`; refuses a prefix that is not a valid topic name for it: the
    /// wildcards `+` and `#`, empty levels, control characters (C0, DEL, C1; NUL is forbidden by MQTT 3.1.1, 1.5.3,
    /// the others "should" not appear), or a leading `$`, which MQTT 3.1.1, 4.7.2 reserves for the broker (`$SYS`).
    public init(prefix: String = Self.defaultPrefix, host: String, imu: String, tool: PublishingTool = .classify)
        throws(MQTTError)
    {
        let levels = prefix.split(separator: "/", omittingEmptySubsequences: false)
        guard !prefix.isEmpty, prefix.utf8.count <= Self.maximumPrefixLength, !levels.contains(where: \.isEmpty),
            !prefix.hasPrefix("$"), !prefix.unicodeScalars.contains(where: Self.isRefusedInPrefix)
        else {
            throw .invalidSetting(
                "--mqtt-prefix \(prefix.debugDescription)",
                reason: "give 1...\(Self.maximumPrefixLength) bytes of topic levels without +, #, empty levels, "
                    + "control characters or a leading $")
        }
        self.prefix = prefix
        self.host = Self.level(host)
        self.imu = Self.level(imu)
        self.tool = tool
    }

    /// Whether `scalar` may not appear in a prefix: a wildcard or a control character (C0, DEL or C1).
    private static func isRefusedInPrefix(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "+" || scalar == "#" || scalar.isControlCharacter
    }

    /// `text` as one topic level: `/`, `+`, `#`, spaces, control characters (DEL too) and non-ASCII become `_`; empty
    /// becomes `unknown`.
    static func level(_ text: String) -> String {
        let cleaned = String(
            text.prefix(64).map {
                "/+#".contains($0) || $0.isWhitespace || !$0.isASCII || $0.unicodeScalars.contains(where: \.isControlCharacter)
                    ? "_" : $0
            })
        return cleaned.isEmpty ? "unknown" : cleaned
    }

    /// `<prefix>/<host>/<imu>` for imu-classify, `<prefix>/<host>/<imu>/recording` for imu-record.
    public var base: String {
        switch tool {
        case .classify: "\(prefix)/\(host)/\(imu)"
        case .record: "\(prefix)/\(host)/\(imu)/recording"
        }
    }
    /// Activity changes (QoS 1, retained): the JSON line of the window where the activity changed.
    public var activity: String { "\(base)/activity" }
    /// Every window's prediction (QoS 1), with `--mqtt-predictions`.
    public var prediction: String { "\(base)/prediction" }
    /// Device motion at `--mqtt-motion-rate` (QoS 0).
    public var motion: String { "\(base)/motion" }
    /// imu-record's `--json` summary of the recording made (QoS 1, retained), at its end.
    public var summary: String { "\(base)/summary" }
    /// `online` (retained, on connect) or `offline` (retained; the last will, and on a clean stop).
    public var status: String { "\(base)/status" }
    /// The MQTT client id: stable for a tool, host and IMU, so that the broker resumes the persistent session (and
    /// never takes one tool's connection for the other's).
    public var clientID: String {
        switch tool {
        case .classify: "imu-bridge-\(host)-\(imu)"
        case .record: "imu-bridge-\(host)-\(imu)-record"
        }
    }
}
