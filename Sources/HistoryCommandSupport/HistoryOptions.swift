import ArgumentParser
import CommandLineSupport
import MotionHistory

#if canImport(Glibc)
import Glibc
#endif

/// Where the activity history is: `--history PATH|none`, the same flag in every tool that writes or reads it.
public struct HistoryOptions: ParsableArguments, Sendable {
    /// The database given (`--history`); nil when none was.
    @Option(
        name: .customLong("history"),
        help: ArgumentHelp(
            "History database (SQLite), or `none`; default $STATE_DIRECTORY/history.sqlite under systemd, else "
                + "$XDG_STATE_HOME/imu-bridge/history.sqlite (~/.local/state/imu-bridge/history.sqlite).",
            valueName: "path|none"))
    public var path: String?

    /// Creates the options with their defaults.
    public init() {}

    /// Whether `--history none` was given.
    public var isNone: Bool { path == "none" }

    /// The database to use: the one given, else the default one (``defaultPath``) when `usesDefault`; nil for
    /// `--history none`, or when no history is asked for.
    public func location(usesDefault: Bool) -> String? {
        if isNone { return nil }
        if let path { return path }
        return usesDefault ? Self.defaultPath : nil
    }

    /// The default database: `$STATE_DIRECTORY/history.sqlite` when systemd gives the service a state directory,
    /// else `$XDG_STATE_HOME/imu-bridge/history.sqlite`, with XDG's fallback `~/.local/state` for an unset or
    /// relative `XDG_STATE_HOME` (XDG Base Directory Specification 0.8).
    public static var defaultPath: String {
        if let state = environment("STATE_DIRECTORY")?.split(separator: ":").first { return "\(state)/history.sqlite" }
        if let xdg = environment("XDG_STATE_HOME"), xdg.hasPrefix("/") { return "\(xdg)/imu-bridge/history.sqlite" }
        return "\(environment("HOME") ?? "/root")/.local/state/imu-bridge/history.sqlite"
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
