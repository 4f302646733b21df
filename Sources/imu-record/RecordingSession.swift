import CommandLineSupport
import DeviceMotionKit
import Foundation
import IIOSensors
import MotionPublishing
import MotionRecording
import MotionSamples
import SystemPackage

/// The state of one recording: its writer, the device-motion updates, counters and the live status line.
actor RecordingSession {
    private let writer: RecordingWriter
    /// Fuses the readings recorded, across removals and returns.
    private var updates: MotionUpdateLoop
    /// The IMU being recorded: the first one, or the one that took over after a removal (`--any`).
    private var imu: IMU
    private let startDelay: Double
    private let duration: Double?
    private let createdAt = MonotonicClock.now
    private var startTime: Double?
    private var rawCount = 0
    private var motionCount = 0
    private var removals = 0
    private var gaps = 0
    /// When the sensor was last removed (the latest reading before it), while it is away.
    private var removedAt: Double?
    /// The timestamp of the last removal event: a resampler gap that starts before it is that removal's.
    private var lastRemoval: Double?
    private var motions: [DeviceMotion] = []
    /// Where device motion is published too (`--mqtt`), if anywhere, and its throttle.
    private let publisher: RecordingPublisher?
    private var throttle: MotionThrottle?
    private var lastStatusLine = 0.0
    private let showsLiveLine = isatty(STDOUT_FILENO) == 1

    /// Creates the recording directory for `imu`, noting `calibration` (the magnetometer's, if any), publishing its
    /// device motion through `publisher` if any; refuses an existing path.
    init(
        imu: IMU, calibration: RecordingCalibration?, tag: String, subject: String?, output: FilePath, rate: Double,
        startDelay: Double, duration: Double?, publisher: RecordingPublisher?
    ) throws {
        let accelerometer = imu.accelerometer
        let magnetometer = imu.magnetometer.map { device in
            RecordingMagnetometer(
                device: RecordingDevice(name: device.name, mountMatrix: device.mountMatrix(for: .magneticField).rows.flatMap { $0 }),
                key: imu.calibrationKey.map(CalibrationFile.deviceKey), calibration: calibration)
        }
        let metadata = RecordingMetadata(
            tag: tag, subject: subject, source: "iio:\(imu.uri)",
            device: RecordingDevice(
                name: imu.name, driver: imu.devices.map(\.name).joined(separator: "+"),
                mountMatrix: accelerometer.map { $0.mountMatrix(for: .acceleration).rows.flatMap { $0 } }),
            hasGyroscope: imu.gyroscope != nil, magnetometer: magnetometer,
            rawRate: accelerometer?.samplingFrequency?.current, motionRate: rate,
            wallClockStart: RecordingClockAnchor(monotonic: MonotonicClock.now, date: Date()))
        writer = try RecordingWriter(creatingIn: output, metadata: metadata)
        updates = try MotionUpdateLoop(
            outputRate: rate, hasGyroscope: imu.gyroscope != nil,
            magnetometerCalibration: magnetometer == nil ? nil : calibration?.calibration)
        self.imu = imu
        self.startDelay = startDelay
        self.duration = duration
        self.publisher = publisher
        throttle = publisher?.makeThrottle()
    }

    /// Records a batch; returns false once the duration is reached.
    func ingest(_ batch: [SensorSample]) async throws -> Bool {
        let start = startTime ?? (createdAt + startDelay)
        let kept = startDelay > 0 ? batch.filter { $0.timestamp >= start } : batch
        guard !kept.isEmpty else { return true }
        if startTime == nil {
            startTime = kept[0].timestamp
            if startDelay > 0 { bell() }
        }
        let end = duration.map { (startTime ?? 0) + $0 }
        let recorded = end.map { end in kept.filter { $0.timestamp < end } } ?? kept
        updates.append(recorded, into: &motions)
        // The batch goes with its device motion and what a clean stop now would write after it: that is kept at the end
        // of motion.csv until the next flush replaces it, so a crash loses no more device motion than raw readings
        // despite the resampler's latency.
        try await writer.append(raw: recorded, motion: motions, provisional: updates.provisionalEnding())
        rawCount += recorded.count
        try publishMotions()
        // Timestamps that give no sensor rate end the recording with the reason rather than recording no motion.
        if let failure = updates.rateFailure { throw failure }
        try await markGaps()
        await showLiveLine()
        if let end, let last = batch.last?.timestamp, last >= end { return false }
        return true
    }

    /// Marks a removal or a return of the sensor in the recording; `time` is when the source reported it.
    ///
    /// The removal is stamped with the latest reading before it, the return with the time it was reported (before any
    /// reading after it), and the return's duration is the difference of the two, so events.csv stays in time order.
    func note(_ status: LiveIMUSource.Status, at time: Double) async {
        switch status {
        case .removed(let imu):
            removals += 1
            let removal = await writer.latestReading ?? time
            removedAt = removal
            lastRemoval = removal
            try? await writer.mark(RecordingEvent(timestamp: removal, kind: .sensorRemoved, detail: imu.name))
            try? await writer.sync()
        case .streaming(let returned):
            guard let removal = removedAt else { break }
            let reattached = max(time, removal)
            removedAt = nil
            let detail = returned.devices == imu.devices ? returned.name : Self.takeover(of: imu, by: returned)
            // A split IMU's gyroscope left (or came back) alone, or another IMU took over: fuse what streams now.
            let fields = updates.availableFields
            updates.sensorsChanged(hasGyroscope: returned.gyroscope != nil, into: &motions)
            if updates.availableFields != fields { try? await flushMotions(provisional: nil) }
            imu = returned
            try? await writer.mark(
                RecordingEvent(timestamp: reattached, kind: .sensorReattached, duration: reattached - removal, detail: detail))
        default:
            break
        }
    }

    /// The event detail when another IMU takes over (`--any`): what the metadata's device no longer describes,
    /// e.g. "lis3dh (iio:device9) replaces adxl345; no gyroscope; mount matrix 1 0 0; 0 1 0; 0 0 1".
    private static func takeover(of previous: IMU, by next: IMU) -> String {
        let devices = next.devices.map { "\($0.name) \($0.id)" }.joined(separator: " + ")
        let gyroscope = next.gyroscope == nil ? "no gyroscope" : "gyroscope"
        let matrix = next.accelerometer.map { $0.mountMatrix(for: .acceleration).rows.map { $0.map { "\($0)" }.joined(separator: " ") } }
        return "\(next.name) (\(devices)) replaces \(previous.name); \(gyroscope); mount matrix "
            + (matrix?.joined(separator: "; ") ?? "none")
    }

    /// Flushes the device-motion updates and finishes the recording files.
    func finish() async throws -> RecordingSummary {
        updates.finish(into: &motions)
        try await flushMotions(provisional: nil)
        if startDelay > 0, startTime != nil { bell() }
        if showsLiveLine { print("") }
        let metadata = try await writer.finish()
        let end = await writer.latestReading
        return RecordingSummary(
            directory: writer.directory.string, tag: metadata.tag, imu: imu.name,
            seconds: (end ?? 0) - (startTime ?? end ?? 0), rawSamples: rawCount,
            motionSamples: motionCount, removals: removals, gaps: gaps)
    }

    /// Hands the new device motion to the writer, with the provisional rows after it (`nil` once the updates are
    /// finished: then there are none), and marks the resampler's gaps.
    private func flushMotions(provisional: [DeviceMotion]?) async throws {
        // Without provisional rows (the updates finished), the earlier ones go with the final rows for their times.
        try await writer.append(motion: motions, provisional: provisional ?? [])
        try publishMotions()
        try await markGaps()
    }

    /// Marks the resampler's gaps since the last call in events.csv, after the raw rows they lie between.
    private func markGaps() async throws {
        for event in updates.drainEvents() {
            guard case .gap(let start, let end, _) = event else { continue }
            // The gap across a removal is already marked by the removal and the return.
            if let lastRemoval, start <= lastRemoval { continue }
            gaps += 1
            try await writer.mark(RecordingEvent(timestamp: start, kind: .gap, duration: end - start))
        }
    }

    /// Publishes the new device motion (`--mqtt`), if anywhere, and counts it.
    private func publishMotions() throws {
        try publisher?.publish(motions, throttle: &throttle)
        motionCount += motions.count
        motions.removeAll(keepingCapacity: true)
    }

    private func showLiveLine() async {
        let now = MonotonicClock.now
        guard showsLiveLine, now - lastStatusLine >= 0.5 else { return }
        lastStatusLine = now
        let elapsed = (await writer.latestReading ?? 0) - (startTime ?? 0)
        let statistics = updates.inputStatistics
        let dropped = statistics.duplicates + statistics.backwards + statistics.invalid + statistics.unpaired
        let line =
            "\r\(imu.name)  \(DecimalText.string(elapsed, decimals: 1, width: 6)) s  \(rawCount) raw  \(motionCount) motion  "
            + "dropped \(dropped)  gaps \(gaps)  removed \(removals) "
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    private func bell() { FileHandle.standardError.write(Data("\u{7}".utf8)) }
}
