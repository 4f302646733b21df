import CommandLineSupport
import DeviceMotionKit
import Foundation
import IIOSensors
import Logging
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
        self.logger = logger
    }

    /// Records until the duration is reached, the task is cancelled (Ctrl-C) or the sensor fails;
    /// the recording is finished in every case.
    func record() async throws -> RecordingSummary {
        let box = SessionBox()
        let source = LiveIMUSource(
            query: device, acceptAnyIMU: any, waitsForFirstIMU: wait, uri: uri,
            configuration: StreamConfiguration(rate: sensorRate), logger: logger
        ) { status in
            if case .streaming = status {} else { printError("imu-record: \(status)") }
            Task { await box.session?.note(status) }
        }
        let imu: IMU
        do {
            imu = try await source.resolve()
        } catch is CancellationError {
            throw StoppedBeforeRecording()
        }
        let session = try RecordingSession(
            imu: imu, tag: tag, subject: subject, output: FilePath(output), rate: rate,
            startDelay: countdown ? 2 : 0, duration: duration)
        await box.set(session)
        if countdown { printError("imu-record: recording '\(tag)' starts in 2 s") }
        do {
            for try await batch in source.readings() {
                guard try await session.ingest(batch) else { break }
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

/// Hands the session to the status callback once it exists.
actor SessionBox {
    private(set) var session: RecordingSession?

    func set(_ session: RecordingSession) { self.session = session }
}
