import MotionSamples
import Resampling

/// The synchronous heart of ``MotionManager``: raw readings in, fixed-rate ``DeviceMotion`` out.
///
/// `[SensorSample]` batches → ``SensorAligner`` (one timeline at the sensor rate, measured here, once, from the aligned
/// timestamps: on a split IMU that is the faster sensor's rate, whatever the nominal rate says) →
/// ``OrientationFilter`` at that rate (or ``AccelerometerGravityFilter`` without a gyroscope) → one estimate per reading →
/// ``FixedRateResampler`` to `outputRate`, configured with that rate (it measures none of its own). User acceleration and rotation rate are signals and go through the
/// resampler's anti-aliasing kernel; the attitude is a state and is interpolated at each output's own time
/// (``AttitudeHistory``), and gravity is derived from it. Use it directly for files and tests; ``MotionManager``
/// wraps it for live sources.
///
/// Magnetometer readings (``append(magnetometer:)``, optional) are a third stream on the same clock: each is applied
/// to the filter's heading correction right after the first fused reading at or after its timestamp, and the
/// attitude is expressed in ``referenceFrame``. In ``AttitudeReferenceFrame/xArbitraryZVertical`` (the default) they
/// are ignored and the output is exactly what it is without them.
///
/// In the magnetic frames each reading is corrected by ``calibrationInUse`` before use, and the outputs'
/// ``CalibratedMagneticField/accuracy`` is its accuracy (`uncalibrated` while there is none). That is the given
/// ``magnetometerCalibration`` (a saved file) from the start; meanwhile a ``MagnetometerCalibrator`` estimates hard and
/// soft iron online from the same readings, as CoreMotion calibrates on the fly, and its calibration takes over
/// whenever it reaches a better accuracy than the one in use (without a given calibration: as soon as it reaches
/// `low`, then at `medium` and `high`). A given `high` calibration is kept for the whole stream, and the estimation
/// stops once the calibration in use is `high`. An estimate that does not at least halve the spread of the
/// readings' norm (``correctionFactor``) takes over as no correction: readings that come calibrated already (BROAD's)
/// stay as they came, with the estimate's accuracy, so that the estimate's own errors do not move the heading. The calibrator keeps at most 384 readings
/// (96 direction cells of 4), so memory stays bounded however long the stream.
///
/// In ``FusionMode/offline`` each output's gravity (and with it the attitude's inclination and user acceleration) is
/// the forward-backward estimate of `GravitySmoother` instead of the causal one; the outputs are the same instants,
/// released 10 to 20 filter time constants later (all of them by ``finish(into:)``).
///
/// Memory stays bounded whatever the timestamps: readings wait for the rate measurement only up to
/// ``unmeasuredReadingLimit``; past it the pipeline starts at the nominal rate if it was given one, else it drops
/// what it holds (counted in ``inputStatistics`` as invalid) and reports ``rateFailure``, which readers of files
/// check after each call to refuse the input.
///
/// ```swift
/// var pipeline = try DeviceMotionPipeline(outputRate: 25, hasGyroscope: true)
/// var motions: [DeviceMotion] = []
/// pipeline.append(batch, into: &motions)
/// pipeline.finish(into: &motions)
/// ```
public struct DeviceMotionPipeline: Sendable {
    /// Aligned samples needed to measure the sensor rate.
    private static let rateEstimationCount = 16
    /// Aligned samples the sensor rate is measured from when the first 16 hold a burst or a long gap.
    private static let burstEstimationCount = 128
    /// Channels resampled per estimate: user acceleration (3), rotation rate (3).
    private static let channelCount = 6
    /// Channels resampled per estimate with a magnetometer: those and the magnetic field (3).
    private static let magneticChannelCount = 9
    /// Magnetometer readings held while no fused reading reaches their time; older ones are dropped beyond it.
    public static let magnetometerQueueLimit = 4096
    /// Longest interval between magnetometer readings the heading correction integrates over, in seconds; a longer
    /// pause (a gap in the stream) counts as this long.
    private static let magnetometerIntervalLimit = 1.0
    /// By how much an online calibration must lower the spread of the field's norm (its residual) below that of the
    /// readings as they came to be applied; less, and the readings are used as they came, with the estimate's
    /// accuracy.
    public static let correctionFactor = 2.0
    /// Aligned readings held before the sensor rate must be measured (it needs 16, or 128 after a burst or a gap): the
    /// bound on what a pipeline buffers when the timestamps never give a rate in ``sensorRateRange``.
    public static let unmeasuredReadingLimit = 4096

    /// The output rate in Hz.
    public let outputRate: Double
    /// The fusion tuning.
    public let parameters: FusionParameters
    /// Whether gravity is estimated causally or forward and backward.
    public let mode: FusionMode
    /// The frame the attitude is expressed in.
    public let referenceFrame: AttitudeReferenceFrame
    /// The magnetic declination in degrees (east of true north positive) that ``AttitudeReferenceFrame/xTrueNorthZVertical`` uses.
    public let declination: Double
    /// The hard- and soft-iron correction given (a saved calibration), applied from the start, if any.
    public let magnetometerCalibration: MagnetometerCalibration?
    /// The correction applied to magnetometer readings now: ``magnetometerCalibration`` until the online estimate
    /// reaches a better accuracy, then that estimate; `nil` while there is neither.
    public private(set) var calibrationInUse: MagnetometerCalibration?
    /// What each output carries: everything with a gyroscope, less without.
    public let availableFields: DeviceMotionFields
    /// Merges accelerometer and gyroscope readings onto one timeline.
    private var aligner: SensorAligner
    /// The sensor rate in Hz, measured from the first aligned samples (the nominal rate until then).
    public private(set) var inputRate: Double?
    /// Whether ``inputRate`` is measured and the filters are set up for it.
    private var isStarted = false
    /// Aligned samples waiting for the rate measurement, then reused as scratch.
    private var aligned: [IMUSample] = []
    /// The fusion filter (gyroscope sources).
    private var filter: OrientationFilter
    /// The gravity filter (accelerometer-only sources).
    private var gravityFilter: AccelerometerGravityFilter
    /// Resamples per-reading estimates to the output rate, at the sensor rate measured here (``inputRate``): it
    /// estimates none of its own, and its gap threshold follows from that rate.
    private var resampler: FixedRateResampler
    /// Timestamp of the last sample fed to the filter.
    private var lastTimestamp: Double?
    /// The time the filter has integrated the gyroscope up to: the last sample's timestamp, or later after a burst
    /// (readings stamped as they were handed over, each given a period), until the steps after it catch up.
    private var integratedUntil: Double?
    /// Whether the sensor rate was measured between bursts: the readings come stamped as they were handed over.
    private var readingsComeInBursts = false
    /// How far the integration may run ahead of the readings' timestamps inside bursts, in seconds: far beyond the
    /// report latency the reader sets on a hub (a refill's time, 40 ms by default).
    private static let burstRunAheadLimit = 1.0
    /// The last quaternion stored in the history, for sign continuity.
    private var lastQuaternion = Quaternion.identity
    /// The filter's recent attitudes, sampled at each output's time; all kept (infinite span) until the resampler's
    /// latency is known.
    private var attitudes = AttitudeHistory(span: .infinity, capacity: 64)
    /// The filter's strapdown attitudes by timestamp, for ``smoother`` (offline with a gyroscope only; kept like
    /// ``attitudes``).
    private var strapdowns = AttitudeHistory(span: .infinity, capacity: 64)
    /// The last strapdown attitude stored, for sign continuity.
    private var lastStrapdown = Quaternion.identity
    /// The forward-backward gravity estimate (offline only; set up with the sensor rate).
    private var smoother: GravitySmoother?
    /// Reused buffer of the causal outputs on their way into ``smoother``.
    private var causalOutputs: [DeviceMotion] = []
    /// Reused buffer of the resampled channels.
    private var channels: [Double]
    /// Whether any reading has been fed.
    private var hasInput = false
    /// Readings dropped because no rate could be measured from them.
    private var droppedUnmeasured = 0
    /// Magnetometer readings not yet applied, from ``magnetometerHead`` on.
    private var magnetometer: [MagnetometerSample] = []
    /// The first unapplied reading in ``magnetometer``.
    private var magnetometerHead = 0
    /// Timestamp of the last magnetometer reading applied.
    private var lastMagnetometerTimestamp: Double?
    /// The last magnetometer reading applied, in µT.
    private var lastMagneticField: Vector3?
    /// Estimates the magnetometer's calibration online from its readings, while the one in use is below `high`.
    private var calibrator = MagnetometerCalibrator()
    /// The accuracy outputs carried before the calibration in use last changed, and the output time from which they
    /// carry the new one's (the change's time plus the resampler's latency, when fields corrected by the new
    /// calibration fill the resampler's kernel).
    private var accuracyChange: (previous: MagneticFieldCalibrationAccuracy, since: Double)?
    /// Timestamp of the first fused reading after the first magnetometer reading: outputs from then on carry a
    /// field (and, in the north frames, a heading).
    private var firstMagneticTimestamp: Double?
    /// Why the input cannot be fused: set when ``unmeasuredReadingLimit`` readings (or the whole stream) gave no
    /// sensor rate and no nominal rate was given; `nil` while all is well.
    public private(set) var rateFailure: MotionError?

    /// Creates a pipeline.
    /// - Parameters:
    ///   - outputRate: Output rate in Hz (25 by default, as CoreMotion apps commonly use).
    ///   - hasGyroscope: Whether the readings include a gyroscope.
    ///   - inputRate: The nominal sensor rate in Hz if known (`MotionSource.nominalRate`): only a hint, used when
    ///     too few samples arrive to measure the rate, and to measure one over twice it from more readings (a split
    ///     IMU runs on its faster sensor's rate, whatever its nominal rate says).
    ///   - parameters: Fusion tuning.
    ///   - mode: Causal (``FusionMode/live``, the default) or forward-backward (``FusionMode/offline``, which needs an
    ///     output rate of at least ``offlineOutputRateRange``'s lower bound).
    ///   - referenceFrame: The frame the attitude is expressed in; the frames other than
    ///     ``AttitudeReferenceFrame/xArbitraryZVertical`` need a gyroscope and magnetometer readings.
    ///   - declination: Degrees east of true north of the magnetic field (west negative), -180...180, for
    ///     ``AttitudeReferenceFrame/xTrueNorthZVertical``; ignored in the other frames.
    ///   - magnetometerCalibration: Corrects each magnetometer reading before use, until the online estimate reaches
    ///     a better accuracy (`nil`: readings as they came until the online estimate reaches `low`).
    /// - Throws: ``MotionError/rateOutOfRange(name:value:allowed:)`` for a rate out of range,
    ///   ``MotionError/referenceFrameUnavailable(_:)`` for a frame that is not one of the four or a magnetic frame
    ///   without a gyroscope, ``MotionError/trueNorthNotAvailable`` for true north without a declination,
    ///   ``MotionError/declinationOutOfRange(_:)``, ``MotionError/invalidCalibration(_:)`` for a calibration whose
    ///   ``MagnetometerCalibration/problem`` is not `nil`.
    public init(
        outputRate: Double = 25, hasGyroscope: Bool, inputRate: Double? = nil,
        parameters: FusionParameters = .init(), mode: FusionMode = .live,
        referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical, declination: Double? = nil,
        magnetometerCalibration: MagnetometerCalibration? = nil
    ) throws(MotionError) {
        if let problem = magnetometerCalibration?.problem { throw .invalidCalibration(problem) }
        self.magnetometerCalibration = magnetometerCalibration
        calibrationInUse = magnetometerCalibration
        guard AttitudeReferenceFrame.all.contains(referenceFrame), hasGyroscope || !referenceFrame.needsMagnetometer
        else { throw .referenceFrameUnavailable(referenceFrame) }
        if referenceFrame == .xTrueNorthZVertical && declination == nil { throw .trueNorthNotAvailable }
        if let declination, !(declination.isFinite && (-180...180).contains(declination)) {
            throw .declinationOutOfRange(declination)
        }
        self.referenceFrame = referenceFrame
        self.declination = declination ?? 0
        guard outputRate.isFinite, Self.outputRateRange.contains(outputRate) else {
            throw .rateOutOfRange(name: "output rate", value: outputRate, allowed: Self.outputRateRange)
        }
        if mode == .offline && !Self.offlineOutputRateRange.contains(outputRate) {
            throw .rateOutOfRange(name: "offline output rate", value: outputRate, allowed: Self.offlineOutputRateRange)
        }
        if let inputRate, !(inputRate.isFinite && Self.sensorRateRange.contains(inputRate)) {
            throw .rateOutOfRange(name: "sensor rate", value: inputRate, allowed: Self.sensorRateRange)
        }
        self.outputRate = outputRate
        self.parameters = parameters
        self.mode = mode
        availableFields = hasGyroscope ? .all : .accelerometerOnly
        do {
            aligner = try SensorAligner(configuration: AlignerConfiguration(hasGyroscope: hasGyroscope))
            resampler = try FixedRateResampler(
                outputRate: outputRate, channelCount: referenceFrame.needsMagnetometer ? Self.magneticChannelCount : Self.channelCount)
        } catch {
            throw .resamplingFailed(error.description)
        }
        self.inputRate = inputRate
        let period = 1 / (self.inputRate ?? outputRate)
        filter = OrientationFilter(samplePeriod: period, parameters: parameters)
        gravityFilter = AccelerometerGravityFilter(samplePeriod: period)
        channels = Array(
            repeating: 0, count: referenceFrame.needsMagnetometer ? Self.magneticChannelCount : Self.channelCount)
        aligned.reserveCapacity(Self.rateEstimationCount)
    }

    /// Sensor rates the filters are designed for, in Hz: the slowest IIO output data rates (0.1 Hz) to the fastest
    /// (LSM6DSx 6.66 kHz); a rate outside would size the filters' warm-up and the resampler's kernel from a number
    /// no sensor produces.
    public static let sensorRateRange: ClosedRange<Double> = 0.1...10_000
    /// Device-motion output rates, in Hz: CoreMotion's own updates stop at 100 Hz; 1 kHz leaves room for fast sensors.
    public static let outputRateRange: ClosedRange<Double> = 0.1...1_000
    /// Output rates for ``FusionMode/offline``, in Hz: the backward low-pass is stepped at the output rate, which
    /// must be well above its corner (0.3 Hz at most, without a gyroscope).
    public static let offlineOutputRateRange: ClosedRange<Double> = 1...1_000

    /// Feeds a batch of readings and appends every output now complete to `output`, in time order. Magnetometer
    /// readings among them (a live IMU with a magnetometer) go to ``append(magnetometer:)`` first, so each is applied
    /// at its own instant, as from a file.
    public mutating func append(_ batch: [SensorSample], into output: inout [DeviceMotion]) {
        hasInput = hasInput || !batch.isEmpty
        if referenceFrame.needsMagnetometer {
            append(
                magnetometer: batch.lazy.filter { $0.sensor == .magnetometer }
                    .map { MagnetometerSample(timestamp: $0.timestamp, field: $0.value) })
        }
        aligner.append(batch, into: &aligned)
        consumeAligned(into: &output, final: false)
    }

    /// Feeds samples that already pair both sensors (files, tests); like ``append(_:into:)``, duplicated, backward
    /// and non-finite samples are dropped and counted in ``inputStatistics``. An array is used in place (no copy,
    /// nothing allocated per sample).
    public mutating func append(samples: some Sequence<IMUSample>, into output: inout [DeviceMotion]) {
        let samples = Array(samples)
        hasInput = hasInput || !samples.isEmpty
        aligner.append(samples: samples, into: &aligned)
        consumeAligned(into: &output, final: false)
    }

    /// Feeds magnetometer readings (µT, device frame, CoreMotion axes, on the readings' clock), in time order. Each
    /// is applied right after the first fused reading at or after its timestamp (readings later than that, right
    /// after the next one); in ``AttitudeReferenceFrame/xArbitraryZVertical`` they are ignored.
    public mutating func append(magnetometer readings: some Sequence<MagnetometerSample>) {
        guard referenceFrame.needsMagnetometer else { return }
        magnetometer.append(contentsOf: readings)
        let excess = magnetometer.count - magnetometerHead - Self.magnetometerQueueLimit
        if excess > 0 { magnetometerHead += excess }
        if magnetometerHead > Self.magnetometerQueueLimit {
            magnetometer.removeFirst(magnetometerHead)
            magnetometerHead = 0
        }
    }

    /// Feeds samples that pair both sensors and the magnetometer readings of the same stretch of time (a file
    /// with `mag_*` columns), in time order: in chunks of at most half ``magnetometerQueueLimit``, each chunk's
    /// readings before its samples, so that each reading is applied at its own instant and none is dropped.
    public mutating func append(
        samples: some Sequence<IMUSample>, magnetometer readings: some Sequence<MagnetometerSample>,
        into output: inout [DeviceMotion]
    ) {
        let samples = Array(samples)
        let readings = Array(readings)
        let chunk = Self.magnetometerQueueLimit / 2
        var sampleIndex = 0
        var readingIndex = 0
        while sampleIndex < samples.count {
            let sampleEnd = min(sampleIndex + chunk, samples.count)
            let until = samples[sampleEnd - 1].timestamp
            let readingLimit = min(readingIndex + chunk, readings.count)
            let readingEnd =
                readings[readingIndex..<readingLimit].firstIndex { $0.timestamp > until } ?? readingLimit
            append(magnetometer: readings[readingIndex..<readingEnd])
            append(samples: samples[sampleIndex..<sampleEnd], into: &output)
            (sampleIndex, readingIndex) = (sampleEnd, readingEnd)
        }
        append(magnetometer: readings[readingIndex...])
    }

    /// Flushes the end of the stream into `output`.
    public mutating func finish(into output: inout [DeviceMotion]) {
        aligner.finish(into: &aligned)
        consumeAligned(into: &output, final: true)
        let attitudes = attitudes
        let magnetic = magneticOutput
        let firstNew = output.count
        resampler.finish { timestamp, values in
            output.append(Self.motion(timestamp: timestamp, values: values, attitudes: attitudes, magnetic: magnetic))
        }
        smooth(from: firstNew, in: &output)
        smoother?.finish(into: &output)
    }

    /// Counters of the input alignment: readings in, duplicated, backwards, invalid and unpaired ones.
    public var inputStatistics: StreamStatistics {
        var statistics = aligner.statistics
        statistics.invalid += droppedUnmeasured
        return statistics
    }

    /// Gaps and clock jumps seen by the output resampler since the last call.
    public mutating func drainEvents() -> [StreamEvent] { resampler.drainEvents() }

    /// Runs the buffered aligned samples through the filter once the rate is known.
    private mutating func consumeAligned(into output: inout [DeviceMotion], final: Bool) {
        if !isStarted {
            let atLimit = aligned.count >= Self.unmeasuredReadingLimit
            let measured = Self.measureRate(aligned, nominal: inputRate, final: final)
            guard let rate = measured?.rate ?? (final || atLimit ? inputRate : nil) else {
                if final && hasInput || atLimit {
                    rateFailure = .sensorRateUnmeasurable(allowed: Self.sensorRateRange)
                }
                if atLimit {
                    droppedUnmeasured += aligned.count
                    aligned.removeAll(keepingCapacity: true)
                }
                return
            }
            start(inputRate: rate)
            readingsComeInBursts = measured?.inBursts ?? false
        }
        for sample in aligned { process(sample, into: &output) }
        aligned.removeAll(keepingCapacity: true)
    }

    /// Sets the filters and the resampler up for the measured sensor rate.
    private mutating func start(inputRate rate: Double) {
        inputRate = rate
        isStarted = true
        let pending = magnetometer[magnetometerHead...].prefix(Self.rateEstimationCount).map(\.timestamp)
        filter = OrientationFilter(
            samplePeriod: 1 / rate, parameters: parameters, magnetometerPeriod: medianInterval(of: pending))
        gravityFilter = AccelerometerGravityFilter(samplePeriod: 1 / rate)
        if mode == .offline {
            let hasGyroscope = availableFields.contains(.rotationRate)
            smoother = GravitySmoother(
                period: 1 / outputRate,
                timeConstant: hasGyroscope ? parameters.accelerometerTimeConstant : gravityFilter.timeConstant,
                accelerometerOnly: !hasGyroscope)
        }
        do {
            resampler = try FixedRateResampler(
                outputRate: outputRate, channelCount: channels.count, configuration: ResamplerConfiguration(inputRate: rate))
        } catch {
            preconditionFailure("a sensor rate in \(Self.sensorRateRange) Hz configures a resampler: \(error)")
        }
    }

    /// The sensor rate from the median interval of the first buffered samples, once there are enough (or at the end
    /// of the stream).
    ///
    /// Where that median accounts for less than a quarter of the time the samples span, most of it is a gap, or the
    /// first readings came in a burst after a wait (stamped as they were handed over, not as they were taken): the median
    /// of the first 128 is taken instead. So it is where the median gives over twice the `nominal` rate: a burst that
    /// fills the first 16 readings at a steady spacing (a feeder catching up, 250 µs a reading) looks like a faster
    /// sensor, and the first 128 tell the two apart (a split IMU whose faster sensor outruns the nominal rate keeps its
    /// measured rate, 128 readings later). A median shorter than half the period of the fastest rate in
    /// ``sensorRateRange`` is no sensor's: the readings come in bursts (a HID hub without timestamps that batches its
    /// reports), and the rate is measured between the bursts, over every buffered sample.
    private static func measureRate(_ samples: [IMUSample], nominal: Double?, final: Bool) -> (rate: Double, inBursts: Bool)? {
        guard samples.count >= rateEstimationCount || final else { return nil }
        let first = samples.prefix(rateEstimationCount).map(\.timestamp)
        guard var median = medianInterval(of: first), let start = first.first, let end = first.last else { return nil }
        let outrunsNominal = nominal.map { median * $0 < 0.5 } ?? false
        if outrunsNominal || median * Double(first.count - 1) < (end - start) / 4 {
            guard samples.count >= burstEstimationCount || final else { return nil }
            median = medianInterval(of: samples.prefix(burstEstimationCount).map(\.timestamp)) ?? median
        }
        let withinBurst = 0.5 / sensorRateRange.upperBound
        let inBursts = median < withinBurst
        let period =
            inBursts
            ? burstPeriod(
                of: samples.lazy.map(\.timestamp), withinBurst: withinBurst, minimumReadings: final ? 1 : rateEstimationCount)
            : median
        guard let period, sensorRateRange.contains(1 / period) else { return nil }
        return (1 / period, inBursts)
    }

    /// The time to integrate the gyroscope over up to a sample at `timestamp`: the step from the last sample, or one
    /// `period` after a step back or a gap (over 5 periods).
    ///
    /// Where the readings come in bursts (``readingsComeInBursts``), a step under a quarter period is inside one: each
    /// of its readings is given a period, and the steps after it give only the time that passed beyond that, so the
    /// rotation of every reading is integrated once (running ahead of the timestamps by at most
    /// ``burstRunAheadLimit``).
    private mutating func integrationInterval(to timestamp: Double, period: Double) -> Double {
        defer { lastTimestamp = timestamp }
        guard let lastTimestamp, let integrated = integratedUntil else {
            integratedUntil = timestamp
            return period
        }
        let step = timestamp - lastTimestamp
        guard readingsComeInBursts else {
            integratedUntil = timestamp
            return step > 0 && step <= 5 * period ? step : period
        }
        let ahead = step < period / 4 ? min(integrated + period, timestamp + Self.burstRunAheadLimit) : integrated
        let until = max(timestamp, ahead)
        integratedUntil = until
        return until - integrated <= 5 * period ? until - integrated : period
    }

    /// Fuses one sample and hands its estimate to the resampler.
    private mutating func process(_ sample: IMUSample, into output: inout [DeviceMotion]) {
        guard let rate = inputRate else { return }
        let period = 1 / rate
        let interval = integrationInterval(to: sample.timestamp, period: period)
        var quaternion: Quaternion
        let gravity: Vector3
        var rotationRate = Vector3.zero
        if availableFields.contains(.rotationRate) {
            filter.update(
                rotationRate: sample.rotationRate ?? filter.gyroscopeBias,
                acceleration: sample.acceleration,
                interval: sample.rotationRate == nil ? 0 : interval)
            gravity = filter.gravity
            rotationRate = filter.rotationRate
            if referenceFrame.needsMagnetometer {
                applyMagnetometer(until: sample.timestamp, period: period)
                quaternion = attitudeInReferenceFrame()
            } else {
                quaternion = filter.orientation
            }
        } else {
            gravityFilter.update(acceleration: sample.acceleration)
            quaternion = gravityFilter.orientation
            gravity = gravityFilter.gravity
        }
        if quaternion.dot(lastQuaternion) < 0 { quaternion = -quaternion }
        lastQuaternion = quaternion
        attitudes.append(timestamp: sample.timestamp, quaternion: quaternion)
        if smoother != nil, availableFields.contains(.rotationRate) {
            var strapdown = filter.strapdownOrientation
            if strapdown.dot(lastStrapdown) < 0 { strapdown = -strapdown }
            lastStrapdown = strapdown
            strapdowns.append(timestamp: sample.timestamp, quaternion: strapdown)
        }
        let firstNew = output.count
        let user = sample.acceleration - gravity
        channels[0] = user.x
        channels[1] = user.y
        channels[2] = user.z
        channels[3] = rotationRate.x
        channels[4] = rotationRate.y
        channels[5] = rotationRate.z
        if let field = lastMagneticField {
            channels[6] = field.x
            channels[7] = field.y
            channels[8] = field.z
        }
        let attitudes = attitudes
        let magnetic = magneticOutput
        do {
            try resampler.append(timestamp: sample.timestamp, values: channels) { timestamp, values in
                output.append(Self.motion(timestamp: timestamp, values: values, attitudes: attitudes, magnetic: magnetic))
            }
        } catch {
            preconditionFailure(
                "the pipeline passes \(channels.count) values to its \(channels.count)-channel resampler: \(error)")
        }
        if attitudes.span.isInfinite, let latency = resampler.latency {
            // Outputs lag the input by the kernel's half-width: keep twice that span of attitudes, for jitter.
            self.attitudes.span = 2 * (latency + 4 * period)
            strapdowns.span = self.attitudes.span
        }
        smooth(from: firstNew, in: &output)
    }

    /// Moves the outputs from index `start` on through ``smoother`` (offline), which puts back those it is done
    /// with.
    private mutating func smooth(from start: Int, in output: inout [DeviceMotion]) {
        guard smoother != nil, start < output.count else { return }
        causalOutputs.removeAll(keepingCapacity: true)
        causalOutputs.append(contentsOf: output[start...])
        output.removeSubrange(start...)
        for motion in causalOutputs {
            let strapdown =
                availableFields.contains(.rotationRate) ? strapdowns.attitude(at: motion.timestamp) : .identity
            smoother?.append(motion, strapdown: strapdown, into: &output)
        }
    }

    /// Applies the magnetometer readings up to `timestamp` to the filter's heading correction.
    private mutating func applyMagnetometer(until timestamp: Double, period: Double) {
        while magnetometerHead < magnetometer.count, magnetometer[magnetometerHead].timestamp <= timestamp {
            let reading = magnetometer[magnetometerHead]
            magnetometerHead += 1
            guard reading.timestamp.isFinite, reading.field.x.isFinite, reading.field.y.isFinite,
                reading.field.z.isFinite, reading.field != .zero
            else { continue }
            let interval = lastMagnetometerTimestamp.map { reading.timestamp - $0 }.map {
                $0 > 0 ? min($0, Self.magnetometerIntervalLimit) : period
            }
            lastMagnetometerTimestamp = reading.timestamp
            refineCalibration(with: reading.field, at: timestamp)
            let field = calibrationInUse?.apply(to: reading.field) ?? reading.field
            filter.update(magneticField: field, interval: interval ?? period)
            lastMagneticField = field
            if firstMagneticTimestamp == nil { firstMagneticTimestamp = timestamp }
        }
        if magnetometerHead == magnetometer.count {
            magnetometer.removeAll(keepingCapacity: true)
            magnetometerHead = 0
        }
    }

    /// Feeds `reading` (raw, µT) to the online calibrator while the calibration in use is below `high`, and puts
    /// the calibrator's in use when it reaches a better accuracy; `timestamp` is the fused reading it is applied at.
    ///
    /// An estimate whose residual is not at most the readings' own (their norms' spread as they came) divided by
    /// ``correctionFactor`` is put in use as no correction at all, with its accuracy: the readings are calibrated
    /// already (BROAD's are), and the estimate's own errors would only move the heading (on BROAD, applying every
    /// estimate made the 9D heading worse in most undisturbed trials).
    private mutating func refineCalibration(with reading: Vector3, at timestamp: Double) {
        let accuracy = calibrationInUse?.accuracy ?? .uncalibrated
        guard accuracy != .high else { return }
        calibrator.add(reading)
        guard let estimate = calibrator.calibration, estimate.accuracy.rawValue > accuracy.rawValue else { return }
        accuracyChange = (accuracy, timestamp + (resampler.latency ?? 0))
        if let uncorrected = calibrator.uncorrectedResidual, estimate.residual * Self.correctionFactor > uncorrected {
            calibrationInUse = MagnetometerCalibration(
                offset: .zero, softIron: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], fieldNorm: estimate.fieldNorm,
                accuracy: estimate.accuracy, sampleCount: estimate.sampleCount, coverage: estimate.coverage,
                residual: min(uncorrected, 1))
        } else {
            calibrationInUse = estimate
        }
    }

    /// The filter's attitude in ``referenceFrame`` (one of the magnetic frames).
    @inline(__always)
    private func attitudeInReferenceFrame() -> Quaternion {
        let angle: Double
        switch referenceFrame {
        case .xArbitraryCorrectedZVertical:
            angle = filter.headingCorrectionAngle - (filter.initialHeadingCorrectionAngle ?? filter.headingCorrectionAngle)
        case .xTrueNorthZVertical:
            angle = filter.headingCorrectionAngle - declination * .pi / 180
        default:
            angle = filter.headingCorrectionAngle
        }
        return Quaternion(axis: Vector3(x: 0, y: 0, z: 1), angle: angle) * filter.orientation
    }

    /// What the outputs need to carry a field and a heading: `nil` in ``AttitudeReferenceFrame/xArbitraryZVertical``.
    @inline(__always)
    private var magneticOutput: MagneticOutput? {
        guard referenceFrame.needsMagnetometer else { return nil }
        let first = firstMagneticTimestamp ?? .infinity
        return MagneticOutput(
            headingSince: referenceFrame.pointsNorth ? first : .infinity, fieldSince: first + (resampler.latency ?? 0),
            accuracy: calibrationInUse?.accuracy ?? .uncalibrated, previousAccuracy: accuracyChange?.previous,
            accuracySince: accuracyChange?.since ?? -.infinity)
    }

    /// From when outputs carry a heading and a magnetic field.
    private struct MagneticOutput {
        /// Outputs at or after this time carry a heading (never outside the north frames).
        let headingSince: Double
        /// Outputs at or after this time carry a field: the first reading's time plus the resampler's latency, so
        /// that no output's field is smoothed together with the zeros before the first reading.
        let fieldSince: Double
        /// The accuracy the outputs' field carries from ``accuracySince`` on: the calibration in use's, or
        /// `uncalibrated`.
        let accuracy: MagneticFieldCalibrationAccuracy
        /// The accuracy before ``accuracySince`` (the calibration used before the last change), if it changed.
        let previousAccuracy: MagneticFieldCalibrationAccuracy?
        /// Outputs at or after this time carry ``accuracy``.
        let accuracySince: Double

        /// The accuracy of the output at `timestamp`.
        func accuracy(at timestamp: Double) -> MagneticFieldCalibrationAccuracy {
            timestamp >= accuracySince ? accuracy : previousAccuracy ?? accuracy
        }
    }

    /// Builds a ``DeviceMotion`` from resampled channels and the attitude at `timestamp`.
    private static func motion(
        timestamp: Double, values: UnsafeBufferPointer<Double>, attitudes: AttitudeHistory, magnetic: MagneticOutput?
    ) -> DeviceMotion {
        let quaternion = attitudes.attitude(at: timestamp)
        var motion = DeviceMotion(
            timestamp: timestamp,
            attitude: Attitude(quaternion: quaternion),
            rotationRate: Vector3(x: values[3], y: values[4], z: values[5]),
            gravity: -quaternion.inverseRotate(Vector3(x: 0, y: 0, z: 1)),
            userAcceleration: Vector3(x: values[0], y: values[1], z: values[2]))
        if let magnetic {
            if timestamp >= magnetic.headingSince { motion.heading = motion.attitude.heading }
            if timestamp >= magnetic.fieldSince {
                motion.magneticField = CalibratedMagneticField(
                    field: Vector3(x: values[6], y: values[7], z: values[8]), accuracy: magnetic.accuracy(at: timestamp))
            }
        }
        return motion
    }
}
