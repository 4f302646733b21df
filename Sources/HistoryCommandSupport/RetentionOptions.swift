import ArgumentParser
import CommandLineSupport

/// How long the history keeps its rows: `--retention DAYS`.
public struct RetentionOptions: ParsableArguments, Sendable {
    /// The days given; nil when none were.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Days of history kept; older rows are deleted (1...3650, default 30).", valueName: "days"))
    public var retention: Int?

    /// Days kept when --retention is not given.
    public static let defaultDays = 30

    /// The allowed days.
    public static let allowedDays = 1...3650

    /// Creates the options with their defaults.
    public init() {}

    /// Refuses a retention outside ``allowedDays`` (usage error).
    public func validate() throws {
        if let retention { try requireFlag("--retention", retention, in: Self.allowedDays, unit: "days") }
    }

    /// The retention in seconds (the default when none was given).
    public var seconds: Double { Double(retention ?? Self.defaultDays) * 86_400 }
}
