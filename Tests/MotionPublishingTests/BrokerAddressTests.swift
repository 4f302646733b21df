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

    @Test("host names of RFC 3986's letters, IPv6 addresses with an embedded IPv4 address or a zone; each prints as it parses")
    func parsesEveryHostForm() throws {
        let cases: [(url: String, host: String, port: Int)] = [
            ("mqtt://my_broker-2.local", "my_broker-2.local", 1883),
            ("mqtts://[::ffff:192.0.2.1]", "::ffff:192.0.2.1", 8883),
            ("mqtt://[fe80::1%eth0]:1884", "fe80::1%eth0", 1884),
            ("mqtt://[2001:DB8::a]:00080", "2001:DB8::a", 80),
        ]
        for (url, host, port) in cases {
            let address = try BrokerAddress(parsing: url)
            #expect((address.host, address.port) == (host, port), "\(url)")
            #expect(try BrokerAddress(parsing: address.description) == address, "\(url)")
        }
    }

    @Test("a host with a control character, a space, a non-ASCII letter or a percent, and a port with a sign, are refused")
    func refusesWhatGetaddrinfoWouldBeHandedWrongly() {
        for url in [
            "mqtt://bro\u{7}ker", "mqtt://bro\u{1B}[2Jker", "mqtt://broker\t", "mqtt://bro\u{301}ker", "mqtt://br%6Fker",
            "mqtt://broker:+1", "mqtt://broker: 1", "mqtt://broker:", "mqtt://[broker.local]", "mqtt://[[::1]", "mqtt://[::1%]",
            "mqtt://[::1%e\u{1B}th0]", "mqtt://[:1]", "mqtt://a[b",
        ] {
            #expect(throws: MQTTError.self, "\(url.debugDescription)") { try BrokerAddress(parsing: url) }
        }
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
