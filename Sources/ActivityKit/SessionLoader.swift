import FoundationEssentials

/// Loads labelled sessions from the paths given on a command line.
///
/// Accepts recording directories written by imu-record or imu-import (raw readings fused into device motion at the
/// requested rate by the live pipeline; label = tag, group = subject), MotionSense device-motion CSV files
/// (`<activity>_<trial>/sub_<n>.csv[.gz]`, resampled like `imu-import motionsense` does), or directories holding either.
public struct SessionLoader: Sendable {
    /// Rate the sessions are delivered at, in Hz.
    public let sampleRate: Double

    /// Creates a loader delivering `sampleRate` Hz.
    public init(sampleRate: Double) throws(ActivityError) {
        guard sampleRate.isFinite, sampleRate > 0 else { throw .invalidWindow("sample rate \(sampleRate) Hz is not positive") }
        self.sampleRate = sampleRate
    }

    /// Every session input under `paths`, in path order; fails when there is none.
    public func inputs(from paths: [String]) throws(ActivityError) -> [SessionInput] {
        var found: [SessionInput] = []
        for path in paths { found += try SessionInput.all(at: path) }
        guard !found.isEmpty else {
            throw .insufficientData("no recordings or MotionSense CSV files under \(paths.joined(separator: ", "))")
        }
        return found
    }

    /// Every session under `paths`, in path order (read in parallel), all in memory at once: for small inputs and
    /// tests; tools use ``windowedDataset(from:configuration:inspect:)``, which keeps only the windows' features.
    public func sessions(from paths: [String]) throws(ActivityError) -> [LabelledSession] {
        let inputs = try inputs(from: paths)
        return try Self.collect(concurrentMap(inputs.count) { index in
            Result { () throws(ActivityError) in try session(from: inputs[index]) }
        })
    }

    /// Sessions read at a time (in parallel), so that only their motion is in memory at once.
    static let sessionsPerGroup = 8

    /// The windows of every session under `paths`, cut by `configuration`, in path order. Sessions are read a group
    /// at a time and only their features are kept, so memory grows with the number of windows, not with the size
    /// of the files; `inspect` sees each session first (to name one shorter than a window, or readings dropped).
    public func windowedDataset(
        from paths: [String], configuration: WindowConfiguration, inspect: (LabelledSession) -> Void = { _ in }
    ) throws(ActivityError) -> WindowedDataset {
        let inputs = try inputs(from: paths)
        var dataset = try WindowedDataset(sessions: [], configuration: configuration)
        var start = 0
        while start < inputs.count {
            let group = Array(inputs[start..<min(start + Self.sessionsPerGroup, inputs.count)])
            let sessions = try Self.collect(concurrentMap(group.count) { index in
                Result { () throws(ActivityError) in try session(from: group[index]) }
            })
            sessions.forEach(inspect)
            dataset.append(contentsOf: try WindowedDataset(sessions: sessions, configuration: configuration))
            start += group.count
        }
        return dataset
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

    /// Reads one input at the loader's rate.
    public func session(from input: SessionInput) throws(ActivityError) -> LabelledSession {
        switch input {
        case .recording(let url):
            return try LabelledSession(recordingAt: url.path, sampleRate: sampleRate)
        case .motionSense(let url):
            return try MotionSenseDataset.session(at: url, sampleRate: sampleRate)
        }
    }
}
