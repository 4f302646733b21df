@testable import MotionPublishing

/// The MQTT config file's `key = value` lines (`BrokerCredentials.parse`, what `--mqtt-config FILE` holds): its text.
enum MQTTConfigTarget {
    /// The target.
    static let target = FuzzTarget(name: "mqtt-config", summary: "BrokerCredentials.parse of an --mqtt-config file") { bytes in
        guard let text = String(validating: bytes, as: UTF8.self),
            let credentials = try? BrokerCredentials.parse(text, path: "mqtt.conf")
        else { return }
        let values = [credentials.username, credentials.password, credentials.caFile, credentials.certFile, credentials.keyFile]
        for case let value? in values {
            precondition(!value.isEmpty, "an empty value accepted")
            precondition(!value.utf8.contains(0), "a NUL byte in a value")
            precondition(!value.contains(where: \.isNewline), "a value across lines")
            let edges = [value.first, value.last].compactMap { $0 }
            precondition(!edges.contains { $0 == " " || $0 == "\t" || $0 == "\r" }, "a value not trimmed")
        }
    }
}
