import Foundation
import Testing

@testable import MotionPublishing

/// Credentials from a config file only its owner may read, and from the environment, which wins.
@Suite("BrokerCredentials")
struct BrokerCredentialsTests {
    private func write(_ text: String, mode: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-\(UUID().uuidString).conf").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test("key = value lines with comments; the environment overrides key by key")
    func loads() throws {
        let path = try write("# broker\nusername = sensor\npassword = p#ss = word\n\nca-file=/etc/ca.pem\n", mode: 0o600)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            try BrokerCredentials.load(configFile: path, environment: [:])
                == BrokerCredentials(username: "sensor", password: "p#ss = word", caFile: "/etc/ca.pem"))
        #expect(
            try BrokerCredentials.load(configFile: path, environment: ["IMU_BRIDGE_MQTT_PASSWORD": "other"])
                == BrokerCredentials(username: "sensor", password: "other", caFile: "/etc/ca.pem"))
    }

    @Test("CRLF line ends, as a Windows editor saves the file, read as line ends; a NUL in a value is refused")
    func windowsLineEnds() throws {
        let path = try write("# broker\r\nusername = sensor\r\npassword = secret\r\n", mode: 0o600)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            try BrokerCredentials.load(configFile: path, environment: [:])
                == BrokerCredentials(username: "sensor", password: "secret"))
        let nul = try write("username = sen\0\u{301}sor\n", mode: 0o600)
        defer { try? FileManager.default.removeItem(atPath: nul) }
        #expect {
            try BrokerCredentials.load(configFile: nul, environment: [:])
        } throws: { error in
            guard case .malformedConfig(_, 1, let reason) = error as? MQTTError else { return false }
            return reason.contains("NUL")
        }
    }

    @Test("the client certificate and key: cert-file and key-file, overridden by their environment variables")
    func clientCertificate() throws {
        let path = try write("cert-file = /etc/imu-bridge/client.pem\nkey-file = /etc/imu-bridge/client.key\n", mode: 0o600)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            try BrokerCredentials.load(configFile: path, environment: [:])
                == BrokerCredentials(certFile: "/etc/imu-bridge/client.pem", keyFile: "/etc/imu-bridge/client.key"))
        let environment = ["IMU_BRIDGE_MQTT_CERT_FILE": "/run/c.pem", "IMU_BRIDGE_MQTT_KEY_FILE": "/run/c.key"]
        #expect(
            try BrokerCredentials.load(configFile: path, environment: environment)
                == BrokerCredentials(certFile: "/run/c.pem", keyFile: "/run/c.key"))
    }

    @Test("a file group or others may read is refused; unknown keys, duplicates and missing = are named by line")
    func refuses() throws {
        let exposed = try write("password = x\n", mode: 0o640)
        defer { try? FileManager.default.removeItem(atPath: exposed) }
        #expect(throws: MQTTError.exposedConfig(path: exposed, mode: 0o640)) {
            try BrokerCredentials.load(configFile: exposed, environment: [:])
        }
        for (text, line) in [("user = x\n", 1), ("username = a\n\nusername = b\n", 3), ("username a\n", 1), ("password =\n", 1)] {
            let path = try write(text, mode: 0o600)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect {
                try BrokerCredentials.load(configFile: path, environment: [:])
            } throws: { error in
                guard case .malformedConfig(_, let at, _) = error as? MQTTError else { return false }
                return at == line
            }
        }
        #expect(throws: MQTTError.self) { try BrokerCredentials.load(configFile: "/nonexistent/mqtt.conf", environment: [:]) }
        // Without --mqtt-config a missing default file is no error.
        #expect(try BrokerCredentials.load(configFile: nil, environment: ["XDG_CONFIG_HOME": "/nonexistent"]) == BrokerCredentials())
    }

    @Test("a FIFO is refused as not a regular file at once, not waited on for a writer", .timeLimit(.minutes(1)))
    func fifoIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-\(UUID().uuidString).fifo").path
        try #require(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = try #require(throws: MQTTError.self) { try BrokerCredentials.load(configFile: path, environment: [:]) }
        #expect("\(error)".contains("not a regular file"), "\(error)")
    }

    @Test("a file larger than 64 KiB is refused without reading it all")
    func tooLarge() throws {
        let path = try write(String(repeating: "# padding\n", count: 7000), mode: 0o600)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: MQTTError.self) { try BrokerCredentials.load(configFile: path, environment: [:]) }
    }
}
