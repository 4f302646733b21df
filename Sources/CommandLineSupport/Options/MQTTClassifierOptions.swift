import ArgumentParser

/// imu-classify's own MQTT flags, beside the shared ``MQTTOptions``: what only a classifier has to publish.
public struct MQTTClassifierOptions: ParsableArguments, Sendable {
    /// Whether every window's prediction is published too (`--mqtt-predictions`).
    @Flag(name: .customLong("mqtt-predictions"), help: "Also publish every window's prediction, not only changes.")
    public var predictions = false

    /// Whether Home Assistant discovery configs are published (`--mqtt-home-assistant`).
    @Flag(name: .customLong("mqtt-home-assistant"), help: "Publish Home Assistant MQTT discovery configs.")
    public var homeAssistant = false

    /// Creates the options with their defaults.
    public init() {}

    /// Refuses these flags without `--mqtt URL` in `mqtt`.
    public func validate(with mqtt: MQTTOptions) throws {
        if mqtt.url == nil && (predictions || homeAssistant) {
            throw ValidationError("the --mqtt-* options only apply with --mqtt URL")
        }
    }
}
