import Foundation
import IIOTestbed
import Testing

/// `imu-classify --mqtt mqtts://` against a real Mosquitto broker with a TLS listener on loopback and throwaway
/// certificates: the CA from the environment, a client certificate from the config file, and the refusals (a CA
/// that did not sign the broker's certificate, TLS files that are missing or not what they should be).
@Suite("imu-classify --mqtt mqtts://", .serialized, .enabled(if: canRunCLIs && canRunBroker && canMakeCertificates, brokerMessage))
struct IMUClassifyMQTTTLSTests {
    private let recording = PackageLocations.packageRoot.appendingPathComponent("Fixtures/recordings/walking-to-sitting.imurec").path
    /// No default config file: only what a test gives counts.
    private let noConfig = ["XDG_CONFIG_HOME": "/nonexistent", "HOME": "/nonexistent"]

    /// The JSON lines of `output` whose activity differs from the line before.
    private func changes(_ output: String) throws -> [String] {
        var previous: String?
        return try output.split(separator: "\n").map(String.init).filter { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            defer { previous = object["activity"] as? String }
            return object["activity"] as? String != previous
        }
    }

    @Test("the CA from IMU_BRIDGE_MQTT_CA_FILE: the activity changes arrive over TLS, in order")
    func caFromEnvironment() throws {
        let certificates = try TestCertificates()
        let broker = try MQTTBroker(tls: certificates)
        let subscriber = try MQTTSubscriber(broker)
        let run = try runOutsidePreload(
            "imu-classify", ["--replay", recording, "--json", "--mqtt", broker.url],
            environment: noConfig.merging(["IMU_BRIDGE_MQTT_CA_FILE": certificates.caFile]) { $1 })
        #expect(run.status == ExitStatus.success.rawValue, "\(run.standardError)")
        let expected = try changes(run.standardOutput)
        #expect(expected.count >= 2)
        #expect(pollUntil { subscriber.messages(on: "/replay/status").last == "offline" })
        #expect(subscriber.messages(on: "/replay/activity") == expected)
        #expect(broker.log.contains("as imu-bridge-"), "\(broker.log)")
    }

    @Test("require_certificate: the client certificate and key from the config file are accepted; without them, status 17")
    func clientCertificateFromConfigFile() throws {
        let certificates = try TestCertificates()
        let broker = try MQTTBroker(tls: certificates, requiresClientCertificate: true)
        let subscriber = try MQTTSubscriber(broker)
        let file = certificates.directory.appendingPathComponent("mqtt.conf")
        try """
        # the broker wants a client certificate
        ca-file = \(certificates.caFile)
        cert-file = \(certificates.clientCertificate)
        key-file = \(certificates.clientKey)

        """.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let run = try runOutsidePreload(
            "imu-classify", ["--replay", recording, "--json", "--mqtt", broker.url, "--mqtt-config", file.path], environment: noConfig)
        #expect(run.status == ExitStatus.success.rawValue, "\(run.standardError)")
        let expected = try changes(run.standardOutput)
        #expect(pollUntil { subscriber.messages(on: "/replay/status").last == "offline" })
        #expect(subscriber.messages(on: "/replay/activity") == expected)

        let refused = try runOutsidePreload(
            "imu-classify", ["--replay", recording, "--mqtt", broker.url],
            environment: noConfig.merging(["IMU_BRIDGE_MQTT_CA_FILE": certificates.caFile]) { $1 })
        #expect(refused.status == ExitStatus.brokerUnreachable.rawValue, "\(refused.standardError)")
        #expect(refused.standardError.contains("could not be delivered to the MQTT broker \(broker.url)"), "\(refused.standardError)")
    }

    @Test("a broker certificate the given CA did not sign is refused: status 17, OpenSSL's reason in the log, never 0")
    func untrustedBroker() throws {
        let certificates = try TestCertificates()
        let broker = try MQTTBroker(tls: certificates)
        let run = try runOutsidePreload(
            "imu-classify", ["--replay", recording, "--mqtt", broker.url],
            environment: noConfig.merging(["IMU_BRIDGE_MQTT_CA_FILE": certificates.otherCAFile]) { $1 })
        #expect(run.status == ExitStatus.brokerUnreachable.rawValue, "\(run.standardError)")
        #expect(run.standardError.contains("MQTT broker \(broker.url) unreachable"), "\(run.standardError)")
        #expect(run.standardError.contains("certificate verify failed"), "\(run.standardError)")
        #expect(!broker.log.contains("as imu-bridge-"), "\(broker.log)")
    }

    @Test("unusable TLS files fail at once with status 12 and a line naming the file and why")
    func unusableFiles() throws {
        let certificates = try TestCertificates()
        let broker = try MQTTBroker(tls: certificates)
        let notPEM = certificates.path("not-pem.txt")
        try "not a certificate\n".write(toFile: notPEM, atomically: true, encoding: .utf8)
        let exposedKey = certificates.path("exposed.key")
        try FileManager.default.copyItem(atPath: certificates.clientKey, toPath: exposedKey)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: exposedKey)
        let missing = certificates.path("missing.pem")
        let cases: [([String: String], String)] = [
            (["IMU_BRIDGE_MQTT_CA_FILE": missing], "cannot use \(missing) as the MQTT CA file: "),
            (["IMU_BRIDGE_MQTT_CA_FILE": notPEM], "cannot use \(notPEM) as the MQTT CA file: it holds no PEM certificate"),
            (["IMU_BRIDGE_MQTT_CA_FILE": certificates.directory.path], "as the MQTT CA file: it is not a regular file"),
            (
                ["IMU_BRIDGE_MQTT_CERT_FILE": certificates.clientCertificate],
                "as the MQTT client certificate: no key-file (IMU_BRIDGE_MQTT_KEY_FILE) goes with it"
            ),
            (
                ["IMU_BRIDGE_MQTT_CERT_FILE": certificates.clientCertificate, "IMU_BRIDGE_MQTT_KEY_FILE": exposedKey],
                "cannot use \(exposedKey) as the MQTT client key: other users may read it (mode 644); run chmod 600"
            ),
            (
                ["IMU_BRIDGE_MQTT_CERT_FILE": certificates.clientCertificate, "IMU_BRIDGE_MQTT_KEY_FILE": certificates.caFile],
                "as the MQTT client key: it holds no PEM private key"
            ),
        ]
        for (environment, message) in cases {
            let run = try runOutsidePreload(
                "imu-classify", ["--replay", recording, "--mqtt", broker.url], environment: noConfig.merging(environment) { $1 })
            #expect(run.status == ExitStatus.badInput.rawValue, "\(environment): \(run.standardError)")
            #expect(run.standardError.contains(message), "\(environment): \(run.standardError)")
            #expect(run.standardError.split(separator: "\n").count == 1, "one line: \(run.standardError)")
        }
    }
}
