import Foundation
import MotionHistory
import Synchronization

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    /// Its path.
    let path: String

    /// Creates it.
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("history-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside it.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Removes it and everything in it.
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A clock a test moves by hand, in Unix seconds.
final class TestClock: Sendable {
    private let time: Mutex<Double>

    /// Creates a clock reading `start`.
    init(_ start: Double) { time = Mutex(start) }

    /// The time now.
    func now() -> Double { time.withLock { $0 } }

    /// Moves the clock by `seconds` (back when negative: a wall clock stepped by NTP).
    func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
}

/// Runs `body` with a new history (`history.sqlite` in a temporary directory, removed afterwards) and a recorder on it
/// that keeps everything.
func withNewHistory<T>(_ body: (HistoryStore, HistoryRecorder) throws -> T) throws -> T {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try HistoryStore.openForWriting(at: directory.file("history.sqlite"))
    return try body(store, try HistoryRecorder(store: store, retention: nil))
}
