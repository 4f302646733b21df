import MotionSamples

/// Turns raw channel counts into CoreMotion-unit vectors: `(raw + offset) * scale`, then the
/// mount matrix (a rotation in the kernel's sign; a hwdb entry's sign is taken out in
/// `HWDBMountMatrix`), then CoreMotion's units and signs (acceleration in g with gravity pointing down,
/// rotation rate in rad/s, magnetic field in µT). This is the one place the conversion happens.
///
/// The magnetic field has no sign convention to undo: IIO drivers (HID `magn_3d` included, whose HID unit is
/// milligauss scaled to Gauss by `in_magn_scale`) report the field vector itself, so Gauss × 100 gives µT.
public struct SampleConverter: Sendable {
    /// The x, y, z channels' `scale`.
    private let scale: Vector3
    /// The x, y, z channels' `offset`, in raw counts.
    private let offset: Vector3
    /// The device's mount matrix for these channels.
    private let mountMatrix: MountMatrix
    private let postScale: Double

    /// Microtesla per Gauss.
    public static let microteslaPerGauss = 100.0

    /// A converter for the x, y, z channels of `type` on `device`; `nil` if it has no such vector.
    public init?(device: IIODeviceInfo, type: ChannelType) {
        let axes = Axis.allCases.compactMap { axis in device.channels.first { $0.type == type && $0.axis == axis } }
        guard axes.count == 3, ChannelType.vectors.contains(type) else { return nil }
        scale = Vector3(x: axes[0].scale, y: axes[1].scale, z: axes[2].scale)
        offset = Vector3(x: axes[0].offset, y: axes[1].offset, z: axes[2].offset)
        mountMatrix = device.mountMatrix(for: type)
        switch type {
        case .acceleration:
            let sign: Double = device.accelerationSign == .specificForce ? -1 : 1
            postScale = sign / standardGravity
        case .magneticField:
            postScale = Self.microteslaPerGauss
        default:
            postScale = 1
        }
    }

    /// Converts raw x, y, z counts (as a scan element or a `*_raw` file gives them) to a CoreMotion vector.
    public func convert(x: Double, y: Double, z: Double) -> Vector3 {
        convert(physical: physical(x: x, y: y, z: z))
    }

    /// SI values (m/s^2, rad/s, or Gauss) in the sensor's frame, before the mount matrix.
    public func physical(x: Double, y: Double, z: Double) -> Vector3 {
        Vector3(x: (x + offset.x) * scale.x, y: (y + offset.y) * scale.y, z: (z + offset.z) * scale.z)
    }

    /// Applies the mount matrix and CoreMotion's units and signs to an SI sensor-frame vector.
    public func convert(physical: Vector3) -> Vector3 {
        mountMatrix.apply(physical) * postScale
    }
}
