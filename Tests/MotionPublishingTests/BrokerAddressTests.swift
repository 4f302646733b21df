import Testing

@testable import MotionPublishing

/// `--mqtt` URLs: the two schemes and their IANA ports, IPv6 in brackets, and everything else refused.
@Suite("BrokerAddress")
struct BrokerAddressTests {
    @Test("mqtt:// and mqtts:// with and without a port; IPv6 in brackets")
    func parses() throws {
        #expect(try BrokerAddress(parsing: "mqtt://broker.local") == BrokerAddress.testValue("broker.local", 1883, false))
        #expect(try BrokerAddress(parsing: "mqtts://broker.local") == BrokerAddress.testValue("broker.local", 8883, true))
        #expect(try BrokerAddress(parsing: "MQTT://127.0.0.1:18830/") == BrokerAddress.testValue("127.0.0.1", 18830, false))
        #expect(try BrokerAddress(parsing: "mqtt://[::1]:1884") == BrokerAddress.testValue("::1", 1884, false))
        #expect(try BrokerAddress(parsing: "mqtt://[::1]:1884").description == "mqtt://[::1]:1884")
    }

    @Test("credentials in the URL are refused with their own error; other malformed URLs name the reason")
    func refuses() {
        #expect(throws: MQTTError.credentialsInURL) { try BrokerAddress(parsing: "mqtt://user:secret@broker") }
        #expect(throws: MQTTError.credentialsInURL) { try BrokerAddress(parsing: "mqtt://user@broker:1883") }
        // An @ with a combining mark after it is one Character, but still an @.
        #expect(throws: MQTTError.credentialsInURL) { try BrokerAddress(parsing: "mqtt://user:secret@\u{301}broker") }
        for url in [
            "broker:1883", "http://broker", "mqtt://", "mqtt://broker:0", "mqtt://broker:65536", "mqtt://broker:99999999999999999999",
            "mqtt://broker:-1", "mqtt://broker/topic", "mqtt://broker?x=1", "mqtt://a:b:c", "mqtt://[::1", "mqtt://bro ker",
            "mqtt://" + String(repeating: "a", count: 254),
        ] {
            #expect(throws: MQTTError.self, "\(url)") { try BrokerAddress(parsing: url) }
        }
    }
}

extension BrokerAddress {
    /// The address parsed from the URL that spells these parts.
    static func testValue(_ host: String, _ port: Int, _ tls: Bool) -> BrokerAddress {
        try! BrokerAddress(parsing: "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)")
    }
}
