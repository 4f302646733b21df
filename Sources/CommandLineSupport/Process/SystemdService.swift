import FoundationEssentials

/// Whether this process runs as (part of) a systemd unit: systemd sets `INVOCATION_ID` for every unit it starts.
public var runsUnderSystemd: Bool {
    ProcessInfo.processInfo.environment["INVOCATION_ID"].map { !$0.isEmpty } ?? false
}
