import DeviceMotionKit
import MotionSamples

#if canImport(Glibc)
import Glibc
#endif

/// Counts steps in a device-motion stream: peak detection on vertical user acceleration with pseudo-peak rejection,
/// gated by the gait rhythm, allocating nothing per sample.
///
/// User acceleration is projected on gravity (so the count does not depend on how the device is carried), low-passed
/// (``StepDetectorParameters/lowPassCorner``), and split into lobes at its sign changes with hysteresis. The highest
/// point of a positive lobe above the adaptive threshold (a fraction of the signal's running RMS, never below
/// ``StepDetectorParameters/minimumPeak``) is a peak; a peak closer to the last one than the shortest step of the
/// plausible cadence range is a pseudo-peak of the same step and dropped. Peaks become steps only in a gait rhythm:
/// ``StepDetectorParameters/rhythmSteps`` peaks in a row at regular intervals, each interval within the cadence range
/// and holding no more sign changes than one step cycle (a shaken board, vibration or typing oscillates faster, or at
/// random intervals). Held peaks are reported late, with their own timestamps, once the rhythm is confirmed; isolated
/// peaks are never reported.
public struct StepDetector: Sendable {
    /// The most peaks held back while a rhythm is being confirmed.
    public static let heldStepCapacity = 16
    /// The most local maxima remembered between two peaks.
    static let localMaximumCapacity = 64
    /// The sampling rates the detector accepts, in Hz.
    public static let sampleRateRange: ClosedRange<Double> = 5...1000

    /// The tuning.
    public let parameters: StepDetectorParameters
    /// The rate the device motion arrives at, in Hz.
    public let sampleRate: Double
    /// Whether the detector is in a gait rhythm (steps are reported as they happen).
    public private(set) var isWalking = false
    /// Steps reported so far.
    public private(set) var stepCount = 0

    private var lowPass: GaitLowPass
    private let rmsWeight: Double
    private let shortestInterval: Double
    private let longestInterval: Double
    private var meanSquare = 0.0
    private var lastTimestamp = -Double.infinity
    /// Whether the signal is in a positive lobe (above the upper hysteresis level since it last fell below the lower).
    private var inPositiveLobe = false
    private var lobeMaximum = 0.0
    private var lobeMaximumTime = 0.0
    private var lobeThreshold = 0.0
    /// Sign changes since the last accepted peak.
    private var crossings = 0
    private var lastPeakTime: Double?
    private var lastInterval: Double?
    private var irregularIntervals = 0
    private var held: [Double]
    private var heldCount = 0
    private var window: PeriodicityWindow
    /// Local maxima of the filtered signal since the last accepted peak (where the other leg's step may hide).
    private var maximumTimes: [Double]
    private var maximumValues: [Double]
    private var maximumCount = 0
    private var previousValue = 0.0
    private var previousValueTime = 0.0
    private var rising = false

    /// Creates a detector for device motion at `sampleRate` Hz; fails with a message for a rate outside
    /// ``sampleRateRange`` or parameters outside their ranges.
    public init(sampleRate: Double, parameters: StepDetectorParameters = StepDetectorParameters()) throws(PedometerError) {
        guard sampleRate.isFinite, Self.sampleRateRange.contains(sampleRate) else {
            throw .invalidParameter("the device-motion rate \(sampleRate) Hz is outside 5...1000 Hz")
        }
        if let problem = parameters.outOfRange() { throw .invalidParameter(problem) }
        self.parameters = parameters
        self.sampleRate = sampleRate
        lowPass = GaitLowPass(corner: parameters.lowPassCorner, sampleRate: sampleRate)
        rmsWeight = 1 - exp(-1 / (parameters.rmsTimeConstant * sampleRate))
        shortestInterval = 1 / parameters.maximumCadence
        longestInterval = 1 / parameters.minimumCadence
        held = [Double](repeating: 0, count: Self.heldStepCapacity)
        maximumTimes = [Double](repeating: 0, count: Self.localMaximumCapacity)
        maximumValues = [Double](repeating: 0, count: Self.localMaximumCapacity)
        // Room for the held peaks' span, or the walking measure, plus two stride lags.
        let seconds =
            max(Double(parameters.rhythmSteps + 1) * longestInterval, parameters.periodicityDuration) + 4 * longestInterval
        window = PeriodicityWindow(capacity: Int(min(seconds * sampleRate, 1_000_000)))
    }

    /// Feeds one device-motion estimate; calls `onStep` with the timestamp of each step it confirms (possibly an
    /// earlier one, held until its rhythm was confirmed), in time order. Estimates with a non-finite value or a
    /// timestamp not after the last one are ignored.
    @inlinable
    public mutating func process(_ motion: DeviceMotion, onStep: (Double) -> Void) {
        process(
            timestamp: motion.timestamp, verticalAcceleration: -motion.userAcceleration.dot(motion.gravity), onStep: onStep)
    }

    /// Feeds one sample of upward user acceleration in g (user acceleration projected on the opposite of gravity).
    public mutating func process(timestamp: Double, verticalAcceleration: Double, onStep: (Double) -> Void) {
        guard timestamp.isFinite, verticalAcceleration.isFinite, timestamp > lastTimestamp else { return }
        lastTimestamp = timestamp
        let value = lowPass.step(verticalAcceleration)
        window.append(value)
        if rising, value <= previousValue, maximumCount < Self.localMaximumCapacity {
            maximumTimes[maximumCount] = previousValueTime
            maximumValues[maximumCount] = previousValue
            maximumCount += 1
        }
        rising = value > previousValue
        previousValue = value
        previousValueTime = timestamp
        meanSquare += rmsWeight * (value * value - meanSquare)
        let threshold = max(parameters.minimumPeak, parameters.relativeThreshold * meanSquare.squareRoot())
        let hysteresis = 0.5 * threshold
        if inPositiveLobe {
            if value > lobeMaximum {
                lobeMaximum = value
                lobeMaximumTime = timestamp
                lobeThreshold = threshold
            }
            if value < -hysteresis {
                inPositiveLobe = false
                crossings += 1
                if lobeMaximum >= lobeThreshold { acceptPeak(at: lobeMaximumTime, height: lobeMaximum, onStep: onStep) }
            }
        } else if value > hysteresis {
            inPositiveLobe = true
            crossings += 1
            lobeMaximum = value
            lobeMaximumTime = timestamp
            lobeThreshold = threshold
        }
        endRhythmIfSilent(at: timestamp)
    }

    /// Drops a rhythm whose last peak is longer ago than the slowest cadence allows.
    private mutating func endRhythmIfSilent(at timestamp: Double) {
        guard let last = lastPeakTime, timestamp - last > longestInterval else { return }
        isWalking = false
        heldCount = 0
        lastPeakTime = nil
        lastInterval = nil
        crossings = 0
    }

    /// The other leg's step of a stride from the last peak to one at `time` of `height`: the highest local maximum
    /// near the middle, if the interval can be a stride and the bump is high enough.
    private func midStep(before time: Double, after previous: Double, height: Double) -> Double? {
        let interval = time - previous
        guard interval >= parameters.strideInterval, interval / 2 >= shortestInterval else { return nil }
        let middle = previous + interval / 2
        let floor = max(parameters.minimumPeak, parameters.midStepHeight * height)
        var best: (time: Double, value: Double)?
        for index in 0..<maximumCount
        where abs(maximumTimes[index] - middle) <= parameters.midStepTolerance * interval && maximumValues[index] >= floor
            && maximumValues[index] > best?.value ?? -.infinity
        {
            best = (maximumTimes[index], maximumValues[index])
        }
        return best?.time
    }

    private mutating func acceptPeak(at time: Double, height: Double, onStep: (Double) -> Void) {
        defer { maximumCount = 0 }
        guard let previous = lastPeakTime else {
            startRhythm(at: time)
            return
        }
        var interval = time - previous
        guard interval <= longestInterval else {
            isWalking = false
            startRhythm(at: time)
            return
        }
        // A pseudo-peak: a second peak within one step of the plausible cadence range belongs to the same step.
        guard interval >= shortestInterval else { return }
        let mid = midStep(before: time, after: previous, height: height)
        // A stride holds the other leg's bump, and its two sign changes.
        let oneCycle = crossings <= parameters.maximumCrossingsPerStep + (mid == nil ? 0 : 2)
        if mid != nil { interval /= 2 }
        let regular = lastInterval.map { abs(interval - $0) <= parameters.intervalTolerance * max(interval, $0) } ?? true
        crossings = 0
        lastPeakTime = time
        if isWalking {
            if oneCycle {
                if let mid {
                    stepCount += 1
                    onStep(mid)
                }
                stepCount += 1
                onStep(time)
            }
            let periodic =
                periodicity(
                    interval: interval, over: max(parameters.periodicityDuration, 3 * interval))
                >= parameters.minimumPeriodicity
            irregularIntervals = oneCycle && regular && periodic ? 0 : irregularIntervals + 1
            lastInterval = interval
            if irregularIntervals >= parameters.irregularLimit {
                isWalking = false
                startRhythm(at: time)
            }
            return
        }
        guard oneCycle else {
            startRhythm(at: time)
            return
        }
        guard regular else {
            // The rhythm may begin at the previous peak.
            heldCount = 0
            hold(previous)
            hold(time)
            lastInterval = interval
            return
        }
        if let mid { hold(mid) }
        hold(time)
        lastInterval = interval
        if heldCount >= parameters.rhythmSteps {
            let meanInterval = (held[heldCount - 1] - held[0]) / Double(heldCount - 1)
            guard periodicity(interval: meanInterval, over: lastTimestamp - held[0]) >= parameters.minimumPeriodicity else {
                // Peaks at gait-like intervals in a signal that does not repeat: wait for the next one.
                dropOldestHeld()
                return
            }
            isWalking = true
            irregularIntervals = 0
            for index in 0..<heldCount { onStep(held[index]) }
            stepCount += heldCount
            heldCount = 0
        }
    }

    /// The autocorrelation of the last `seconds` of signal at one step and at one stride (`interval` seconds and
    /// twice that), whichever is larger. Both are clamped to what the window holds before they become sample counts
    /// (timestamps that jump far ahead make `seconds` as large as a Double goes).
    private func periodicity(interval: Double, over seconds: Double) -> Double {
        let capacity = Double(window.capacity)
        func samples(_ seconds: Double) -> Int {
            seconds.isFinite ? Int(min(max(seconds * sampleRate, 0), capacity).rounded()) : window.capacity
        }
        let lag = samples(interval)
        let length = min(samples(seconds), window.capacity - 2 * lag)
        return max(window.correlation(lag: lag, length: length), window.correlation(lag: 2 * lag, length: length))
    }

    private mutating func dropOldestHeld() {
        for index in 1..<max(1, heldCount) { held[index - 1] = held[index] }
        heldCount = max(0, heldCount - 1)
    }

    private mutating func startRhythm(at time: Double) {
        heldCount = 0
        hold(time)
        lastPeakTime = time
        lastInterval = nil
        crossings = 0
    }

    private mutating func hold(_ time: Double) {
        guard heldCount < Self.heldStepCapacity else { return }
        held[heldCount] = time
        heldCount += 1
    }
}
