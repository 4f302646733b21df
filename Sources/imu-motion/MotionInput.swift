import DeviceMotionKit
import Foundation
import MotionRecording
import MotionSamples
import Resampling
import SystemPackage

/// What `imu-motion` reads: a BROAD-style CSV of paired samples, or a recording (`.imurec` directory, or its
/// `raw.csv`) of raw readings as a live source delivered them.
enum MotionInput {
    /// Samples from a CSV, each pairing the accelerometer with the gyroscope (if the file has one).
    case samples([IMUSample], hasGyroscope: Bool)
    /// A recording's raw readings, in its batches.
    case recording(RecordingReplaySource)

    /// Reads `path`: a recording directory or its `raw.csv` through `RecordingReader`, anything else as a CSV.
    static func load(path: String) throws -> MotionInput {
        if let directory = recordingDirectory(for: path) {
            return .recording(try RecordingReplaySource(contentsOf: directory))
        }
        let csv = try RawSampleCSV.load(path: path)
        guard !csv.samples.isEmpty else { throw InputError.empty(path) }
        return .samples(csv.samples, hasGyroscope: csv.hasGyroscope)
    }

    /// The recording directory `path` names (itself, or the parent of its `raw.csv`), if it is one.
    private static func recordingDirectory(for path: String) -> FilePath? {
        if isDirectory(atPath: path) { return FilePath(path) }
        let file = FilePath(path)
        guard file.lastComponent?.string == "raw.csv" else { return nil }
        let directory = file.removingLastComponent()
        let metadata = directory.appending("recording.json")
        return FileManager.default.fileExists(atPath: metadata.string) ? directory : nil
    }

    /// Whether the input has gyroscope readings.
    var hasGyroscope: Bool {
        switch self {
        case .samples(_, let hasGyroscope): hasGyroscope
        case .recording(let source): source.hasGyroscope
        }
    }

    /// The nominal sensor rate, if the input states one (a hint: the pipeline measures the rate).
    var nominalRate: Double? {
        switch self {
        case .samples: nil
        case .recording(let source): source.nominalRate
        }
    }

    /// A description of the input's size for the log.
    var summary: String {
        switch self {
        case .samples(let samples, _): "\(samples.count) samples"
        case .recording(let source): "\(source.recording.raw.count) raw readings of a recording"
        }
    }

    /// Runs the whole input through `pipeline` and returns the estimates.
    func motions(through pipeline: inout DeviceMotionPipeline) -> [DeviceMotion] {
        var motions: [DeviceMotion] = []
        switch self {
        case .samples(let samples, _):
            pipeline.append(samples: samples, into: &motions)
        case .recording(let source):
            for batch in source.batches() { pipeline.append(batch, into: &motions) }
        }
        pipeline.finish(into: &motions)
        return motions
    }

    /// The input as paired samples on one timeline (a recording's readings aligned as the pipeline aligns them).
    func alignedSamples() throws -> [IMUSample] {
        switch self {
        case .samples(let samples, _):
            return samples
        case .recording(let source):
            var aligner = try SensorAligner(configuration: AlignerConfiguration(hasGyroscope: source.hasGyroscope))
            var samples: [IMUSample] = []
            aligner.append(source.recording.raw, into: &samples)
            aligner.finish(into: &samples)
            return samples
        }
    }
}
