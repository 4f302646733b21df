/// Band-limited resampling of an irregularly timestamped multichannel stream onto a fixed-rate grid.
///
/// Every output value is a windowed-sinc low-pass of the input evaluated at the grid time itself: the kernel is
/// symmetric around the grid time, weighted by each input's share of the time axis and normalised, so
/// irregular timestamps, jitter and dropped readings are handled, a pure tone below the output's Nyquist
/// frequency keeps its amplitude and phase, and content above it is removed before it can alias.
/// Grid times are integer multiples of `1 / outputRate`, so streams resampled at the same rate line up.
///
/// A grid point is emitted as soon as the input covers its kernel support, so output lags input by
/// ``latency``. Gaps longer than the gap threshold are not bridged: the segment before the gap is flushed
/// with the kernel shrunk or cut off at the edge (see ``EdgeHandling``), a ``StreamEvent/gap(start:end:skippedOutputs:)`` is recorded and
/// output resumes on the grid after the gap. Duplicate, backward, non-finite readings and clock jumps are
/// counted in ``statistics`` and never crash.
///
/// ```swift
/// var resampler = try FixedRateResampler(outputRate: 25, channelCount: 3)
/// for reading in readings {
///     try resampler.append(timestamp: reading.t, values: [reading.x, reading.y, reading.z]) { time, values in
///         print(time, values[0], values[1], values[2])
///     }
/// }
/// resampler.finish { time, values in print(time, values[0], values[1], values[2]) }
/// for event in resampler.drainEvents() { print(event) }
/// ```
///
/// Steady-state operation allocates nothing per reading: readings live in a growable ring of `Double`s and
/// each output is handed to the `emit` closure in a reused buffer, valid only during that call.
public struct FixedRateResampler: Sendable {
    /// The output rate in Hz.
    public let outputRate: Double
    /// Values per reading, in and out.
    public let channelCount: Int
    /// The tuning this resampler was created with.
    public let configuration: ResamplerConfiguration
    /// What was received, emitted and repaired so far.
    public private(set) var statistics = StreamStatistics()

    /// Input readings needed to estimate the input rate when the configuration does not give it.
    private static let estimationCount = 9
    /// Events not yet drained.
    private var events: [StreamEvent] = []
    /// Input rate in use, once known.
    private var resolvedInputRate: Double?
    /// The low-pass kernel, once the input rate is known.
    private var kernel: WindowedSincKernel?
    /// Input interval, in seconds, beyond which the input has a gap.
    private var gapThreshold = Double.infinity
    /// Timestamps held while the input rate is being estimated.
    private var pendingTimestamps: [Double] = []
    /// Values held while the input rate is being estimated, `channelCount` per reading.
    private var pendingValues: [Double] = []
    /// Timestamp of the last accepted reading, for duplicate and backward checks.
    private var lastAcceptedTimestamp: Double?
    /// Readings of the current segment still needed by the kernel.
    private var ring: SampleRing
    /// Grid index of the next output of the current segment, or `nil` between segments.
    private var nextGridIndex: Int?
    /// Timestamp of the first reading of the current segment.
    private var segmentStart = 0.0
    /// Half-width, in seconds, the kernel may shrink to near a segment's edges (see ``EdgeHandling``).
    private var shortestHalfWidth = 0.0
    /// Reused buffer holding the output values handed to `emit`.
    private var scratch: [Double]
    /// Reused buffer of the kernel weights of the readings around an output, as many as the ring holds.
    private var weights: [Double] = []

    /// Creates a resampler to `outputRate` Hz for readings of `channelCount` values.
    ///
    /// - Throws: ``ResamplingError`` if the rate is not positive, the channel count is below one, or a
    ///   configuration parameter is out of range.
    public init(
        outputRate: Double, channelCount: Int, configuration: ResamplerConfiguration = .init()
    ) throws(ResamplingError) {
        guard outputRate.isFinite, outputRate > 0 else { throw .invalidOutputRate(outputRate) }
        guard channelCount >= 1 else { throw .invalidChannelCount(channelCount) }
        try configuration.validate()
        self.outputRate = outputRate
        self.channelCount = channelCount
        self.configuration = configuration
        ring = SampleRing(channelCount: channelCount, capacity: 16)
        scratch = Array(repeating: 0, count: channelCount)
        pendingTimestamps.reserveCapacity(Self.estimationCount)
        pendingValues.reserveCapacity(Self.estimationCount * channelCount)
        if let inputRate = configuration.inputRate { designKernel(inputRate: inputRate) }
    }

    /// The input rate in Hz: the configured one, or the estimate once enough readings arrived.
    public var inputRate: Double? { resolvedInputRate }

    /// How far output lags input, in seconds (half the kernel length), once the input rate is known.
    public var latency: Double? { kernel?.halfWidth }

    /// Adds one reading and emits every grid point whose kernel support the input now covers.
    ///
    /// Readings with a duplicate, backward (short of a clock jump) or non-finite timestamp, or non-finite
    /// values, are dropped and counted in ``statistics``.
    /// - Parameters:
    ///   - timestamp: Monotonic time of the reading, in seconds.
    ///   - values: Exactly ``channelCount`` values.
    ///   - emit: Receives each output's grid time and values; the buffer is valid only during the call.
    /// - Throws: ``ResamplingError/channelCountMismatch(expected:received:)`` if `values` has the wrong count.
    public mutating func append(
        timestamp: Double,
        values: UnsafeBufferPointer<Double>,
        emit: (_ timestamp: Double, _ values: UnsafeBufferPointer<Double>) -> Void
    ) throws(ResamplingError) {
        guard values.count == channelCount else {
            throw .channelCountMismatch(expected: channelCount, received: values.count)
        }
        statistics.inputCount += 1
        guard isUsable(timestamp), values.allSatisfy(\.isFinite) else {
            statistics.invalid += 1
            return
        }
        if let last = lastAcceptedTimestamp {
            switch configuration.discontinuities.step(from: last, to: timestamp) {
            case .duplicate:
                statistics.duplicates += 1
                return
            case .backward:
                statistics.backwards += 1
                return
            case .jumpBack, .jumpForward, .gap, .regular:
                break
            }
        }
        lastAcceptedTimestamp = timestamp
        guard kernel != nil else {
            pendingTimestamps.append(timestamp)
            pendingValues.append(contentsOf: values)
            if pendingTimestamps.count >= Self.estimationCount { resolvePending(emit: emit) }
            return
        }
        process(timestamp: timestamp, values: values, emit: emit)
    }

    /// Adds one reading given as any collection of ``channelCount`` values; see the buffer-pointer variant.
    @inlinable
    public mutating func append(
        timestamp: Double,
        values: some Collection<Double>,
        emit: (_ timestamp: Double, _ values: UnsafeBufferPointer<Double>) -> Void
    ) throws(ResamplingError) {
        let appended: Result<Void, ResamplingError>? = values.withContiguousStorageIfAvailable { buffer in
            Result { () throws(ResamplingError) in try append(timestamp: timestamp, values: buffer, emit: emit) }
        }
        if let appended {
            try appended.get()
        } else {
            try Array(values).withUnsafeBufferPointer { buffer throws(ResamplingError) in
                try append(timestamp: timestamp, values: buffer, emit: emit)
            }
        }
    }

    /// Flushes the end of the stream: emits the remaining grid points up to the last reading, with the kernel
    /// shortened and renormalised at the edge. Appending afterwards starts a new segment.
    public mutating func finish(emit: (_ timestamp: Double, _ values: UnsafeBufferPointer<Double>) -> Void) {
        if kernel == nil { resolvePending(emit: emit) }
        _ = flushSegment(emit: emit)
    }

    /// Returns the gaps and clock jumps recorded since the last call, oldest first, and forgets them.
    public mutating func drainEvents() -> [StreamEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Whether `timestamp` is finite and small enough for its grid index to be an `Int`.
    private func isUsable(_ timestamp: Double) -> Bool {
        timestamp.isFinite && abs(timestamp * outputRate) < 0x1p52
    }

    /// Estimates the input rate from the held readings, designs the kernel and processes them.
    private mutating func resolvePending(emit: (Double, UnsafeBufferPointer<Double>) -> Void) {
        let estimate = medianInterval(of: pendingTimestamps).map { 1 / $0 } ?? outputRate
        designKernel(inputRate: estimate)
        let timestamps = pendingTimestamps
        let values = pendingValues
        pendingTimestamps.removeAll()
        pendingValues.removeAll()
        values.withUnsafeBufferPointer { all in
            for (index, timestamp) in timestamps.enumerated() {
                let reading = UnsafeBufferPointer(rebasing: all[index * channelCount..<(index + 1) * channelCount])
                process(timestamp: timestamp, values: reading, emit: emit)
            }
        }
    }

    /// Chooses the kernel and gap threshold for input at `inputRate` Hz.
    private mutating func designKernel(inputRate: Double) {
        let lowerRate = min(inputRate, outputRate)
        let halfWidth = configuration.kernelHalfWidthPeriods / lowerRate
        kernel = WindowedSincKernel(cutoff: configuration.cutoffFraction * lowerRate / 2, halfWidth: halfWidth)
        shortestHalfWidth =
            switch configuration.edgeHandling {
            case .shrinkKernel: min(halfWidth, configuration.kernelHalfWidthPeriods / inputRate)
            case .truncateKernel: halfWidth
            }
        resolvedInputRate = inputRate
        gapThreshold = configuration.discontinuities.gapThreshold(period: 1 / inputRate)
        let expectedReadings = 2 * halfWidth * inputRate * 1.25 + 4
        ring = SampleRing(channelCount: channelCount, capacity: Int(min(expectedReadings, 65_536)))
    }

    /// Handles one accepted reading once the kernel is known: segment boundaries, storage and emission.
    private mutating func process(
        timestamp: Double, values: UnsafeBufferPointer<Double>, emit: (Double, UnsafeBufferPointer<Double>) -> Void
    ) {
        if let last = ring.lastTimestamp {
            switch configuration.discontinuities.step(from: last, to: timestamp, gapThreshold: gapThreshold) {
            // Readings accepted above never step back by less than a clock jump; any step back here is one.
            case .jumpBack, .jumpForward, .backward:
                _ = flushSegment(emit: emit)
                statistics.clockJumps += 1
                record(.clockJump(from: last, to: timestamp))
            case .gap:
                let resumeIndex = flushSegment(emit: emit)
                let restartIndex = gridIndex(atOrAfter: timestamp)
                statistics.gaps += 1
                record(.gap(start: last, end: timestamp, skippedOutputs: max(0, restartIndex - resumeIndex)))
            case .duplicate, .regular:
                break
            }
        }
        if nextGridIndex == nil {
            nextGridIndex = gridIndex(atOrAfter: timestamp)
            segmentStart = timestamp
        }
        ring.append(timestamp: timestamp, values: values)
        emitReady(emit: emit)
    }

    /// Emits the grid points whose kernel support lies within the readings received.
    private mutating func emitReady(emit: (Double, UnsafeBufferPointer<Double>) -> Void) {
        // The half width alone: a copy of the kernel would retain its table for every reading.
        guard let halfWidth = kernel?.halfWidth, let newest = ring.lastTimestamp else { return }
        while let index = nextGridIndex, gridTime(index) + halfWidth <= newest {
            emitPoint(gridTime(index), emit: emit)
            nextGridIndex = index + 1
            let supportStart = gridTime(index + 1) - halfWidth
            var obsolete = 0
            while obsolete + 1 < ring.count, ring.timestamp(at: obsolete + 1) <= supportStart { obsolete += 1 }
            ring.removeFirst(obsolete)
        }
    }

    /// Emits the remaining grid points of the segment up to its last reading, ends it and returns the grid
    /// index that would have come next.
    private mutating func flushSegment(emit: (Double, UnsafeBufferPointer<Double>) -> Void) -> Int {
        defer {
            ring.removeAll()
            nextGridIndex = nil
        }
        guard var index = nextGridIndex, let newest = ring.lastTimestamp else { return nextGridIndex ?? 0 }
        while gridTime(index) <= newest {
            emitPoint(gridTime(index), emit: emit)
            index += 1
        }
        return index
    }

    /// Computes the output at `time` from the readings around it and hands it to `emit`.
    private mutating func emitPoint(_ time: Double, emit: (Double, UnsafeBufferPointer<Double>) -> Void) {
        var output: [Double] = []
        swap(&output, &scratch)
        defer { swap(&output, &scratch) }
        let emitted = output.withUnsafeMutableBufferPointer { buffer in
            guard filter(at: time, into: buffer) else { return false }
            emit(time, UnsafeBufferPointer(buffer))
            return true
        }
        if emitted { statistics.outputCount += 1 }
    }

    /// Writes the kernel-weighted, normalised average of the readings around `time` into `output`; returns
    /// `false` if no reading has weight there.
    ///
    /// Near a segment's edges the kernel shrinks symmetrically (keeping its shape, widening its passband) to fit
    /// the readings on both sides, down to ``shortestHalfWidth``; closer to the edge than that it is cut off on
    /// one side and renormalised. Where the readings are sparser than the input rate says (a rate measured from a
    /// burst of timestamps) the shrunk kernel can fall between them, its weights summing to nothing or less: the
    /// whole kernel, cut off at the edge, is used instead, so every grid time of a segment has its output.
    private mutating func filter(at time: Double, into output: UnsafeMutableBufferPointer<Double>) -> Bool {
        guard let kernel, let newest = ring.lastTimestamp else { return false }
        let edgeDistance = min(time - segmentStart, newest - time)
        let shrunk = min(kernel.halfWidth, max(edgeDistance, shortestHalfWidth))
        if weights.count < ring.capacity { weights = Array(repeating: 0, count: ring.capacity) }
        return weights.withUnsafeMutableBufferPointer { weights in
            var (first, count, total) = ring.weigh(
                around: time, halfWidth: shrunk, kernel: kernel, stretch: kernel.halfWidth / shrunk, into: weights)
            if total <= 0, shrunk < kernel.halfWidth {
                (first, count, total) = ring.weigh(
                    around: time, halfWidth: kernel.halfWidth, kernel: kernel, stretch: 1, into: weights)
            }
            guard total > 0 else { return false }
            ring.weightedSum(from: first, weights: UnsafeBufferPointer(rebasing: weights[..<count]), into: output)
            for channel in output.indices { output[channel] /= total }
            return true
        }
    }

    /// Keeps `event` for ``drainEvents()`` unless the retained events are at their limit.
    private mutating func record(_ event: StreamEvent) {
        if events.count >= configuration.maximumRetainedEvents {
            guard !events.isEmpty else { return }
            events.removeFirst()
        }
        events.append(event)
    }

    /// The time of grid point `index`, in seconds.
    @inline(__always)
    private func gridTime(_ index: Int) -> Double { Double(index) / outputRate }

    /// The index of the first grid point at or after `timestamp`, treating a hair's breadth before a grid
    /// point as on it.
    private func gridIndex(atOrAfter timestamp: Double) -> Int {
        let position = timestamp * outputRate
        let nearest = position.rounded()
        if abs(position - nearest) <= 1e-9 * max(1, abs(position)) { return Int(nearest) }
        return Int(position.rounded(.up))
    }
}
