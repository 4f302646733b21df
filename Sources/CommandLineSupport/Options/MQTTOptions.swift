import ArgumentParser
import MotionPublishing

/// Publishing to an MQTT broker (`--mqtt URL` and its `--mqtt-*` settings), the same in every tool that publishes
/// (imu-classify adds ``MQTTClassifierOptions``). Credentials and TLS files never come from here: see
/// ``BrokerCredentials``.
public struct MQTTOptions: ParsableArguments, Sendable {
    /// The broker URL (`--mqtt`); nil publishes nothing.
    @Option(
        name: .customLong("mqtt"),
        help: ArgumentHelp(
            "Publish to the MQTT broker at mqtt://host[:port] (TLS: mqtts://); user name, password and TLS files "
                + "from IMU_BRIDGE_MQTT_* variables or --mqtt-config, never from the URL.",
            valueName: "url"))
    public var url: String?

    /// The first topic levels (`--mqtt-prefix`).
    @Option(
        name: .customLong("mqtt-prefix"),
        help: ArgumentHelp("Topic prefix: topics are <prefix>/<host>/<imu>/activity, ....", valueName: "prefix"))
    public var prefix = TopicLayout.defaultPrefix

    /// The device-motion publishing rate (`--mqtt-motion-rate`), in Hz; nil publishes no device motion.
    @Option(
        name: .customLong("mqtt-motion-rate"), parsing: .unconditional,
        help: ArgumentHelp("Also publish device motion at this rate (QoS 0), in Hz.", valueName: "hz"))
    public var motionRate: Double?

    /// The credentials file (`--mqtt-config`); nil reads `$XDG_CONFIG_HOME/imu-bridge/mqtt.conf` if it exists.
    @Option(
        name: .customLong("mqtt-config"),
        help: ArgumentHelp(
            "MQTT credentials file (username, password, ca-file, cert-file, key-file; mode 600). "
                + "Default: $XDG_CONFIG_HOME/imu-bridge/mqtt.conf.",
            valueName: "file"))
    public var configFile: String?

    /// How many QoS 1 messages are kept while the broker is unreachable (`--mqtt-queue`).
    @Option(
        name: .customLong("mqtt-queue"), parsing: .unconditional,
        help: ArgumentHelp(
            "Messages kept while the broker is unreachable; beyond, the oldest are dropped (logged).",
            valueName: "messages"))
    public var queueCapacity = MQTTConfiguration.defaultQueueCapacity

    /// The device-motion rates accepted, in Hz (a rate above the tool's own gives every sample).
    public static let motionRateRange = 0.1...100.0

    /// Creates the options with their defaults.
    public init() {}

    /// Refuses a malformed URL or prefix, a rate or queue outside its range, and `--mqtt-*` without `--mqtt`.
    public func validate() throws {
        guard let url else {
            if prefix != TopicLayout.defaultPrefix || motionRate != nil || configFile != nil
                || queueCapacity != MQTTConfiguration.defaultQueueCapacity
            {
                throw ValidationError("the --mqtt-* options only apply with --mqtt URL")
            }
            return
        }
        do {
            _ = try BrokerAddress(parsing: url)
            _ = try TopicLayout(prefix: prefix, host: "host", imu: "imu")
        } catch {
            throw ValidationError(error.description)
        }
        if let motionRate { try requireFlag("--mqtt-motion-rate", motionRate, in: Self.motionRateRange, unit: "Hz") }
        try requireFlag("--mqtt-queue", queueCapacity, in: MQTTConfiguration.queueCapacityRange, unit: "messages")
    }

    /// `tool`'s publisher configuration for `imu` on this host, with credentials from `environment` and the config
    /// file, and Home Assistant discovery if `homeAssistant`; nil without `--mqtt`.
    public func configuration(
        imu: String, tool: PublishingTool, homeAssistant: Bool = false, environment: [String: String]
    ) throws(MQTTError) -> MQTTConfiguration? {
        guard let url else { return nil }
        return MQTTConfiguration(
            broker: try BrokerAddress(parsing: url),
            topics: try TopicLayout(prefix: prefix, host: HostName.current, imu: imu, tool: tool),
            credentials: try BrokerCredentials.load(configFile: configFile, environment: environment),
            queueCapacity: queueCapacity, homeAssistant: homeAssistant)
    }
}
