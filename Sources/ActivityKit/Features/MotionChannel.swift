import DeviceMotionKit
import MotionSamples

/// One scalar signal derived from a `DeviceMotion` stream; the order of `allCases` is part of the feature order.
public enum MotionChannel: String, CaseIterable, Sendable {
    /// User acceleration along the device x axis, in g.
    case userAccelerationX
    /// User acceleration along the device y axis, in g.
    case userAccelerationY
    /// User acceleration along the device z axis, in g.
    case userAccelerationZ
    /// Magnitude of the user acceleration, in g.
    case userAccelerationMagnitude
    /// User acceleration along the upward vertical (against gravity), in g; independent of how the device is held.
    case userAccelerationVertical
    /// Magnitude of the horizontal part of the user acceleration, in g.
    case userAccelerationHorizontal
    /// Rotation rate about the device x axis, in rad/s.
    case rotationRateX
    /// Rotation rate about the device y axis, in rad/s.
    case rotationRateY
    /// Rotation rate about the device z axis, in rad/s.
    case rotationRateZ
    /// Magnitude of the rotation rate, in rad/s.
    case rotationRateMagnitude
    /// Rotation rate about the vertical axis (turning), in rad/s.
    case rotationRateVertical
    /// Gravity along the device x axis, in g (posture).
    case gravityX
    /// Gravity along the device y axis, in g (posture).
    case gravityY
    /// Gravity along the device z axis, in g (posture).
    case gravityZ

    /// Whether the channel describes posture (slowly varying) rather than movement.
    public var isPosture: Bool {
        switch self {
        case .gravityX, .gravityY, .gravityZ: true
        default: false
        }
    }

    /// Whether the channel is the movement along one of the device's own axes, which changes when the device turns.
    public var isDeviceAxis: Bool {
        switch self {
        case .userAccelerationX, .userAccelerationY, .userAccelerationZ, .rotationRateX, .rotationRateY, .rotationRateZ: true
        default: false
        }
    }

    /// The channel's value for one device-motion estimate.
    @inlinable
    public func value(of motion: DeviceMotion) -> Double {
        switch self {
        case .userAccelerationX: motion.userAcceleration.x
        case .userAccelerationY: motion.userAcceleration.y
        case .userAccelerationZ: motion.userAcceleration.z
        case .userAccelerationMagnitude: motion.userAcceleration.norm
        case .userAccelerationVertical: -motion.userAcceleration.dot(Self.down(motion.gravity))
        case .userAccelerationHorizontal:
            (motion.userAcceleration - Self.down(motion.gravity) * motion.userAcceleration.dot(Self.down(motion.gravity))).norm
        case .rotationRateX: motion.rotationRate.x
        case .rotationRateY: motion.rotationRate.y
        case .rotationRateZ: motion.rotationRate.z
        case .rotationRateMagnitude: motion.rotationRate.norm
        case .rotationRateVertical: -motion.rotationRate.dot(Self.down(motion.gravity))
        case .gravityX: motion.gravity.x
        case .gravityY: motion.gravity.y
        case .gravityZ: motion.gravity.z
        }
    }

    /// The unit vector along gravity, or zero when gravity is degenerate.
    @usableFromInline
    static func down(_ gravity: Vector3) -> Vector3 {
        let length = gravity.norm
        return length > 1e-9 ? gravity / length : .zero
    }
}
