import ArgumentParser
import CommandLineSupport

/// How long the history keeps its rows: `--retention DAYS`.
public struct RetentionOptions: ParsableArguments, Sendable {
    /// The days given.
    @Option(help: ArgumentHelp("Days of history kept; older rows are deleted (1...3650).", valueName: "days"))
    public var retention = Self.defaultDays

    /// Days kept when --retention is not given.
    public static let defaultDays = 30

    /// The allowed days.
    public static let allowedDays = 1...3650

    /// Creates the options with their defaults.
    public init() {}

    /// Refuses a retention outside ``allowedDays`` (usage error).
    public func validate() throws {
        try requireFlag("--retention", retention, in: Self.allowedDays, unit: "days")
    }

    /// The retention in seconds.
    public var seconds: Double { Double(retention) * 86_400 }
}
