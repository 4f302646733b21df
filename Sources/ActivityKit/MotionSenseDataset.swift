import DeviceMotionKit
import Foundation
import MotionSamples

/// Reads MotionSense device-motion CSV files (`<activity>_<trial>/sub_<n>.csv[.gz]`, CoreMotion fields at 50 Hz) as labelled sessions.
///
/// MotionSense: Malekzadeh, Clegg, Cavallaro, Haddadi, "Mobile Sensor Data Anonymization", IoTDI 2019 (MIT licence).
/// Used for evaluation and for the default model; gzip files are decompressed with the system's `gzip`.
public struct MotionSenseDataset: Sendable {
    /// Rate of the original recordings, in Hz.
    public static let recordedRate = 50.0
    /// Activity names for the dataset's folder codes.
    public static let activityNames = [
        "dws": "downstairs", "ups": "upstairs", "wlk": "walking", "jog": "jogging", "sit": "sitting", "std": "standing",
    ]
    private static let columns = [
        "attitude.roll", "attitude.pitch", "attitude.yaw", "gravity.x", "gravity.y", "gravity.z",
        "rotationRate.x", "rotationRate.y", "rotationRate.z", "userAcceleration.x", "userAcceleration.y", "userAcceleration.z",
    ]

    /// Reads one file as a session, averaging each `decimation` consecutive samples (2 turns 50 Hz into 25 Hz).
    public static func session(at url: URL, decimation: Int = 2) throws(ActivityError) -> LabelledSession {
        let folder = url.deletingLastPathComponent().lastPathComponent
        let fileName = url.lastPathComponent
        guard let code = folder.split(separator: "_").first.map(String.init), let label = activityNames[code],
            fileName.hasPrefix("sub_"), let subject = fileName.split(separator: ".").first.map(String.init)
        else {
            throw .unreadableFile(path: url.path, reason: "not a MotionSense file; expected <dws|ups|wlk|jog|sit|std>_<trial>/sub_<n>.csv[.gz]")
        }
        let text = try contents(of: url)
        var lines = text.split(whereSeparator: \.isNewline).makeIterator()
        guard let header = lines.next() else { throw .unreadableFile(path: url.path, reason: "the file is empty") }
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var positions: [Int] = []
        for column in columns {
            guard let position = names.firstIndex(of: column) else {
                throw .unreadableFile(path: url.path, reason: "column \(column) is missing from the header")
            }
            positions.append(position)
        }
        var motions: [DeviceMotion] = []
        var lineNumber = 1
        while let line = lines.next() {
            lineNumber += 1
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            var values: [Double] = []
            values.reserveCapacity(positions.count)
            for position in positions {
                guard position < fields.count, let value = Double(fields[position]), value.isFinite else {
                    throw .unreadableFile(path: url.path, reason: "line \(lineNumber) has a missing or non-numeric value")
                }
                values.append(value)
            }
            motions.append(motion(values, timestamp: Double(motions.count) / recordedRate))
        }
        let decimated = decimate(motions, by: max(decimation, 1))
        return LabelledSession(
            label: label, group: "\(subject)", name: "\(folder)/\(fileName)", motions: decimated,
            sampleRate: recordedRate / Double(max(decimation, 1))
        )
    }

    private static func contents(of url: URL) throws(ActivityError) -> String {
        if url.pathExtension == "gz" {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["gzip", "-dc", url.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                throw .unreadableFile(path: url.path, reason: "cannot run gzip (\(error.localizedDescription)); install gzip or decompress the file")
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw .unreadableFile(path: url.path, reason: "gzip could not decompress it") }
            return String(decoding: data, as: UTF8.self)
        }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }

    /// One estimate from the 12 values in `columns` order; the attitude follows CoreMotion's Euler convention (z-x-y).
    private static func motion(_ values: [Double], timestamp: Double) -> DeviceMotion {
        let (roll, pitch, yaw) = (values[0], values[1], values[2])
        let yawTurn = Quaternion(w: cos(yaw / 2), x: 0, y: 0, z: sin(yaw / 2))
        let pitchTurn = Quaternion(w: cos(pitch / 2), x: sin(pitch / 2), y: 0, z: 0)
        let rollTurn = Quaternion(w: cos(roll / 2), x: 0, y: sin(roll / 2), z: 0)
        return DeviceMotion(
            timestamp: timestamp,
            attitude: Attitude(quaternion: product(product(yawTurn, pitchTurn), rollTurn)),
            rotationRate: Vector3(x: values[6], y: values[7], z: values[8]),
            gravity: Vector3(x: values[3], y: values[4], z: values[5]),
            userAcceleration: Vector3(x: values[9], y: values[10], z: values[11])
        )
    }

    private static func product(_ a: Quaternion, _ b: Quaternion) -> Quaternion {
        Quaternion(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w
        )
    }

    /// Averages each run of `factor` estimates into one (vectors averaged, the first attitude kept, the mean timestamp).
    private static func decimate(_ motions: [DeviceMotion], by factor: Int) -> [DeviceMotion] {
        guard factor > 1 else { return motions }
        return stride(from: 0, to: motions.count - factor + 1, by: factor).map { start in
            let group = motions[start..<start + factor]
            let scale = 1 / Double(factor)
            return DeviceMotion(
                timestamp: group.reduce(0) { $0 + $1.timestamp } * scale,
                attitude: group[start].attitude,
                rotationRate: group.reduce(Vector3.zero) { $0 + $1.rotationRate } * scale,
                gravity: group.reduce(Vector3.zero) { $0 + $1.gravity } * scale,
                userAcceleration: group.reduce(Vector3.zero) { $0 + $1.userAcceleration } * scale
            )
        }
    }
}
