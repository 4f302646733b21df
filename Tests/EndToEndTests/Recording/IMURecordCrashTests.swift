import Foundation
import IIOTestbed
import MotionRecording
import MotionSamples
import SystemPackage
import Testing

/// `imu-record` killed with SIGKILL at random moments while the MPU-6050 fixture (iio:device0, buffered) is fed at a
/// live sensor's pace: what reaches the disk is compared with what the recorder had taken from the device's FIFO.
@Suite("imu-record killed with SIGKILL", .enabled(if: canRunCLIs, cliMessage), .serialized)
struct IMURecordCrashTests {
    /// The feed: 100 Hz, and every `gapEvery` scans the timestamps jump by `gapLength` (the resampler's gap, > 0.05 s).
    private static let rate = 100.0
    private static let gapEvery = 60
    private static let gapLength: Int64 = 300_000_000
    /// The device-motion rate asked of imu-record.
    private static let motionRate = 25.0
    /// The shortest interval the resampler takes for a gap (`DiscontinuityRule.minimumGap`; 3 periods are less).
    private static let resamplerGap = 0.05
    /// What the issue allows a crash to lose, in samples: 0.25 s at the feed's rate.
    private static let allowedLoss = 0.25
    /// Kill moments, one random moment in each stratum: `startUpTrials` strata of 0.15 s from the launch (start-up),
    /// then strata of 0.2 s from the moment the recording exists (first flushes, steady state, the gaps' events).
    private static let startUpTrials = 6
    private static let trialCount = 20

    /// MPU-6050 scan `index` (accel x, y, z, gyro x, y, z big-endian, 4 bytes of padding, the timestamp): 1 g on z,
    /// the index in gyro z so a row names its scan.
    private static func scan(_ index: Int, _ timestamp: Int64) -> [UInt8] {
        [Int16(0), 0, 16384, 0, 0, Int16(index % 30_000)].flatMap(be) + [0, 0, 0, 0] + le(timestamp)
    }

    @Test(
        "kill -9 at any moment: raw rows within 0.25 s of what was read, device motion for all of them, events consistent",
        arguments: 0..<trialCount)
    func killedAtRandomMoment(trial: Int) async throws {
        let setup = try RecorderSetup(fixture: "mpu6050")
        let feeder = try setup.testbed.feedPaced(
            device: "iio:device0", scanSize: 24, interval: 1 / Self.rate,
            timestamp: { index, now in now + Int64(index / Self.gapEvery) * Self.gapLength },
            scan: Self.scan)
        defer { feeder.stop() }
        let recorder = try setup.launch(tag: "walking", ["--sensor-rate", "100", "--rate", "\(Int(Self.motionRate))"])
        let killAfter: Double
        if trial < Self.startUpTrials {
            killAfter = (Double(trial) + Double.random(in: 0..<1)) * 0.15
        } else {
            // Bounded by polls (6000 of 5 ms), not by the clock, so time spent waiting for a thread of the shared
            // pool does not count against imu-record.
            var polls = 0
            while setup.recordingDirectory == nil, recorder.isRunning, polls < 6000 {
                try await Task.sleep(for: .milliseconds(5))
                polls += 1
            }
            #expect(setup.recordingDirectory != nil, "imu-record created no recording")
            killAfter = (Double(trial - Self.startUpTrials) + Double.random(in: 0..<1)) * 0.2
        }
        // Sleeping without holding a thread of the shared pool, which the other suites' tests need meanwhile.
        try await Task.sleep(for: .seconds(killAfter))
        recorder.send(SIGKILL)
        _ = recorder.stop()
        feeder.stop()
        let fed = feeder.timestamps.prefix(feeder.scansConsumed).map { Double($0) / 1e9 }
        let moment = trial < Self.startUpTrials ? "the launch" : "the recording appeared"
        let context = "killed \(String(format: "%.3f", killAfter)) s after \(moment), \(fed.count) scans read"

        let visible = try FileManager.default.contentsOfDirectory(atPath: setup.output.path).filter { !$0.hasPrefix(".") }
        guard let directory = setup.recordingDirectory else {
            // The buffer is enabled only after the recording exists: nothing read, nothing to lose.
            #expect(visible.isEmpty && fed.isEmpty, "\(context): \(visible)")
            return
        }
        #expect(visible.count == 1, "\(context): \(visible)")
        let recording = try RecordingReader.read(FilePath(directory.path))
        #expect(!recording.isComplete, "\(context)")

        // Raw rows: exactly the first scans read, in order, none repeated; at most 0.25 s of them missing.
        let accelerometer = recording.raw.filter { $0.sensor == .accelerometer }.map(\.timestamp)
        let gyroscope = recording.raw.filter { $0.sensor == .gyroscope }
        #expect(accelerometer.count <= fed.count, "\(context)")
        #expect(zip(accelerometer, fed).allSatisfy { abs($0 - $1) < 1e-6 }, "\(context): rows are not the scans fed")
        #expect(gyroscope.map(\.timestamp) == accelerometer, "\(context)")
        #expect(
            zip(gyroscope, 0...).allSatisfy { abs($0.value.z - Double($1 % 30_000) * 0.001064724) < 1e-7 },
            "\(context): rows are not the scans fed")
        let lostRaw = fed.count - accelerometer.count
        #expect(Double(lostRaw) <= Self.allowedLoss * Self.rate, "\(context): \(lostRaw) raw samples lost")

        // Device motion reaches the disk with its batch, before it, whenever the kill comes: every grid time (1/25 s)
        // from the first raw row to the last has its row, but those inside a gap of the feed, where none is due.
        if let first = accelerometer.first, let last = accelerometer.last {
            let gaps = zip(accelerometer, accelerometer.dropFirst()).filter { $1 - $0 > Self.resamplerGap }
            let written = Set(recording.motion.map { Int(($0.timestamp * Self.motionRate).rounded()) })
            let firstDue = Int((first * Self.motionRate - 1e-6).rounded(.up))
            let lastDue = Int((last * Self.motionRate + 1e-6).rounded(.down))
            let missing = (firstDue..<max(firstDue, lastDue + 1)).filter { index in
                let time = Double(index) / Self.motionRate
                return !written.contains(index) && !gaps.contains { $0 < time && time < $1 }
            }
            #expect(missing.isEmpty, "\(context): no device motion at grid times \(missing) (1/25 s), raw rows up to \(last)")
        }
        let steps = zip(recording.motion.dropFirst(), recording.motion).map { $0.timestamp - $1.timestamp }
        #expect(steps.allSatisfy { $0 > 0.04 - 1e-6 }, "\(context): motion rows closer than 1/25 s: \(steps)")

        // Events: in time order, each gap one of the feed's, its duration the difference of the two readings around it.
        let events = recording.events
        #expect(zip(events.dropFirst(), events).allSatisfy { $0.timestamp >= $1.timestamp }, "\(context): \(events)")
        for event in events {
            #expect(event.kind == .gap, "\(context): \(event)")
            let before = try #require(accelerometer.firstIndex { abs($0 - event.timestamp) < 1e-6 }, "\(context): \(event)")
            let duration = try #require(event.duration, "\(context): \(event)")
            #expect(
                before + 1 < accelerometer.count && abs(accelerometer[before + 1] - event.timestamp - duration) < 2e-6,
                "\(context): \(event)")
            #expect(duration > 0.05, "\(context): a gap where the feed had none: \(event)")
        }
        // Every jump of the feed's timestamps 0.25 s of readings before the last row on disk is marked (the feed's own
        // 0.3 s jumps; a late write of a loaded machine's feeder may add a shorter one).
        let settled = accelerometer.last.map { $0 - Self.allowedLoss } ?? 0
        let fedGaps = zip(accelerometer.dropFirst(), accelerometer).filter { $0 - $1 > 0.2 && $0 <= settled }
        #expect(events.count >= fedGaps.count, "\(context): \(events.count) gaps marked, \(fedGaps.count) fed")
    }
}
