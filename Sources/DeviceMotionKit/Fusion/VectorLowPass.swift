import MotionSamples

/// Three ``SecondOrderLowPass`` filters, one per component of a ``Vector3``.
struct VectorLowPass: Sendable {
    /// Filter of the x component.
    private var x: SecondOrderLowPass
    /// Filter of the y component.
    private var y: SecondOrderLowPass
    /// Filter of the z component.
    private var z: SecondOrderLowPass

    /// Filters with time constant `tau` seconds stepped every `period` seconds.
    init(tau: Double, period: Double) {
        x = SecondOrderLowPass(tau: tau, period: period)
        y = x
        z = x
    }

    /// The last output.
    var value: Vector3 { Vector3(x: x.value, y: y.value, z: z.value) }

    /// Puts the filters in the steady state of a constant input `v`, past their warm-up.
    mutating func reset(steadyAt v: Vector3) {
        x.reset(steadyAt: v.x)
        y.reset(steadyAt: v.y)
        z.reset(steadyAt: v.z)
    }

    /// Feeds one vector and returns the new output.
    @inline(__always)
    mutating func step(_ v: Vector3) -> Vector3 {
        Vector3(x: x.step(v.x), y: y.step(v.y), z: z.step(v.z))
    }
}
