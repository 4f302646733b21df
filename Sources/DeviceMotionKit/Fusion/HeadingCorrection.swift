import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// The magnetometer's heading correction: the angle about the vertical that turns the 6D filter's earth frame
/// (x arbitrary) into one whose x axis points to magnetic north (north-west-up, as CoreMotion's
/// `xMagneticNorthZVertical`), in the spirit of VQF's 9D correction (Laidig & Seel 2023).
///
/// Each reading moves the angle towards the horizontal field's direction by a first-order gain with time constant
/// ``MagneticFusionParameters/headingTimeConstant``; the first readings are averaged instead (gain 1, 1/2, 1/3, …
/// while that is above the steady gain), so the heading starts right without trusting one reading. While the field
/// is disturbed the gain is zero, so the heading holds on the gyroscope; after
/// ``MagneticFusionParameters/maximumRejectionTime`` of disturbance the magnetometer corrects again at a reduced gain,
/// so a long-lasting change cannot leave the heading wrong for ever (and the same reduced gain applies until the
/// disturbance detection has learned a reference field).
struct HeadingCorrection: Sendable {
    /// The tuning.
    private let parameters: MagneticFusionParameters
    /// The correction about z, in radians, -pi to pi: magnetic-north frame = `Rz(angle)` · 6D frame.
    private(set) var angle = 0.0
    /// The angle after the first reading, the origin of ``AttitudeReferenceFrame/xArbitraryCorrectedZVertical``;
    /// `nil` before any reading.
    private(set) var initialAngle: Double?
    /// The averaging gain of the first readings; 0 once the steady gain has taken over.
    private var initialGain = 1.0
    /// Seconds spent rejecting a disturbance, recovering at ``MagneticFusionParameters/rejectionFactor`` times the
    /// rate once undisturbed. It starts at the limit (as VQF's does): before a reference field is learned there is
    /// nothing to tell a disturbance by, so the magnetometer corrects at the reduced gain instead of not at all.
    private var rejectionTime: Double

    /// A correction with the time constants of `parameters`.
    init(parameters: MagneticFusionParameters) {
        self.parameters = parameters
        rejectionTime = parameters.maximumRejectionTime
    }

    /// Moves the angle towards the direction of `earthField` (the field in the 6D earth frame, z up), `interval`
    /// seconds after the previous reading; `isDisturbed` comes from ``MagneticDisturbanceDetector``.
    mutating func update(earthField: Vector3, isDisturbed: Bool, interval: Double) {
        guard earthField.x * earthField.x + earthField.y * earthField.y > 0 else { return }
        let disagreement = Self.wrapped(atan2(-earthField.y, earthField.x) - angle)
        var gain = MagneticDisturbanceDetector.gain(timeConstant: parameters.headingTimeConstant, interval: interval)
        if parameters.rejectsDisturbances {
            if isDisturbed {
                if rejectionTime <= parameters.maximumRejectionTime {
                    rejectionTime += interval
                    gain = 0
                } else {
                    gain /= parameters.rejectionFactor
                }
            } else {
                rejectionTime = max(rejectionTime - parameters.rejectionFactor * interval, 0)
            }
        }
        if initialGain > 0 {
            gain = max(gain, initialGain)
            initialGain /= initialGain + 1
            if initialGain * parameters.headingTimeConstant < interval { initialGain = 0 }
        }
        angle = Self.wrapped(angle + gain * disagreement)
        if initialAngle == nil { initialAngle = angle }
    }

    /// `angle` wrapped into -pi...pi.
    static func wrapped(_ angle: Double) -> Double {
        var wrapped = angle
        while wrapped > .pi { wrapped -= 2 * .pi }
        while wrapped < -.pi { wrapped += 2 * .pi }
        return wrapped
    }
}
