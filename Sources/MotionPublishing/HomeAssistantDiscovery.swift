import MotionSamples

/// Home Assistant MQTT discovery: retained config messages under `homeassistant/sensor/<node>/<object>/config` that
/// make the activity and its confidence appear as sensors of one device, available while the status topic says
/// `online` (https://www.home-assistant.io/integrations/mqtt/#mqtt-discovery; `sensor` component).
public enum HomeAssistantDiscovery {
    /// Home Assistant's default discovery prefix.
    public static let discoveryPrefix = "homeassistant"

    private struct Device: Encodable {
        let identifiers: [String]
        let name: String
        let manufacturer: String
        let model: String
    }

    private struct SensorConfig: Encodable {
        let name: String
        let uniqueId: String
        let objectId: String
        let stateTopic: String
        let valueTemplate: String
        let unitOfMeasurement: String?
        let jsonAttributesTopic: String?
        let availabilityTopic: String
        let device: Device
    }

    /// The node id: `imu-bridge_<host>_<imu>` in the characters discovery allows (`[a-zA-Z0-9_-]`).
    static func nodeID(_ topics: TopicLayout) -> String {
        String("imu-bridge_\(topics.host)_\(topics.imu)".map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" })
    }

    /// The retained config messages for `topics`: an `activity` sensor (its state the activity name, the whole JSON
    /// line as attributes) and a `confidence` sensor in percent.
    public static func messages(for topics: TopicLayout) throws -> [MQTTMessage] {
        let node = nodeID(topics)
        let device = Device(identifiers: [node], name: "\(topics.imu) on \(topics.host)", manufacturer: "imu-bridge", model: "imu-classify")
        let sensors = [
            SensorConfig(
                name: "Activity", uniqueId: "\(node)_activity", objectId: "\(node)_activity", stateTopic: topics.activity,
                valueTemplate: "{{ value_json.activity }}", unitOfMeasurement: nil, jsonAttributesTopic: topics.activity,
                availabilityTopic: topics.status, device: device),
            SensorConfig(
                name: "Activity confidence", uniqueId: "\(node)_confidence", objectId: "\(node)_confidence",
                stateTopic: topics.activity, valueTemplate: "{{ (value_json.confidence * 100) | round(1) }}",
                unitOfMeasurement: "%", jsonAttributesTopic: nil, availabilityTopic: topics.status, device: device),
        ]
        return try zip(["activity", "confidence"], sensors).map { object, config in
            MQTTMessage(
                topic: "\(discoveryPrefix)/sensor/\(node)/\(object)/config", payload: try JSONLine.encode(config), qos: 1,
                retain: true)
        }
    }
}
