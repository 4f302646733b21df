import ActivityKit
import ArgumentParser
import DatasetImporters
import DeviceMotionKit
import FoundationEssentials
import IIOSensors
import MotionPublishing
import MotionRecording
import Resampling

/// An error a tool defines for itself, carrying its own message and exit status.
public protocol ToolFailure: Error, CustomStringConvertible {
    /// The status the process exits with.
    var exitStatus: ExitStatus { get }
}

/// A failure with a message and a status, for tool code that has no typed error of its own.
public struct CommandFailure: ToolFailure {
    /// What failed and what to do.
    public let description: String
    /// The status the process exits with.
    public let exitStatus: ExitStatus

    /// Creates a failure with `message` and `status`.
    public init(_ message: String, status: ExitStatus = .failure) {
        description = message
        exitStatus = status
    }
}

/// A failure as the user sees it: one line on stderr and the process's exit status.
public struct FailureReport: Sendable, Equatable {
    /// `imu-xxx: <what failed and why>; <what to do>`, on one line.
    public let line: String
    /// The exit status, from ``ExitStatus``.
    public let exitStatus: ExitStatus

    /// The report of `error` raised by `tool`: the one mapping from every error type to message and exit status.
    public init(_ error: any Error, tool: String) {
        let (message, status): (String, ExitStatus) =
            switch error {
            case let error as ToolFailure: (error.description, error.exitStatus)
            case let error as IIOSensorError: (error.description, Self.status(of: error))
            case let error as RecordingError: (error.description, Self.status(of: error))
            case let error as DatasetImportError: (error.description, Self.status(of: error))
            case let error as ActivityError: (error.description, Self.status(of: error))
            case let error as MotionError: (error.description, Self.status(of: error))
            case let error as ResamplingError: (error.description, .badInput)
            case let error as MQTTError: (error.description, Self.status(of: error))
            default: (Self.unlisted(error), .failure)
            }
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        line = "\(tool): \(oneLine)"
        exitStatus = status
    }

    /// The line for an error no case above lists: words only, never a dump of the value (`EncodingError`, a
    /// context, coding keys); a type's own `description` is kept, since it was written for people.
    private static func unlisted(_ error: any Error) -> String {
        let reason: String =
            switch error {
            case let error as CocoaError: ActivityModel.plainReason(error)
            case is EncodingError: "a value could not be written as JSON (a number that is not finite?)"
            case is DecodingError: "a value could not be read as JSON"
            case let error as any CustomStringConvertible: error.description
            default: "an internal error with no message"
            }
        return "stopped by an unexpected error: \(reason); run again, and report it if it happens again"
    }

    private static func status(of error: IIOSensorError) -> ExitStatus {
        switch error {
        case .noIIOSubsystem: .noIIOSubsystem
        case .noAccelerometer: .noAccelerometer
        case .deviceNotFound: .noSuchIMU
        case .permissionDenied: .permissionDenied
        case .deviceRemoved: .sensorRemoved
        case .refillTimeout, .deviceNotResponding: .noSamplesInTime
        case .malformedAttribute: .malformedSysfsValue
        case .remoteUnreachable: .remoteUnreachable
        case .systemError: .failure
        case .bufferBusy, .notPollable: .sensorBusy
        case .unsupportedURI: .usage
        case .libraryUnavailable: .failure
        }
    }

    private static func status(of error: RecordingError) -> ExitStatus {
        switch error {
        case .alreadyExists, .cannotCreate, .writeFailed, .alreadyFinished: .outputNotWritten
        case .readFailed, .missingMetadata, .corruptMetadata, .valueOutOfRange, .unsupportedVersion,
            .unexpectedHeader,
            .corruptLine, .countMismatch, .malformedCalibration:
            .badInput
        }
    }

    private static func status(of error: DatasetImportError) -> ExitStatus {
        switch error {
        case .notADataset: .notEnoughData
        case .unreadableFile, .unlistableFolder, .malformedLine: .badInput
        }
    }

    private static func status(of error: ActivityError) -> ExitStatus {
        switch error {
        case .unreadableRecording(let error): status(of: error)
        case .unsupportedModelVersion, .incompatibleModel, .modelsDoNotGoTogether, .windowMismatch, .unreadableModel:
            .modelRefused
        case .invalidWindow, .invalidParameters: .usage
        case .sampleRateMismatch, .unreadableFile, .unreadableDatasetFile, .unknownActivities, .malformedLabelMap: .badInput
        case .insufficientData: .notEnoughData
        case .unwritableFile: .outputNotWritten
        case .temporaryFileUnreadable: .failure
        }
    }

    private static func status(of error: MQTTError) -> ExitStatus {
        switch error {
        case .invalidURL, .credentialsInURL, .invalidSetting: .usage
        case .unreadableConfig, .exposedConfig, .malformedConfig, .unusableTLSFile, .library: .badInput
        case .undelivered: .brokerUnreachable
        case .libraryUnavailable: .failure
        }
    }

    private static func status(of error: MotionError) -> ExitStatus {
        switch error {
        case .rateOutOfRange, .resamplingFailed, .sensorRateUnmeasurable, .sourceFailed, .invalidCalibration: .badInput
        case .invalidUpdateInterval, .referenceFrameUnavailable, .trueNorthNotAvailable, .declinationOutOfRange: .usage
        }
    }
}

/// Prints `error`'s one-line report to stderr and returns what the tool throws to exit with its status;
/// ArgumentParser's own errors (usage, `--help`, an exit already decided) pass through unchanged. `advice` adds
/// what only this tool can suggest (a flag it has) to the report.
public func exitReporting(
    _ error: any Error, tool: String, advice: (any Error) -> String? = { _ in nil }
) -> any Error {
    switch error {
    case is ExitCode, is CleanExit, is ValidationError: return error
    default:
        let report = FailureReport(error, tool: tool)
        printError(advice(error).map { "\(report.line); \($0)" } ?? report.line)
        return ExitCode(report.exitStatus.rawValue)
    }
}
