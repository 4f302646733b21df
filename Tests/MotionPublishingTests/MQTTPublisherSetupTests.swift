import Foundation
import Logging
import Testing

@testable import MotionPublishing

/// A publisher whose setup fails: refused before anything connects, and its libmosquitto client freed once.
@Suite("MQTTPublisher setup")
struct MQTTPublisherSetupTests {
    @Test("TLS files refused: the error names them, and a hundred refusals in a row free every client once")
    func refusedTLSFilesFreeTheClientOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-setup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = MQTTConfiguration(
            broker: try BrokerAddress(parsing: "mqtts://127.0.0.1:8883"),
            topics: try TopicLayout(host: "test", imu: "imu"),
            credentials: BrokerCredentials(caFile: directory.path))
        // A client freed twice corrupts the heap; glibc aborts the process at once or within a few of these.
        for _ in 0..<100 {
            #expect(throws: MQTTError.self) {
                _ = try MQTTPublisher(configuration: configuration, logger: Logger(label: "test"))
            }
        }
        let error = #expect(throws: MQTTError.self) {
            _ = try MQTTPublisher(configuration: configuration, logger: Logger(label: "test"))
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("\(directory.path) as the MQTT CA file: it is not a regular file"), "\(message)")
    }
}
