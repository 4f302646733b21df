import DeviceMotionKit
import FoundationEssentials

/// Loads labelled sessions from the paths given on a command line.
///
/// Accepts recording directories written by imu-record or imu-import (raw readings fused into device motion at the
/// requested rate by the live pipeline; label = tag, group = subject), files of the `fileFormats` it is given (a
/// dataset's own files, e.g. MotionSense CSV files from DatasetImporters), or directories holding either. Every
/// label is read through `labels`, so sessions, models and reports share one vocabulary (``ActivityName``).
public struct SessionLoader: Sendable {
    /// Rate the sessions are delivered at, in Hz.
    public let sampleRate: Double
    /// How the sessions' labels are read.
    public let labels: LabelMap
    /// The kinds of file, other than recordings, the loader reads.
    public let fileFormats: [any SessionFileFormat]
    /// How recordings' raw readings are fused: causally as live (the default), or forward and backward.
    public let fusionMode: FusionMode

    /// Creates a loader delivering `sampleRate` Hz, reading labels through `labels` and files of `fileFormats`, and
    /// fusing recordings in `fusionMode`.
    public init(
        sampleRate: Double, labels: LabelMap = .canonical, fileFormats: [any SessionFileFormat] = [],
        fusionMode: FusionMode = .live
    ) throws(ActivityError) {
        guard sampleRate.isFinite, sampleRate > 0 else { throw .invalidWindow("sample rate \(sampleRate) Hz is not positive") }
        self.fusionMode = fusionMode
        self.sampleRate = sampleRate
        self.labels = labels
        self.fileFormats = fileFormats
    }

    /// Every session input under `paths`, in path order; fails when there is none.
    public func inputs(from paths: [String]) throws(ActivityError) -> [SessionInput] {
        let found = try SessionInput.all(at: paths)
        guard !found.isEmpty else {
            throw .insufficientData("no recordings or dataset files under \(paths.joined(separator: ", "))")
        }
        return found
    }

    /// Every session under `paths`, in path order (read in parallel), all in memory at once: for small inputs and
    /// tests; tools use ``windowedDataset(from:configuration:featureSet:eitherWayUp:inspect:)``, which keeps only the
    /// windows' features.
    public func sessions(from paths: [String]) throws(ActivityError) -> [LabelledSession] {
        let inputs = try inputs(from: paths)
        return try Self.collect(
            concurrentMap(inputs.count) { index in
                Result { () throws(ActivityError) in try session(from: inputs[index]) }
            })
    }

    /// Sessions read at a time (in parallel).
    static let sessionsPerGroup = 8
    /// Feature bytes each session being read keeps in memory before its further windows go to a temporary file
    /// (then into the dataset's matrix): 2 MiB, about 800 windows, more than a MotionSense trial has.
    static let residentBytesPerSession = 2 << 20

    /// The windows of every session under `paths`, cut by `configuration`, in path order, with the features of
    /// `featureSet`. Each session's motion is cut into windows as it is fused and only the windows' features are
    /// kept, so memory grows with the number of windows, not with the size of the files; `eitherWayUp` adds each
    /// window's features as the device turned half a turn about z would have measured it
    /// (``WindowedDataset/turnedFeatures``). `inspect` sees each session's summary (to name one shorter than a
    /// window, or readings dropped).
    public func windowedDataset(
        from paths: [String], configuration: WindowConfiguration, featureSet: FeatureSet = .all, eitherWayUp: Bool = false,
        inspect: (SessionSummary) -> Void = { _ in }
    ) throws(ActivityError) -> WindowedDataset {
        guard abs(sampleRate - configuration.sampleRate) <= 1e-6 else {
            throw .sampleRateMismatch(session: paths.joined(separator: ", "), expected: configuration.sampleRate, found: sampleRate)
        }
        let inputs = try inputs(from: paths)
        let extractor = FeatureExtractor(configuration: configuration, featureSet: featureSet)
        let emptyWindows = WindowFeatures(extractor: extractor, configuration: configuration, eitherWayUp: false)
        var dataset = WindowedDataset(configuration: configuration, featureSet: featureSet, eitherWayUp: eitherWayUp)
        var start = 0
        while start < inputs.count {
            let group = Array(inputs[start..<min(start + Self.sessionsPerGroup, inputs.count)])
            var results = concurrentMap(group.count) { index in
                Result { () throws(ActivityError) in
                    var windows = WindowFeatures(
                        extractor: extractor, configuration: configuration, eitherWayUp: eitherWayUp,
                        residentBytes: Self.residentBytesPerSession)
                    let summary = try stream(group[index]) { motions in windows.append(motions) }
                    return (summary, windows)
                }
            }
            for index in results.indices {
                var (summary, windows) = try results[index].get()
                // The group's copy is dropped so that moving the rows into the dataset releases each block once copied.
                results[index] = .success((summary, emptyWindows))
                inspect(summary)
                if case .recording = group[index], windows.rows.rowCount > 0 { dataset.recordingFusion = fusionMode }
                try dataset.append(moving: &windows, label: summary.label, group: summary.group, hasSubject: summary.hasSubject)
            }
            start += group.count
        }
        return dataset
    }

    /// Reads `input` at the loader's rate and hands its device motion to `deliver` in pieces as it is produced,
    /// keeping none of it (a recording is fused, a dataset file resampled, as it is read); its label is read through
    /// ``labels``.
    public func stream(_ input: SessionInput, into deliver: ([DeviceMotion]) throws -> Void) throws(ActivityError) -> SessionSummary {
        do {
            switch input {
            case .recording(let url):
                var summary = try LabelledSession.fuseRecording(
                    at: url.path, sampleRate: sampleRate, mode: fusionMode, into: deliver)
                summary.label = labels.name(of: summary.label)
                return summary
            case .datasetFile(let url):
                guard let format = fileFormats.first(where: { $0.accepts(path: url.path) }) else {
                    let expected = (["a recording directory"] + fileFormats.map(\.expectedName)).joined(separator: " or ")
                    throw ActivityError.unreadableFile(path: url.path, reason: "not a file imu-bridge reads; expected \(expected)")
                }
                return try format.stream(at: url.path, sampleRate: sampleRate, labels: labels) { (motions) throws(ActivityError) in
                    do {
                        try deliver(motions)
                    } catch let error as ActivityError {
                        throw error
                    } catch {
                        throw .unreadableFile(path: url.path, reason: "\(error)")
                    }
                }
            }
        } catch let error as ActivityError {
            throw error
        } catch {
            throw .unreadableFile(path: input.path, reason: "\(error)")
        }
    }

    /// The sessions, or the first error, in input order.
    private static func collect(_ results: [Result<LabelledSession, ActivityError>]) throws(ActivityError) -> [LabelledSession] {
        var sessions: [LabelledSession] = []
        for result in results {
            switch result {
            case .success(let session): sessions.append(session)
            case .failure(let error): throw error
            }
        }
        return sessions
    }

    /// Reads one input at the loader's rate, all its motion in memory.
    public func session(from input: SessionInput) throws(ActivityError) -> LabelledSession {
        var motions: [DeviceMotion] = []
        let summary = try stream(input) { motions += $0 }
        return LabelledSession(summary: summary, motions: motions, sampleRate: sampleRate)
    }
}
