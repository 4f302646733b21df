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

    /// Every session under `paths`, in path order (read in parallel).
    public func sessions(from paths: [String]) throws(ActivityError) -> [LabelledSession] {
        var found: [SessionInput] = []
        for path in paths { found += try SessionInput.all(at: path) }
        let inputs = found
        guard !inputs.isEmpty else {
            throw .insufficientData("no recordings or MotionSense CSV files under \(paths.joined(separator: ", "))")
        }
        let results = concurrentMap(inputs.count) { index in
            Result { () throws(ActivityError) in try session(from: inputs[index]) }
        }
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
