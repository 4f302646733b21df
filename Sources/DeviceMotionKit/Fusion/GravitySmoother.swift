import MotionSamples

/// The non-causal gravity estimate of ``FusionMode/offline``: the causal filter's low-pass run backwards too.
///
/// The causal filter takes as up the direction of a second-order low-pass of the specific force in its
/// almost-inertial (strapdown) frame, which lags the truth. Running the same low-pass backwards over that forward
/// output makes the pair a zero-phase filter (as `filtfilt`), so up no longer lags; with the forward bias
/// estimate it matches VQF's offline estimate (on BROAD, 0.554° against the causal 0.72°). That low-pass passes
/// nothing above about 0.1 Hz, so it is stepped on the fixed-rate outputs instead of every reading: each
/// output's forward direction is recovered as its strapdown attitude applied to its causal up, and the output is
/// turned by the smallest rotation from the causal up to the smoothed one (heading kept); gravity and user
/// acceleration follow. Without a gyroscope the strapdown attitude is the identity and the accelerometer's own
/// low-pass is smoothed.
///
/// The backward pass for an output starts ``lagTimeConstants`` time constants after it, at the steady state of the
/// newest forward direction, whose transient has decayed to e^-10 by then; so at most that many seconds of
/// outputs (plus one block of as many) are held, whatever the length of the stream. A gap in the outputs (a
/// sensor pause or a restarted clock) ends a stretch: it is smoothed up to its end and a new one begins.
struct GravitySmoother: Sendable {
    /// Time constants between an output and the start of its backward pass.
    static let lagTimeConstants = 10.0

    /// An output waiting for its backward pass.
    private struct Pending: Sendable {
        /// The causal output.
        var motion: DeviceMotion
        /// The strapdown attitude at the output's time (device into almost-inertial frame).
        var strapdown: Quaternion
        /// The causal up direction in the almost-inertial frame: the forward low-pass's direction.
        var forwardUp: Vector3
    }

    /// The outputs' period, in seconds.
    private let period: Double
    /// Outputs held after the newest one smoothed: the backward pass's run-in.
    private let lagCount: Int
    /// Outputs released by each backward pass once `lagCount` more are held.
    private let blockCount: Int
    /// Whether the attitude is the accelerometer-only one (roll and pitch, zero yaw).
    private let accelerometerOnly: Bool
    /// The low-pass of the forward filter, stepped backwards.
    private var lowPass: VectorLowPass
    /// Outputs in time order, oldest first.
    private var pending: [Pending] = []
    /// The backward pass's smoothed up directions for the block being released.
    private var smoothed: [Vector3] = []

    /// A smoother for outputs every `period` seconds of a filter whose low-pass has time constant `timeConstant`
    /// seconds; `accelerometerOnly` for ``AccelerometerGravityFilter``'s outputs.
    init(period: Double, timeConstant: Double, accelerometerOnly: Bool) {
        self.period = period
        self.accelerometerOnly = accelerometerOnly
        lagCount = max(1, Int((Self.lagTimeConstants * timeConstant / period).rounded(.up)))
        blockCount = lagCount
        lowPass = VectorLowPass(tau: timeConstant, period: period)
        pending.reserveCapacity(lagCount + blockCount)
        smoothed.reserveCapacity(blockCount)
    }

    /// Takes one causal output with the strapdown attitude at its time and appends to `output` the outputs whose
    /// backward pass is now complete.
    mutating func append(_ motion: DeviceMotion, strapdown: Quaternion, into output: inout [DeviceMotion]) {
        if let last = pending.last,
            !(motion.timestamp > last.motion.timestamp && motion.timestamp - last.motion.timestamp <= 1.5 * period)
        {
            finish(into: &output)
        }
        let forwardUp = strapdown.rotate(-motion.gravity)
        pending.append(Pending(motion: motion, strapdown: strapdown, forwardUp: forwardUp))
        if pending.count >= lagCount + blockCount { release(blockCount, into: &output) }
    }

    /// Smooths and appends every output held (the end of the stream, or of a stretch before a gap).
    mutating func finish(into output: inout [DeviceMotion]) {
        release(pending.count, into: &output)
    }

    /// Runs the low-pass backwards from the newest output and releases the oldest `count` outputs, corrected.
    private mutating func release(_ count: Int, into output: inout [DeviceMotion]) {
        guard count > 0, let newest = pending.last else { return }
        lowPass.reset(steadyAt: newest.forwardUp)
        smoothed.removeAll(keepingCapacity: true)
        smoothed.append(contentsOf: repeatElement(.zero, count: count))
        for index in pending.indices.reversed() {
            let value = lowPass.step(pending[index].forwardUp)
            if index < count { smoothed[index] = value }
        }
        for index in 0..<count { output.append(corrected(pending[index], smoothedUp: smoothed[index])) }
        pending.removeFirst(count)
    }

    /// `entry`'s output with gravity along the smoothed up (in the almost-inertial frame).
    private func corrected(_ entry: Pending, smoothedUp: Vector3) -> DeviceMotion {
        let deviceUp = entry.strapdown.inverseRotate(smoothedUp)
        let length = deviceUp.norm
        guard length > 0, length.isFinite else { return entry.motion }
        let up = deviceUp / length
        var motion = entry.motion
        let gravity = -up
        let quaternion: Quaternion
        if accelerometerOnly {
            quaternion = AccelerometerGravityFilter.orientation(gravity: gravity)
        } else {
            quaternion = motion.attitude.quaternion * Self.rotation(from: up, to: -motion.gravity)
        }
        motion.userAcceleration += motion.gravity - gravity
        motion.gravity = gravity
        motion.attitude = Attitude(quaternion: quaternion)
        if motion.heading != nil { motion.heading = motion.attitude.heading }
        return motion
    }

    /// The smallest rotation taking unit vector `a` to unit vector `b` (the identity if they are opposite, which
    /// a correction of a fraction of a degree never is).
    private static func rotation(from a: Vector3, to b: Vector3) -> Quaternion {
        let axis = a.cross(b)
        return Quaternion(w: 1 + a.dot(b), x: axis.x, y: axis.y, z: axis.z).normalized
    }
}
