import ArgumentParser
import CommandLineSupport
import Foundation
import IIOSensors
import Logging

/// `imu-list`: shows every accelerometer and gyroscope the kernel exposes, grouped into IMUs.
@main
struct IMUList: ParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() { mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-list",
        abstract: "List the accelerometers and gyroscopes the kernel exposes, grouped into IMUs.",
        discussion: """
            Reads the IIO devices through libiio (locally, or from a board running `iiod`) and shows, \
            for each IMU: its devices, channels with scale and offset, sampling frequency and the \
            frequencies the driver accepts, mount matrix, buffer and trigger capability, and \
            timestamp clock.

            Examples:
              imu-list                       # this machine
              imu-list --json | jq .name     # one JSON object per IMU per line
              imu-list --uri ip:raspberrypi  # a remote board running iiod

            Exit status: 0 when at least one IMU was found; 3 no IIO subsystem, 4 no accelerometer, \
            6 permission denied, 9 malformed sysfs value, 10 remote unreachable, 64 usage error.
            """)

    @Option(help: "libiio context URI: 'local:' or 'ip:HOST[:PORT]'.")
    var uri = "local:"

    @Flag(help: "Print one JSON object per IMU per line instead of a table.")
    var json = false

    @Flag(name: .shortAndLong, help: "Log discovery details to stderr.")
    var verbose = false

    func run() throws {
        bootstrapLogging(level: verbose ? .debug : .warning)
        let imus: [IMU]
        do {
            imus = try IMUDiscovery(uri: uri).imus()
        } catch {
            throw exitReporting(error, tool: "imu-list")
        }
        guard imus.contains(where: { $0.accelerometer != nil }) else {
            throw exitReporting(
                IIOSensorError.noAccelerometer(devices: imus.flatMap(\.devices).map(\.name)),
                tool: "imu-list")
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for imu in imus {
                print(String(decoding: try encoder.encode(IMUListing(imu)), as: UTF8.self))
            }
        } else {
            print(IMUTable(imus: imus).text, terminator: "")
        }
    }
}
