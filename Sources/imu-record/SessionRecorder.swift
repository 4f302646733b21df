import CommandLineSupport
import DeviceMotionKit
import Foundation
import IIOSensors
import LiveMotion
import Logging
import MotionPublishing
import MotionRecording
import MotionSamples
import SystemPackage

/// Records one session: resolves the IMU, writes raw readings and fused motion, marks removals.
struct SessionRecorder: Sendable {
    let tag: String
    let subject: String?
    let output: String
    let device: String?
    let rate: Double
    let sensorRate: Double
    let duration: Double?
    let countdown: Bool
    let wait: Bool
    let any: Bool
    let uri: String
    let calibration: CalibrationOptions
    let mqtt: MQTTOptions
    let logger: Logger

    init(options: IMURecord, logger: Logger) {
        tag = options.tag
        subject = options.subject
        output = options.output
        device = options.device
        rate = options.rate
        sensorRate = options.sensorRate
        duration = options.duration
        countdown = options.countdown
        wait = options.wait
        any = options.any
        uri = options.uri
        calibration = options.calibration
        mqtt = options.mqtt
        self.logger = logger
    }

    /// Records until the duration is reached, the task is cancelled (Ctrl-C) or the sensor fails; the recording is
    /// finished in every case, and its summary handed to `report` (and published, with `--mqtt`) before the
    /// publisher drains its queue.
    ///
    /// Readings and status changes arrive through the live source's one ordered stream, so a removal is marked (and
    /// synced) after the last reading before it, the return after that, and nothing is marked after `finish`.
    func record(report: (RecordingSummary) throws -> Void) async throws {
        let live: LiveIMU
        do {
            live = try await LiveIMU.open(
                device: device, uri: uri, waitsForIMU: wait, acceptsAnyIMU: any,
                configuration: StreamConfiguration(rate: sensorRate), logger: logger
            ) { status in
                if case .streaming = status {} else { printStatus("imu-record: \(status)") }
            }
        } catch is CancellationError {
            throw StoppedBeforeRecording()
        }
        let configuration = try mqtt.configuration(
            imu: live.imu.name, tool: .record, environment: ProcessInfo.processInfo.environment)
        try await MQTTPublisher.publishing(configuration, logger: logger) { client in
            let publisher = client.map { RecordingPublisher(publisher: $0, motionRate: mqtt.motionRate) }
            let summary = try await record(live, publisher: publisher)
            try publisher?.publish(summary)
            try report(summary)
        }
    }

    /// Records from `live`, publishing device motion through `publisher` if any.
    private func record(_ live: LiveIMU, publisher: RecordingPublisher?) async throws -> RecordingSummary {
        let session = try RecordingSession(
            imu: live.imu, calibration: try calibration.liveCalibration(for: live.imu, tool: "imu-record"), tag: tag,
            subject: subject,
            output: FilePath(output), rate: rate,
            startDelay: countdown ? 2 : 0, duration: duration, publisher: publisher)
        if countdown { printStatus("imu-record: recording '\(tag)' starts in 2 s") }
        do {
            inputLoop: for try await input in live.source.inputs() {
                switch input {
                case .readings(let batch): guard try await session.ingest(batch) else { break inputLoop }
                case .status(let status as LiveIMUSource.Status, let time): await session.note(status, at: time)
                case .status: continue
                }
            }
        } catch is CancellationError {
            // Ctrl-C or SIGTERM while waiting for the sensor to come back: finish what was recorded.
        } catch {
            _ = try? await session.finish()
            throw error
        }
        return try await session.finish()
    }
}
