import DeviceMotionKit
import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// Device motion of a synthetic walk with known steps: each step a smooth bump of vertical acceleration (heel strike
/// and push-off), with noise, pauses and a device held at a tilt, plus the non-gait motions the pedometer must ignore.
struct SyntheticGait {
    /// A seeded generator, so every run sees the same noise.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A normal deviate (Box-Muller).
        mutating func gaussian() -> Double {
            let u = Double.random(in: Double.ulpOfOne..<1, using: &self)
            let v = Double.random(in: 0..<1, using: &self)
            return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
        }
    }

    /// The sampling rate in Hz.
    var rate = 50.0
    /// Gravity in the device frame (a phone in a pocket, tilted).
    var gravity = Vector3(x: 0.3, y: -0.9, z: -0.3) / Vector3(x: 0.3, y: -0.9, z: -0.3).norm
    /// The motions, and the step timestamps put in.
    private(set) var motions: [DeviceMotion] = []
    /// The steps put in.
    private(set) var steps: [Double] = []
    private var time = 0.0
    private var random: Generator

    /// An empty stream with noise seeded by `seed`.
    init(seed: UInt64, rate: Double = 50) {
        random = Generator(state: seed)
        self.rate = rate
    }

    /// Appends `count` steps at `cadence` steps per minute, with peak vertical acceleration `amplitude` g, interval
    /// jitter `jitter` (fraction) and sensor noise `noise` g (standard deviation).
    mutating func walk(steps count: Int, cadence: Double, amplitude: Double = 0.3, jitter: Double = 0.03, noise: Double = 0.02) {
        for _ in 0..<count {
            let period = 60 / cadence * (1 + jitter * max(-2, min(2, random.gaussian())))
            let start = time
            let stepAmplitude = amplitude * (1 + 0.1 * random.gaussian())
            steps.append(start + 0.3 * period)
            while time < start + period {
                let phase = (time - start) / period
                // A raised-cosine bump at 30 % of the cycle and a smaller dip after it (push-off), zero mean.
                let vertical = stepAmplitude * (cos(2 * Double.pi * (phase - 0.3)) + 0.25 * cos(4 * Double.pi * (phase - 0.3)))
                let lateral = 0.3 * stepAmplitude * sin(Double.pi * phase)
                append(vertical: vertical, lateral: lateral, noise: noise)
            }
        }
    }

    /// Appends `seconds` of standing still with sensor noise.
    mutating func pause(seconds: Double, noise: Double = 0.02) {
        let end = time + seconds
        while time < end { append(vertical: 0, lateral: 0, noise: noise) }
    }

    /// Appends `seconds` of a board shaken by hand: a 4-8 Hz oscillation of up to 1.5 g whose frequency wanders.
    mutating func shake(seconds: Double, amplitude: Double = 1.5) {
        let end = time + seconds
        var phase = 0.0
        var frequency = 6.0
        while time < end {
            frequency = max(4, min(8, frequency + 0.2 * random.gaussian()))
            phase += 2 * Double.pi * frequency / rate
            append(vertical: amplitude * sin(phase), lateral: 0.5 * amplitude * cos(phase * 0.7), noise: 0.05)
        }
    }

    /// Appends `seconds` of a board moved back and forth along one axis at `frequency` Hz (a hand waving it, an arm
    /// swinging it): a sinusoid of `amplitude` g along gravity when `vertical`, else across it.
    mutating func swing(seconds: Double, frequency: Double, amplitude: Double = 0.5, vertical: Bool) {
        let end = time + seconds
        let start = time
        while time < end {
            let value = amplitude * sin(2 * Double.pi * frequency * (time - start))
            append(vertical: vertical ? value : 0, lateral: vertical ? 0 : value, noise: 0.02)
        }
    }

    /// Appends `seconds` of random vibration (a bus ride): band-limited noise of `amplitude` g standard deviation.
    mutating func vibrate(seconds: Double, amplitude: Double = 0.15) {
        let end = time + seconds
        var smoothed = 0.0
        while time < end {
            smoothed += 0.3 * (amplitude * 2 * random.gaussian() - smoothed)
            append(vertical: smoothed, lateral: 0.5 * smoothed, noise: 0.02)
        }
    }

    /// Appends `seconds` of typing on a laptop: sharp taps of up to 0.3 g at random intervals of 0.08-0.6 s.
    mutating func type(seconds: Double) {
        let end = time + seconds
        var nextTap = time
        while time < end {
            var vertical = 0.0
            if time >= nextTap {
                vertical = 0.3 * Double.random(in: 0.3...1, using: &random)
                nextTap = time + Double.random(in: 0.08...0.6, using: &random)
            }
            append(vertical: vertical, lateral: 0, noise: 0.01)
        }
    }

    private mutating func append(vertical: Double, lateral: Double, noise: Double) {
        // Upward acceleration is opposite gravity; a lateral part perpendicular to it.
        let side = Vector3(x: 1, y: 0, z: 0).cross(gravity)
        let user =
            -vertical * gravity + lateral * (side / side.norm)
            + Vector3(x: noise * random.gaussian(), y: noise * random.gaussian(), z: noise * random.gaussian())
        motions.append(
            DeviceMotion(
                timestamp: time, attitude: Attitude(quaternion: Quaternion(w: 1, x: 0, y: 0, z: 0)), rotationRate: .zero,
                gravity: gravity, userAcceleration: user))
        time += 1 / rate
    }
}
