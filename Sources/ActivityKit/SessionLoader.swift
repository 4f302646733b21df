import Foundation

/// Loads labelled sessions from the paths given on a command line.
///
/// Accepts MotionSense device-motion CSV files (`<activity>_<trial>/sub_<n>.csv[.gz]`) or directories holding them,
/// resampled to the requested rate by averaging consecutive samples.
public struct SessionLoader: Sendable {
    /// Rate the sessions are delivered at, in Hz.
    public let sampleRate: Double

    /// Creates a loader delivering `sampleRate` Hz; it must divide MotionSense's 50 Hz.
    public init(sampleRate: Double) throws(ActivityError) {
        let factor = MotionSenseDataset.recordedRate / sampleRate
        guard sampleRate > 0, factor >= 1, factor == factor.rounded() else {
            throw .invalidWindow("MotionSense input can be read at 50 Hz divided by a whole number (50, 25, 12.5 ...), not \(sampleRate) Hz")
        }
        self.sampleRate = sampleRate
    }

    /// Every session under `paths`, in path order (files read in parallel).
    public func sessions(from paths: [String]) throws(ActivityError) -> [LabelledSession] {
        var found: [URL] = []
        for path in paths { found += try MotionSenseDataset.files(in: path) }
        let files = found
        guard !files.isEmpty else { throw .insufficientData("no MotionSense CSV files under \(paths.joined(separator: ", "))") }
        let decimation = Int(MotionSenseDataset.recordedRate / sampleRate)
        let results = LoadedSessions(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            results.store(Result { () throws(ActivityError) in try MotionSenseDataset.session(at: files[index], decimation: decimation) }, at: index)
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
