import CommandLineSupport
import Foundation
import IIOSensors
import Testing

/// `FailureReport` is the one mapping from errors to the README's exit statuses, and its line is always words.
@Suite("FailureReport: one exit-code table, one clean line")
struct FailureReportTests {
    /// An error type the mapping does not list, with no description of its own.
    private enum Unlisted: Error {
        case broken(code: Int, detail: [String: Int])
    }

    /// An error type the mapping does not list, described for people.
    private struct Described: Error, CustomStringConvertible {
        var description: String { "the widget is\nnot ready" }
    }

    @Test("every sensor error has the README's status")
    func sensorStatuses() {
        let expected: [(IIOSensorError, CommandLineSupport.ExitStatus)] = [
            (.noIIOSubsystem, .noIIOSubsystem),
            (.noAccelerometer(devices: []), .noAccelerometer),
            (.deviceNotFound(requested: "x", available: []), .noSuchIMU),
            (.permissionDenied(path: "/dev/iio:device0"), .permissionDenied),
            (.deviceRemoved(device: "x"), .sensorRemoved),
            (.refillTimeout(device: "x", seconds: 2), .noSamplesInTime),
            (.malformedAttribute(attribute: "a", value: "b", expected: "c"), .malformedSysfsValue),
            (.remoteUnreachable(uri: "ip:h", reason: "r"), .remoteUnreachable),
            (.systemError(operation: "reading", errno: 12), .failure),
            (.bufferBusy(device: "x", holder: nil), .sensorBusy),
            (.notPollable(device: "x", reason: "r"), .sensorBusy),
            (.unsupportedURI(uri: "xml:a"), .usage),
        ]
        for (error, status) in expected {
            #expect(FailureReport(error, tool: "imu-stream").exitStatus == status, "\(error)")
        }
        #expect(CommandLineSupport.ExitStatus.sensorBusy.rawValue == 15)
    }

    @Test("an error type it does not know: status 1 and a line in words, no dump of the value")
    func unlistedError() {
        let report = FailureReport(Unlisted.broken(code: 3, detail: ["k": 1]), tool: "imu-eval")
        #expect(report.exitStatus == .failure)
        #expect(
            report.line
                == "imu-eval: stopped by an unexpected error: an internal error with no message; run again, and report it if it happens again"
        )
    }

    @Test("an EncodingError (NaN written as JSON) is named in words, without Swift's types or context")
    func encodingError() throws {
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(["seconds": Double.nan]) }
        let report = FailureReport(error, tool: "imu-record")
        #expect(report.exitStatus == .failure)
        #expect(
            report.line
                == "imu-record: stopped by an unexpected error: a value could not be written as JSON (a number that is not finite?); "
                + "run again, and report it if it happens again")
        for leak in ["EncodingError", "Context", "codingPath", "Double"] { #expect(!report.line.contains(leak), "\(report.line)") }
    }

    @Test("a type's own description is kept, on one line")
    func describedError() {
        let report = FailureReport(Described(), tool: "imu-list")
        #expect(
            report.line
                == "imu-list: stopped by an unexpected error: the widget is not ready; run again, and report it if it happens again")
    }

    @Test("a tool's own failure keeps its message and status, success included (Ctrl-C before anything started)")
    func toolFailure() {
        let report = FailureReport(CommandFailure("stopped before the recording started", status: .success), tool: "imu-record")
        #expect(report == FailureReport(CommandFailure("stopped before the recording started", status: .success), tool: "imu-record"))
        #expect(report.exitStatus == .success)
        #expect(report.line == "imu-record: stopped before the recording started")
    }
}
