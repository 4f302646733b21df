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
    ///
    /// Readings and status changes arrive through one ordered stream, so a removal is marked (and synced)
    /// after the last reading before it, the return after that, and nothing is marked after `finish`.
    func record() async throws -> RecordingSummary {
        let (inputs, continuation) = AsyncThrowingStream.makeStream(of: SourceInput.self, throwing: (any Error).self)
        let source = LiveIMUSource(
            query: device, acceptAnyIMU: any, waitsForFirstIMU: wait, uri: uri,
            configuration: StreamConfiguration(rate: sensorRate), logger: logger
        ) { status in
            if case .streaming = status {} else { printStatus("imu-record: \(status)") }
            continuation.yield(.status(status, at: MonotonicClock.now))
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
        if countdown { printStatus("imu-record: recording '\(tag)' starts in 2 s") }
        let pump = Task {
            do {
                for try await batch in source.streaming(imu).readings() { continuation.yield(.readings(batch)) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in pump.cancel() }
        do {
            inputLoop: for try await input in inputs {
                switch input {
                case .readings(let batch): guard try await session.ingest(batch) else { break inputLoop }
                case .status(let status, let time): await session.note(status, at: time)
                }
            }
        } catch is CancellationError {
            // Ctrl-C or SIGTERM while waiting for the sensor to come back: finish what was recorded.
        } catch {
            pump.cancel()
            _ = try? await session.finish()
            throw error
        }
        pump.cancel()
        return try await session.finish()
    }
}

/// What the live source delivers to the recorder, in the order it happened.
private enum SourceInput: Sendable {
    /// A batch of readings.
    case readings([SensorSample])
    /// A status change (the sensor removed, streaming again, maybe another IMU, waiting) and when it was reported.
    case status(LiveIMUSource.Status, at: Double)
}
