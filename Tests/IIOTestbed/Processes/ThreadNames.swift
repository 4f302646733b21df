import Foundation

/// The names of process `pid`'s threads now (`/proc/PID/task/TID/comm`, as `ps -L` shows them); empty once it exited.
public func threadNames(ofProcess pid: Int32) -> [String] {
    let tasks = "/proc/\(pid)/task"
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
    return threads.compactMap { thread in
        guard let comm = FileManager.default.contents(atPath: "\(tasks)/\(thread)/comm") else { return nil }
        return String(decoding: comm, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
