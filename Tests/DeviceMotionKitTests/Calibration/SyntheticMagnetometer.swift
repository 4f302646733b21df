import Foundation
import MotionSamples

/// Magnetometer readings of a known hard- and soft-iron distortion: an Earth field of ``fieldNorm`` µT seen from
/// many device orientations (directions spread evenly on the sphere), distorted as `softIron · field + offset`,
/// with a small deterministic noise.
struct SyntheticMagnetometer {
    /// The Earth field's norm, µT.
    let fieldNorm = 50.0
    /// The hard-iron offset, µT.
    let offset = Vector3(x: 23.5, y: -14.2, z: 37.8)
    /// The soft-iron distortion, rows: symmetric, determinant 1.
    let softIron: [[Double]] = {
        let raw: [[Double]] = [[1.12, 0.06, -0.03], [0.06, 0.93, 0.04], [-0.03, 0.04, 1.02]]
        let determinant =
            raw[0][0] * (raw[1][1] * raw[2][2] - raw[1][2] * raw[2][1]) - raw[0][1] * (raw[1][0] * raw[2][2] - raw[1][2] * raw[2][0])
            + raw[0][2] * (raw[1][0] * raw[2][1] - raw[1][1] * raw[2][0])
        let scale = 1 / cbrt(determinant)
        return raw.map { $0.map { $0 * scale } }
    }()
    /// Noise amplitude, µT.
    let noise = 0.1

    /// `count` unit directions spread evenly over the sphere (a Fibonacci lattice), in an order that sweeps it from
    /// one pole to the other.
    static func directions(_ count: Int) -> [Vector3] {
        let golden = Double.pi * (3 - 5.0.squareRoot())
        return (0..<count).map { index in
            let z = 1 - 2 * (Double(index) + 0.5) / Double(count)
            let radius = (1 - z * z).squareRoot()
            let angle = golden * Double(index)
            return Vector3(x: radius * cos(angle), y: radius * sin(angle), z: z)
        }
    }

    /// The distorted reading of the field along `direction`, with the `index`-th noise value.
    func reading(_ direction: Vector3, index: Int) -> Vector3 {
        let field = direction * fieldNorm
        let distorted = Vector3(
            x: softIron[0][0] * field.x + softIron[0][1] * field.y + softIron[0][2] * field.z,
            y: softIron[1][0] * field.x + softIron[1][1] * field.y + softIron[1][2] * field.z,
            z: softIron[2][0] * field.x + softIron[2][1] * field.y + softIron[2][2] * field.z)
        let jitter = Vector3(
            x: sin(Double(index) * 12.9898), y: sin(Double(index) * 78.233), z: sin(Double(index) * 37.719))
        return distorted + offset + jitter * noise
    }

    /// Readings over `count` directions of the whole sphere.
    func readings(_ count: Int) -> [Vector3] {
        Self.directions(count).enumerated().map { reading($1, index: $0) }
    }
}
