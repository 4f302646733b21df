import DeviceMotionKit
import Foundation
import MotionSamples

/// A committed excerpt of a BROAD trial (Fixtures/broad, CC BY 4.0): raw samples with optical-motion-capture truth.
struct BROADExcerpt {
    /// The samples in CoreMotion units and signs (BROAD's accelerometer is specific force in m/s^2).
    var samples: [IMUSample] = []
    /// The true up direction in the sensor frame at each sample.
    var truthUp: [Vector3] = []
    /// The true orientation at each sample (sensor frame into a z-up earth frame, heading arbitrary); NaN in gaps.
    var truth: [Quaternion] = []
    /// The magnetometer reading of each sample (µT), when the excerpt has the `mag_*` columns.
    var magnetometer: [MagnetometerSample] = []
    /// Whether each sample belongs to the motion phase.
    var moving: [Bool] = []

    /// Reads `Fixtures/broad/<trial>-excerpt.csv`.
    init(trial: String) throws {
        let path = FixturePaths.packageRoot.appendingPathComponent("Fixtures/broad/\(trial)-excerpt.csv").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let column = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })
        for line in lines.dropFirst() {
            let values = line.split(separator: ",").map { Double($0) ?? .nan }
            func value(_ name: String) -> Double { values[column[name]!] }
            let specificForce = Vector3(x: value("acc_x"), y: value("acc_y"), z: value("acc_z"))
            samples.append(
                IMUSample(
                    timestamp: value("t_s"), acceleration: Vector3(accelerationFromSpecificForce: specificForce),
                    rotationRate: Vector3(x: value("gyr_x"), y: value("gyr_y"), z: value("gyr_z"))))
            let (w, x, y, z) = (value("truth_qw"), value("truth_qx"), value("truth_qy"), value("truth_qz"))
            truthUp.append(Vector3(x: 2 * (x * z - w * y), y: 2 * (y * z + w * x), z: 1 - 2 * (x * x + y * y)))
            truth.append(Quaternion(w: w, x: x, y: y, z: z))
            if column["mag_x"] != nil {
                magnetometer.append(
                    MagnetometerSample(
                        timestamp: value("t_s"), field: Vector3(x: value("mag_x"), y: value("mag_y"), z: value("mag_z"))))
            }
            moving.append(value("movement") == 1)
        }
    }

    /// The heading error of `motions` against the truth, RMS in degrees over the motion phase after removing one
    /// constant offset (the circular mean), as Benchmarks/Fusion/heading.py computes it: the twist about z of
    /// `truth * attitude^-1`, the truth interpolated at each output's time, outputs next to a truth gap left out.
    func motionPhaseHeadingError(of motions: [DeviceMotion]) -> Double {
        var angles: [Double] = []
        var index = 0
        for motion in motions {
            while index < samples.count, samples[index].timestamp < motion.timestamp { index += 1 }
            guard index > 0, index < samples.count, moving[index] else { continue }
            let (before, after) = (samples[index - 1].timestamp, samples[index].timestamp)
            let fraction = (motion.timestamp - before) / (after - before)
            let (a, b) = (truth[index - 1], truth[index])
            let interpolated = Quaternion(
                w: a.w + (b.w - a.w) * fraction, x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction,
                z: a.z + (b.z - a.z) * fraction)
            guard interpolated.w.isFinite, interpolated.x.isFinite, interpolated.y.isFinite, interpolated.z.isFinite
            else { continue }
            let difference = interpolated.normalized * motion.attitude.quaternion.conjugate
            angles.append(2 * atan2(difference.z, difference.w))
        }
        guard !angles.isEmpty else { return .nan }
        let offset = atan2(
            angles.map(sin).reduce(0, +) / Double(angles.count), angles.map(cos).reduce(0, +) / Double(angles.count))
        let squares = angles.map { angle -> Double in
            let residual = atan2(sin(angle - offset), cos(angle - offset))
            return residual * residual
        }
        return (squares.reduce(0, +) / Double(squares.count)).squareRoot() * 180 / .pi
    }

    /// The inclination error of `motions` against the truth, RMS in degrees over the motion phase: the angle
    /// between the true up direction interpolated at each output's time and `-gravity`, leaving out outputs next
    /// to a gap in the optical truth (as Benchmarks/Fusion/accuracy.py computes it).
    func motionPhaseInclinationError(of motions: [DeviceMotion]) -> Double {
        var sum = 0.0
        var count = 0
        var index = 0
        for motion in motions {
            while index < samples.count, samples[index].timestamp < motion.timestamp { index += 1 }
            guard index > 0, index < samples.count, moving[index] else { continue }
            let (before, after) = (samples[index - 1].timestamp, samples[index].timestamp)
            let fraction = (motion.timestamp - before) / (after - before)
            let up = truthUp[index - 1] + (truthUp[index] - truthUp[index - 1]) * fraction
            guard up.x.isFinite, up.y.isFinite, up.z.isFinite else { continue }
            let angle = MotionTraces.degrees(between: up, -motion.gravity)
            sum += angle * angle
            count += 1
        }
        return count > 0 ? (sum / Double(count)).squareRoot() : .nan
    }
}
