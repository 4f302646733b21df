import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A child started with `posix_spawn` with every signal unblocked and at its default action: the test process blocks
/// SIGTERM and friends (the tools' signal handling), and a child started by `Process` inherits that mask, so a broker
/// would never see the SIGTERM that makes it save its sessions and stop. It inherits no descriptor but 0, 1 and 2.
final class SpawnedProcess {
    /// The child's process id.
    let pid: pid_t
    private var status: Int32?

    /// Starts `path` with `arguments` and `environment`, stdout and stderr appended to `output` (or discarded).
    init(_ path: String, _ arguments: [String], environment: [String: String], output: URL? = nil) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let target = output?.path ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, target, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else inherited: a testbed's keeper waits for the end of a pipe a child must not hold open.
        // (glibc ignores a close of a descriptor that is not open in the child, such as the listing's own.)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let descriptor = Int32(name), descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        try #require(result == 0, "cannot start \(path): \(String(cString: strerror(result)))")
        self.pid = pid
    }

    deinit {
        stop(signal: SIGKILL)
    }

    /// Whether the child still runs.
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid {
            status = raw
            return false
        }
        return true
    }

    /// The child's exit status once it has exited normally; `nil` while it runs or when a signal ended it.
    var exitStatus: Int32? {
        guard !isRunning, let status, status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }

    /// Sends `signal` (if it still runs) and waits for the child to exit.
    func stop(signal: Int32 = SIGTERM) {
        guard isRunning else { return }
        kill(pid, signal)
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = raw
    }
}
