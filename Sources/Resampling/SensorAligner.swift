import MotionSamples

/// Merges accelerometer and gyroscope readings that arrive at different rates and times into ``IMUSample``s
/// on one timeline, at the sensor rate, for the fusion filter.
///
/// The faster sensor's timestamps become the output timeline (the gyroscope when the rates tie); the other
/// sensor is linearly interpolated at those times. A reading waits until the slower sensor has a reading at
/// or after its time, so nothing is extrapolated beyond
/// ``AlignerConfiguration/extrapolationTolerance``, and the slower sensor is not interpolated across its gaps.
/// A reading that waited ``AlignerConfiguration/maximumWait`` in vain goes out without its partner
/// (accelerometer timeline: `rotationRate == nil`) or is dropped and counted as ``StreamStatistics/unpaired``
/// (gyroscope timeline: an ``IMUSample`` needs an acceleration). Timeline readings shortly (up to the maximum wait)
/// before the slower sensor's first reading are dropped and counted as unpaired, so a stream starts with both
/// sensors. Accelerometer-only sources
/// (``AlignerConfiguration/hasGyroscope`` `false`) pass straight through with `rotationRate == nil`.
///
/// ```swift
/// var aligner = try SensorAligner(configuration: .init(hasGyroscope: source.hasGyroscope))
/// var samples: [IMUSample] = []
/// for try await batch in source.readings() {
///     aligner.append(batch, into: &samples)
///     filter.consume(samples)
///     samples.removeAll(keepingCapacity: true)
/// }
/// aligner.finish(into: &samples)
/// ```
public struct SensorAligner: Sendable {
    /// The tuning this aligner was created with.
    public let configuration: AlignerConfiguration
    /// What was received, emitted and repaired so far.
    public private(set) var statistics = StreamStatistics()
    /// The sensor whose timestamps the output follows, once enough readings arrived to tell the faster one.
    public private(set) var timeline: SensorKind?

    /// Readings per sensor needed to compare their rates.
    private static let rateComparisonCount = 5
    /// Accelerometer readings not yet used up.
    private var accelerometer = ReadingQueue()
    /// Gyroscope readings not yet used up.
    private var gyroscope = ReadingQueue()
    /// Timestamp of the last accepted accelerometer reading.
    private var lastAccelerometerTimestamp: Double?
    /// Timestamp of the last accepted gyroscope reading.
    private var lastGyroscopeTimestamp: Double?
    /// Interval of the slower sensor, in seconds, beyond which it is not interpolated across.
    private var followerGapThreshold: Double?
    /// Start of the last slower-sensor gap counted, so that each gap is counted once.
    private var lastCountedGapStart: Double?
    /// Whether a timeline reading was paired since the stream (re)started: until then, timeline readings shortly
    /// before the slower sensor's first reading are dropped, so a stream starts with both sensors.
    private var hasPaired = false

    /// Creates an aligner.
    ///
    /// - Throws: ``ResamplingError/invalidParameter(name:value:requirement:)`` if a parameter is out of range.
    public init(configuration: AlignerConfiguration = .init()) throws(ResamplingError) {
        try configuration.validate()
        self.configuration = configuration
    }

    /// Adds a batch of readings (either sensor, any order between sensors) and appends the samples that are
    /// now complete to `output`, in time order.
    ///
    /// Magnetometer readings are ignored (not counted either): samples pair the accelerometer and gyroscope, and a
    /// consumer that wants the magnetic field takes it from the batch itself.
    public mutating func append(_ batch: [SensorSample], into output: inout [IMUSample]) {
        for reading in batch where reading.sensor != .magnetometer { accept(reading, output: &output) }
        drain(final: false, into: &output)
    }

    /// Adds samples that already pair both sensors (a file, a test trace): each becomes an accelerometer reading
    /// and, if it has one, a gyroscope reading at its timestamp, checked and counted like live readings, so
    /// duplicated, backward and non-finite rows are dropped and counted in ``statistics`` instead of fused.
    ///
    /// Once the timeline is known and nothing waits, a sample whose two readings pass the checks goes straight out:
    /// its readings already share a timestamp, so there is nothing to interpolate.
    public mutating func append(samples: [IMUSample], into output: inout [IMUSample]) {
        for sample in samples {
            let acceleration = SensorSample(sensor: .accelerometer, timestamp: sample.timestamp, value: sample.acceleration)
            guard let rotationRate = sample.rotationRate else {
                accept(acceleration, output: &output)
                continue
            }
            let rotation = SensorSample(sensor: .gyroscope, timestamp: sample.timestamp, value: rotationRate)
            guard timeline != nil, configuration.hasGyroscope, accelerometer.isEmpty, gyroscope.isEmpty else {
                accept(acceleration, output: &output)
                accept(rotation, output: &output)
                // As soon as the timeline can be told, pair what waits, so the rest of the batch takes the fast path.
                if timeline == nil, decideTimeline(final: false) != nil { drain(final: false, into: &output) }
                continue
            }
            let accelerationAdmitted = admit(acceleration, output: &output)
            let rotationAdmitted = admit(rotation, output: &output)
            if accelerationAdmitted, rotationAdmitted {
                output.append(sample)
                statistics.outputCount += 1
                hasPaired = true
            } else if accelerationAdmitted {
                accelerometer.append(acceleration)
            } else if rotationAdmitted {
                gyroscope.append(rotation)
            }
        }
        drain(final: false, into: &output)
    }

    /// Flushes the end of the stream: pairs what can be paired within the tolerance and emits or drops the rest.
    public mutating func finish(into output: inout [IMUSample]) {
        drain(final: true, into: &output)
    }

    /// Checks one reading's timestamp against its sensor's previous one and queues it.
    private mutating func accept(_ reading: SensorSample, output: inout [IMUSample]) {
        guard admit(reading, output: &output) else { return }
        switch reading.sensor {
        case .accelerometer: accelerometer.append(reading)
        case .gyroscope: gyroscope.append(reading)
        case .magnetometer: break
        }
    }

    /// Counts one reading and checks its values and its timestamp against its sensor's previous one: `false` if it
    /// is dropped, else `true` with the sensor's last timestamp updated (after a backward clock jump, the stream
    /// restarted first).
    private mutating func admit(_ reading: SensorSample, output: inout [IMUSample]) -> Bool {
        statistics.inputCount += 1
        let value = reading.value
        guard reading.timestamp.isFinite, value.x.isFinite, value.y.isFinite, value.z.isFinite else {
            statistics.invalid += 1
            return false
        }
        if reading.sensor == .gyroscope, !configuration.hasGyroscope {
            statistics.unpaired += 1
            return false
        }
        let timestamp = reading.timestamp
        if let last = reading.sensor == .accelerometer ? lastAccelerometerTimestamp : lastGyroscopeTimestamp {
            switch configuration.discontinuities.step(from: last, to: timestamp) {
            case .duplicate:
                statistics.duplicates += 1
                return false
            case .backward:
                statistics.backwards += 1
                return false
            case .jumpBack:
                statistics.clockJumps += 1
                restart(output: &output)
            case .jumpForward:
                statistics.clockJumps += 1
            case .gap, .regular:
                break
            }
        }
        switch reading.sensor {
        case .accelerometer: lastAccelerometerTimestamp = timestamp
        case .gyroscope: lastGyroscopeTimestamp = timestamp
        case .magnetometer: break
        }
        return true
    }

    /// After a backward clock jump: flushes what the old clock's readings can give and starts afresh.
    private mutating func restart(output: inout [IMUSample]) {
        drain(final: true, into: &output)
        accelerometer.removeAll()
        gyroscope.removeAll()
        lastAccelerometerTimestamp = nil
        lastGyroscopeTimestamp = nil
        lastCountedGapStart = nil
        hasPaired = false
    }

    /// Emits every timeline reading whose partner is known, or that waited long enough (or all, if `final`).
    private mutating func drain(final: Bool, into output: inout [IMUSample]) {
        guard let timeline = timeline ?? decideTimeline(final: final) else { return }
        self.timeline = timeline
        var leader = ReadingQueue()
        var follower = ReadingQueue()
        swapQueues(&leader, &follower, timeline: timeline)
        defer { swapQueues(&leader, &follower, timeline: timeline) }
        if followerGapThreshold == nil, let period = follower.medianInterval() {
            followerGapThreshold = configuration.discontinuities.gapThreshold(period: period)
        }
        align(leader: &leader, follower: &follower, final: final || !configuration.hasGyroscope, into: &output)
    }

    /// Exchanges the sensor queues with `leader` and `follower` according to `timeline`.
    private mutating func swapQueues(_ leader: inout ReadingQueue, _ follower: inout ReadingQueue, timeline: SensorKind) {
        switch timeline {
        case .accelerometer:
            swap(&leader, &accelerometer)
            swap(&follower, &gyroscope)
        case .gyroscope:
            swap(&leader, &gyroscope)
            swap(&follower, &accelerometer)
        case .magnetometer: break  // never the timeline: the aligner ignores magnetometer readings
        }
    }

    /// Pairs the leader's readings with the follower interpolated at their times, oldest first.
    private mutating func align(
        leader: inout ReadingQueue, follower: inout ReadingQueue, final: Bool, into output: inout [IMUSample]
    ) {
        defer { if leader.isEmpty { trimStale(follower: &follower) } }
        guard let newest = leader.last?.timestamp else { return }
        let tolerance = configuration.extrapolationTolerance
        while !leader.isEmpty {
            let reading = leader[0]
            let time = reading.timestamp
            var obsolete = 0
            while obsolete + 1 < follower.count, follower[obsolete + 1].timestamp <= time { obsolete += 1 }
            follower.removeFirst(obsolete)
            let mayStopWaiting = final || newest - time > configuration.maximumWait
            let partner: Vector3?
            if follower.isEmpty {
                guard mayStopWaiting else { break }
                partner = nil
            } else if follower[0].timestamp >= time {
                partner = follower[0].timestamp - time <= tolerance ? follower[0].value : nil
                if partner == nil, !hasPaired, configuration.hasGyroscope,
                    follower[0].timestamp - time <= configuration.maximumWait
                {
                    statistics.unpaired += 1
                    leader.removeFirst(1)
                    continue
                }
            } else if follower.count >= 2 {
                partner = interpolate(follower[0], follower[1], at: time)
            } else {
                guard mayStopWaiting else { break }
                partner = time - follower[0].timestamp <= tolerance ? follower[0].value : nil
            }
            emit(reading, partner: partner, into: &output)
            leader.removeFirst(1)
        }
    }

    /// The follower's value at `time` between `before` and `after`, or the nearer one within the tolerance if
    /// they straddle a gap, or `nil`.
    private mutating func interpolate(_ before: SensorSample, _ after: SensorSample, at time: Double) -> Vector3? {
        let interval = after.timestamp - before.timestamp
        if interval <= followerGapThreshold ?? .infinity {
            let fraction = (time - before.timestamp) / interval
            return before.value + (after.value - before.value) * fraction
        }
        if lastCountedGapStart != before.timestamp {
            lastCountedGapStart = before.timestamp
            statistics.gaps += 1
        }
        let tolerance = configuration.extrapolationTolerance
        if time - before.timestamp <= tolerance { return before.value }
        if after.timestamp - time <= tolerance { return after.value }
        return nil
    }

    /// Emits the sample for a timeline reading and its partner, or counts it unpaired if it cannot be emitted.
    private mutating func emit(_ reading: SensorSample, partner: Vector3?, into output: inout [IMUSample]) {
        if partner != nil { hasPaired = true }
        switch reading.sensor {
        case .accelerometer:
            output.append(IMUSample(timestamp: reading.timestamp, acceleration: reading.value, rotationRate: partner))
        case .gyroscope:
            guard let partner else {
                statistics.unpaired += 1
                return
            }
            output.append(IMUSample(timestamp: reading.timestamp, acceleration: partner, rotationRate: reading.value))
        case .magnetometer: return  // never queued: the aligner ignores magnetometer readings
        }
        statistics.outputCount += 1
    }

    /// With no timeline reading waiting, keeps only the follower readings that a later timeline reading could use,
    /// so that memory stays bounded when the timeline sensor stalls or runs on another clock.
    private func trimStale(follower: inout ReadingQueue) {
        guard let newest = follower.last?.timestamp else { return }
        var stale = 0
        while stale + 1 < follower.count, follower[stale + 1].timestamp < newest - configuration.maximumWait {
            stale += 1
        }
        follower.removeFirst(stale)
    }

    /// Picks the faster sensor as the timeline once both rates are known, or once waiting longer is pointless.
    private func decideTimeline(final: Bool) -> SensorKind? {
        guard configuration.hasGyroscope else { return .accelerometer }
        let enough = accelerometer.count >= Self.rateComparisonCount && gyroscope.count >= Self.rateComparisonCount
        let waitedLongEnough = final || max(accelerometer.span, gyroscope.span) > configuration.maximumWait
        guard enough || waitedLongEnough else { return nil }
        if let accelerometerInterval = accelerometer.medianInterval(),
            let gyroscopeInterval = gyroscope.medianInterval()
        {
            return gyroscopeInterval <= accelerometerInterval * 1.05 ? .gyroscope : .accelerometer
        }
        if accelerometer.isEmpty, gyroscope.isEmpty { return nil }
        return gyroscope.count > accelerometer.count ? .gyroscope : .accelerometer
    }
}
