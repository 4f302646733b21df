import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// Decides whether the magnetometer sees the undisturbed Earth field, from the field's norm and dip angle in the
/// earth frame against a reference learned from the field itself (as described for VQF, Laidig & Seel 2023).
///
/// The field matches the reference when its low-passed norm is within ``MagneticFusionParameters/normThreshold`` of
/// the reference norm and its dip within ``MagneticFusionParameters/dipThreshold``; after
/// ``MagneticFusionParameters/minimumUndisturbedTime`` of matching it counts as undisturbed and the reference slowly
/// follows it. A field that stays steady but different (a new room, a magnet fixed to the board) becomes a candidate
/// and replaces the reference after ``MagneticFusionParameters/newFieldTime`` of rotation: only turning the device
/// tells a new homogeneous field from a local disturbance. Until a first reference is learned, the field counts as
/// disturbed.
struct MagneticDisturbanceDetector: Sendable {
    /// The tuning.
    private let parameters: MagneticFusionParameters
    /// Low-pass of the field's norm (µT).
    private var normLowPass: SecondOrderLowPass
    /// Low-pass of the field's dip angle (rad).
    private var dipLowPass: SecondOrderLowPass
    /// The undisturbed field's norm (µT, 0 while none is learned) and dip (rad).
    private var reference = (norm: 0.0, dip: 0.0)
    /// A steady field that may become the reference: norm (µT, 0 for none) and dip (rad).
    private var candidate = (norm: 0.0, dip: 0.0)
    /// Seconds the field has matched the reference.
    private var undisturbedTime = 0.0
    /// Seconds of rotation during which the field has matched the candidate.
    private var candidateTime = 0.0
    /// Whether the field currently differs from the reference (or there is none yet).
    private(set) var isDisturbed = true

    /// A detector with the thresholds of `parameters`, fed every `period` seconds (the second-order low-pass of the
    /// norm and dip, as VQF's, is designed for that period).
    init(parameters: MagneticFusionParameters, period: Double) {
        self.parameters = parameters
        normLowPass = SecondOrderLowPass(tau: parameters.currentFieldTimeConstant, period: period)
        dipLowPass = normLowPass
    }

    /// The reference field's norm in µT, or `nil` while none is learned.
    var referenceNorm: Double? { reference.norm > 0 ? reference.norm : nil }

    /// Feeds the field rotated into the earth frame (z up), `interval` seconds after the previous reading, while the
    /// device turns at `rotationRate` rad/s.
    mutating func update(earthField: Vector3, rotationRate: Double, interval: Double) {
        let norm = earthField.norm
        guard norm > 0 else { return }
        let dip = -asin(max(-1, min(1, earthField.z / norm)))
        let field = (norm: normLowPass.step(norm), dip: dipLowPass.step(dip))
        let referenceGain = Self.gain(timeConstant: parameters.referenceTimeConstant, interval: interval)
        if matches(field, reference) {
            undisturbedTime += interval
            if undisturbedTime >= parameters.minimumUndisturbedTime {
                isDisturbed = false
                reference.norm += referenceGain * (field.norm - reference.norm)
                reference.dip += referenceGain * (field.dip - reference.dip)
            }
        } else {
            undisturbedTime = 0
            isDisturbed = true
        }
        if matches(field, candidate) {
            if rotationRate >= parameters.newFieldMinimumRotationRate * .pi / 180 { candidateTime += interval }
            candidate.norm += referenceGain * (field.norm - candidate.norm)
            candidate.dip += referenceGain * (field.dip - candidate.dip)
            let needed = reference.norm > 0 ? parameters.newFieldTime : parameters.firstFieldTime
            if isDisturbed && candidateTime >= needed {
                reference = candidate
                isDisturbed = false
                undisturbedTime = parameters.minimumUndisturbedTime
            }
        } else {
            candidateTime = 0
            candidate = field
        }
    }

    /// Whether `field` is within the thresholds of `target` (never when `target` has no norm).
    private func matches(_ field: (norm: Double, dip: Double), _ target: (norm: Double, dip: Double)) -> Bool {
        abs(field.norm - target.norm) < parameters.normThreshold * target.norm
            && abs(field.dip - target.dip) < parameters.dipThreshold * .pi / 180
    }

    /// The gain of a first-order low-pass with `timeConstant` seconds for a step of `interval` seconds.
    static func gain(timeConstant: Double, interval: Double) -> Double {
        timeConstant > 0 ? 1 - exp(-interval / timeConstant) : 1
    }
}
