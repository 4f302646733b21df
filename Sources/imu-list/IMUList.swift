import ArgumentParser
import CommandLineSupport
import Foundation
import IIOSensors
import Logging
import MotionSamples

/// `imu-list`: shows every accelerometer and gyroscope the kernel exposes, grouped into IMUs.
@main
struct IMUList: ParsableCommand {
    /// Runs the tool; usage errors are reported like every other failure (one line, status 64).
    static func main() { mainReportingUsage() }

    static let configuration = CommandConfiguration(
        commandName: "imu-list",
        abstract: "List the accelerometers and gyroscopes the kernel exposes, grouped into IMUs.",
        discussion: """
              imu-list                       # the IMUs of this machine
              imu-list --json | jq .name     # one JSON object per IMU per line
              imu-list --uri ip:raspberrypi  # a remote board running iiod

            Reads the IIO devices through libiio (locally, or from a board running `iiod`) and shows, \
            for each IMU: its devices, channels with scale and offset, sampling frequency and the \
            frequencies the driver accepts, mount matrix, buffer and trigger capability, \
            timestamp clock, and where a convertible's sensor sits (location lid or base, from \
            cros-ec's label accel-display / accel-base). Gyroscope-only IMUs are listed too, and so \
            are sensors of one or two axes (a 2-axis gyroscope or accelerometer: which axes it has; \
            never streamed), and so are barometers (IIO pressure sensors: with the IMU they go with, or on their \
            own; imu-steps --live counts floors from them); with no three-axis accelerometer at all it lists what there is and \
            names every IIO device with its channels (exit status 4).

            Exit status: 0 when at least one IMU was found; 3 no IIO subsystem, 4 no accelerometer, \
            6 permission denied, 9 malformed sysfs value, 10 remote unreachable, 64 usage error \
            (including a --uri other than local: or ip:, e.g. xml:, usb:, serial:).
            """,
        version: ToolVersion.line)

    @OptionGroup var context: IIOContextOptions
    @OptionGroup var output: JSONOptions
    @OptionGroup var verbosity: VerbosityOptions

    private var uri: String { context.uri }
    private var json: Bool { output.json }

    func run() throws {
        verbosity.bootstrap(detail: .debug)
        let inventory: IIOInventory
        do {
            inventory = try IMUDiscovery(uri: uri).inventory()
        } catch {
            throw exitReporting(error, tool: "imu-list")
        }
        // Gyroscope-only IMUs and sensors of fewer than three axes are listed even when nothing has an
        // accelerometer; the failure follows.
        try show(inventory)
        guard inventory.imus.contains(where: { $0.accelerometer != nil }) else {
            throw exitReporting(inventory.noAccelerometer, tool: "imu-list")
        }
    }

    /// Prints the IMUs (each with its barometer), then the sensors of fewer than three axes, then the barometers no IMU
    /// takes, as the table or as JSON lines.
    private func show(_ inventory: IIOInventory) throws {
        if json {
            for imu in inventory.imus { print(try JSONLine.encode(IMUListing(imu, barometer: inventory.barometer(for: imu)))) }
            for sensor in inventory.partialSensors { print(try JSONLine.encode(IMUListing(partial: sensor, uri: uri))) }
            for barometer in inventory.unpairedBarometers {
                print(try JSONLine.encode(IMUListing(barometer: barometer, uri: uri)))
            }
        } else if !inventory.imus.isEmpty || !inventory.partialSensors.isEmpty || !inventory.barometers.isEmpty {
            print(IMUTable(inventory: inventory, uri: uri).text, terminator: "")
        }
    }
}
