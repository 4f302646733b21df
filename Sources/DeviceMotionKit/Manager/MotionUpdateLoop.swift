import Logging
import MotionSamples
import Resampling

/// The one way device motion is made from a source: raw readings and the source's status changes in, fixed-rate
/// ``DeviceMotion`` out, through a ``DeviceMotionPipeline`` that it owns.
///
/// When the source says its sensors changed (a split IMU's gyroscope left or came back on its own, another IMU
/// took over), the pipeline so far is finished and a new one fuses what streams now, so device motion never waits
/// for a gyroscope that left. ``MotionManager`` runs it on a live source with ``run(source:deliver:)``; readers of
/// files, imu-record and imu-motion step it themselves with ``process(_:into:)`` or ``append(_:into:)``, since
/// they also write the readings, mark gaps or read a file synchronously.
///
/// ```swift
/// var updates = try MotionUpdateLoop(outputRate: 25, hasGyroscope: true)
/// var motions: [DeviceMotion] = []
/// for try await input in source.inputs() { updates.process(input, into: &motions) }
/// updates.finish(into: &motions)
/// ```
public struct MotionUpdateLoop: Sendable {
    /// The fusion of the sensors streaming now.
    private var pipeline: DeviceMotionPipeline
    /// The nominal sensor rate handed to every pipeline, if known.
    private let nominalRate: Double?
    /// Input statistics of the pipelines already finished after a change of sensors.
    private var finishedStatistics = StreamStatistics()

    /// Creates the loop for readings with (or without) a gyroscope.
    /// - Parameters:
    ///   - outputRate: Device-motion rate in Hz, in ``DeviceMotionPipeline/outputRateRange``.
    ///   - hasGyroscope: Whether the readings include a gyroscope at the start.
    ///   - inputRate: The nominal sensor rate, a hint only (see ``DeviceMotionPipeline/init(outputRate:hasGyroscope:inputRate:parameters:)``);
    ///     without it, timestamps that give no sensor rate end in ``rateFailure``.
    ///   - parameters: Fusion tuning.
    ///   - mode: Causal (live) or forward-backward (offline) gravity (see ``DeviceMotionPipeline``).
    ///   - referenceFrame: The frame the attitude is expressed in (see ``DeviceMotionPipeline``).
    ///   - declination: Degrees east of true north, for ``AttitudeReferenceFrame/xTrueNorthZVertical``.
    ///   - magnetometerCalibration: Corrects each magnetometer reading (see ``DeviceMotionPipeline``).
    /// - Throws: ``MotionError/rateOutOfRange(name:value:allowed:)`` for a rate out of range, and the pipeline's
    ///   reference-frame and calibration errors.
    public init(
        outputRate: Double, hasGyroscope: Bool, inputRate: Double? = nil, parameters: FusionParameters = .init(),
        mode: FusionMode = .live, referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical,
        declination: Double? = nil, magnetometerCalibration: MagnetometerCalibration? = nil
    ) throws(MotionError) {
        pipeline = try DeviceMotionPipeline(
            outputRate: outputRate, hasGyroscope: hasGyroscope, inputRate: inputRate, parameters: parameters,
            mode: mode, referenceFrame: referenceFrame, declination: declination, magnetometerCalibration: magnetometerCalibration)
        nominalRate = inputRate
    }

    /// The device-motion rate in Hz.
    public var outputRate: Double { pipeline.outputRate }
    /// What each output carries with the sensors streaming now.
    public var availableFields: DeviceMotionFields { pipeline.availableFields }
    /// The sensor rate the current fusion measured, or the nominal one until then.
    public var inputRate: Double? { pipeline.inputRate }
    /// Why the input cannot be fused (timestamps that give no sensor rate), or `nil` while all is well.
    public var rateFailure: MotionError? { pipeline.rateFailure }

    /// Counters of the input alignment over the whole stream: readings in, duplicated, backwards, invalid, unpaired.
    public var inputStatistics: StreamStatistics { finishedStatistics.adding(pipeline.inputStatistics) }

    /// Handles one input of a source: fuses readings, and restarts the fusion when the sensors change.
    public mutating func process(_ input: MotionSourceInput, into output: inout [DeviceMotion]) {
        switch input {
        case .readings(let batch): append(batch, into: &output)
        case .status(let status, _):
            if let gyroscope = status.streamsGyroscope { sensorsChanged(hasGyroscope: gyroscope, into: &output) }
        }
    }

    /// Fuses a batch of readings and appends every estimate now complete to `output`, in time order.
    public mutating func append(_ batch: [SensorSample], into output: inout [DeviceMotion]) {
        pipeline.append(batch, into: &output)
    }

    /// Fuses samples that already pair both sensors (a file), dropping and counting what ``append(_:into:)`` drops.
    public mutating func append(samples: some Sequence<IMUSample>, into output: inout [DeviceMotion]) {
        pipeline.append(samples: samples, into: &output)
    }

    /// Feeds magnetometer readings (µT, device frame, on the readings' clock), applied as their time comes; ignored in
    /// ``AttitudeReferenceFrame/xArbitraryZVertical``.
    public mutating func append(magnetometer readings: some Sequence<MagnetometerSample>) {
        pipeline.append(magnetometer: readings)
    }

    /// Fuses samples that pair both sensors and the magnetometer readings of the same stretch of time (a file with
    /// `mag_*` columns).
    public mutating func append(
        samples: some Sequence<IMUSample>, magnetometer readings: some Sequence<MagnetometerSample>,
        into output: inout [DeviceMotion]
    ) {
        pipeline.append(samples: samples, magnetometer: readings, into: &output)
    }

    /// After the source's sensors changed: if the gyroscope left or came back, finishes the fusion so far into
    /// `output` and starts a new one for what streams now, with the magnetometer calibration in use (the one given,
    /// or the online estimate once it was better).
    public mutating func sensorsChanged(hasGyroscope: Bool, into output: inout [DeviceMotion]) {
        guard hasGyroscope != pipeline.availableFields.contains(.rotationRate),
            let next = try? DeviceMotionPipeline(
                outputRate: pipeline.outputRate, hasGyroscope: hasGyroscope, inputRate: nominalRate,
                parameters: pipeline.parameters, mode: pipeline.mode, referenceFrame: pipeline.referenceFrame,
                declination: pipeline.referenceFrame == .xTrueNorthZVertical ? pipeline.declination : nil,
                magnetometerCalibration: pipeline.calibrationInUse)
        else { return }
        pipeline.finish(into: &output)
        finishedStatistics = finishedStatistics.adding(pipeline.inputStatistics)
        pipeline = next
    }

    /// Flushes the end of the stream into `output`.
    public mutating func finish(into output: inout [DeviceMotion]) {
        pipeline.finish(into: &output)
    }

    /// What ``finish(into:)`` would add now, leaving the loop as it is: the estimates a clean stop now would write,
    /// for a recorder that keeps them provisionally so a crash loses no more device motion than readings.
    public func provisionalEnding() -> [DeviceMotion] {
        var ending = pipeline
        var motions: [DeviceMotion] = []
        ending.finish(into: &motions)
        return motions
    }

    /// Gaps and clock jumps of the fused stream since the last call.
    public mutating func drainEvents() -> [StreamEvent] { pipeline.drainEvents() }

    /// Reads `source` to its end through a loop at `outputRate` Hz and hands every batch of estimates to `deliver`.
    ///
    /// Returns when the source ends, or `deliver` returns `false` or the task is cancelled (then without
    /// finishing); throws the source's failure as it is, and ``rateFailure`` when the timestamps give no rate.
    public static func run(
        source: some MotionSource, outputRate: Double, parameters: FusionParameters = .init(),
        magnetic: MagneticReference = .init(), logger: Logger = Logger(label: "imu-bridge.motion"),
        deliver: ([DeviceMotion]) -> Bool
    ) async throws {
        var updates = try MotionUpdateLoop(
            outputRate: outputRate, hasGyroscope: source.hasGyroscope, inputRate: source.nominalRate,
            parameters: parameters, referenceFrame: magnetic.referenceFrame, declination: magnetic.declination,
            magnetometerCalibration: magnetic.calibration)
        var motions: [DeviceMotion] = []
        for try await input in source.inputs() {
            updates.process(input, into: &motions)
            updates.logEvents(source: source.name, logger: logger)
            guard deliver(motions) else { return }
            motions.removeAll(keepingCapacity: true)
            if let failure = updates.rateFailure { throw failure }
        }
        guard !Task.isCancelled else { return }
        updates.finish(into: &motions)
        updates.logEvents(source: source.name, logger: logger)
        guard deliver(motions) else { return }
        if let failure = updates.rateFailure { throw failure }
    }

    /// Logs the gaps and clock jumps the fusion saw.
    private mutating func logEvents(source: String, logger: Logger) {
        for event in drainEvents() {
            logger.debug("device-motion input event", metadata: ["event": "\(event)", "source": "\(source)"])
        }
    }
}

extension StreamStatistics {
    /// These counts and `other`'s, summed: the statistics of two pipelines one after the other.
    fileprivate func adding(_ other: StreamStatistics) -> StreamStatistics {
        var sum = self
        sum.inputCount += other.inputCount
        sum.outputCount += other.outputCount
        sum.duplicates += other.duplicates
        sum.backwards += other.backwards
        sum.invalid += other.invalid
        sum.gaps += other.gaps
        sum.clockJumps += other.clockJumps
        sum.unpaired += other.unpaired
        return sum
    }
}
