import Foundation

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
        let results = LoadedSessions(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            results.store(Result { () throws(ActivityError) in try session(from: inputs[index]) }, at: index)
        }
        var sessions: [LabelledSession] = []
        for result in results.all {
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

/// Load results per file, filled concurrently (each slot by exactly one iteration).
private final class LoadedSessions: @unchecked Sendable {
    private var slots: [Result<LabelledSession, ActivityError>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ result: Result<LabelledSession, ActivityError>, at index: Int) {
        lock.withLock { slots[index] = result }
    }

    var all: [Result<LabelledSession, ActivityError>] { lock.withLock { slots.compactMap { $0 } } }
}
