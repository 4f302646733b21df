import ArgumentParser
import Glibc
import MotionRecording

/// Command-line parsing whose usage errors read like every other imu-bridge failure: one line, status 64.
extension ParsableCommand {
    /// Parses the process's arguments into the command to run. `--help` and `--version` print and exit 0; a usage
    /// error exits 64 after one line: `imu-xxx: <what is wrong>; see 'imu-xxx --help'`.
    public static func parseReportingUsage(_ arguments: [String]? = nil) -> any ParsableCommand {
        do {
            return try parseAsRoot(arguments)
        } catch {
            exitReportingUsage(error)
        }
    }

    /// Exits for an error that reached ArgumentParser: help and version printed to stdout (status 0, or 11 when
    /// stdout could not take them), decided exit codes as ArgumentParser does, anything else as a one-line usage error
    /// with status 64.
    public static func exitReportingUsage(_ error: any Error) -> Never {
        switch error {
        case is ExitCode:
            exit(withError: error)
        case _ where exitCode(for: error) == .success:
            let text = fullMessage(for: error)
            if !text.isEmpty { print(text) }
            exitUnlessStandardOutputWritten(tool: configuration.commandName ?? "\(Self.self)")
            Glibc.exit(ExitCode.success.rawValue)
        default:
            let tool = configuration.commandName ?? "\(Self.self)"
            let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            printError("\(tool): \(message.lowercasingFirstWord); see '\(tool) --help'")
            Glibc.exit(ExitStatus.usage.rawValue)
        }
    }
}

extension AsyncParsableCommand {
    /// Parses and runs the command (synchronous subcommands included), reporting usage errors in the tools' style, and
    /// a standard output that could not be written (``exitUnlessStandardOutputWritten(tool:)``).
    public static func mainReportingUsage() async {
        var command = parseReportingUsage()
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exitReportingUsage(error)
        }
        exitUnlessStandardOutputWritten(tool: configuration.commandName ?? "\(Self.self)")
    }
}

extension ParsableCommand {
    /// Parses and runs the command, reporting usage errors in the tools' style, and a standard output that could not be
    /// written (``exitUnlessStandardOutputWritten(tool:)``).
    public static func mainReportingUsage() {
        var command = parseReportingUsage()
        do {
            try command.run()
        } catch {
            exitReportingUsage(error)
        }
        exitUnlessStandardOutputWritten(tool: configuration.commandName ?? "\(Self.self)")
    }
}
