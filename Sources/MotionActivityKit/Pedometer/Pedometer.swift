import DeviceMotionKit

/// Steps, distance, cadence, pace and floors from device motion (and pressure, when there is a barometer), shaped
/// like CoreMotion's `CMPedometer`: live updates from a start date, and queries over any past interval it has seen.
///
/// Unlike `CMPedometer`, which reads the system's motion coprocessor, this one is fed: ``process(_:)`` with each
/// device-motion estimate (at the rate given to the initializer), ``process(pressureKilopascal:timestamp:)`` with each
/// barometer reading. Steps come from ``StepDetector``, their lengths from a ``StrideModel``, floors from a
/// ``BarometricFloorCounter``. Not thread-safe: use it from one task.
public final class Pedometer {
    /// The history kept by default, in steps (a few days of walking; 5 doubles each, 8 MB when full).
    public static let defaultHistoryCapacity = 200_000
    /// The history capacities accepted.
    public static let historyCapacityRange = 16...10_000_000
    /// Steps over which the current cadence is measured.
    public static let cadenceSteps = 4
    /// The cadence given the first step of a walk, which has no interval yet (steps per second, an ordinary walk's).
    public static let firstStepCadence = 1.8

    /// The step detector (its state says whether the user is walking).
    public private(set) var detector: StepDetector
    /// The stride model that turns steps into distance.
    public var strideModel: StrideModel
    /// Whether floors are counted (a pressure reading has arrived).
    public private(set) var isFloorCountingAvailable = false
    /// The latest timestamp seen, in seconds.
    public private(set) var latestTimestamp: Double?

    private var history: StepHistory
    private var floors = BarometricFloorCounter()
    /// Floor changes, bounded like the steps.
    private var floorEvents: FloorHistory
    private var updateStart: Double?
    private var handler: ((PedometerData) -> Void)?
    private var stepTimes: [Double] = []

    /// A pedometer for device motion at `sampleRate` Hz; fails for parameters outside their ranges.
    public init(
        sampleRate: Double, strideModel: StrideModel = .average,
        parameters: StepDetectorParameters = StepDetectorParameters(), historyCapacity: Int = defaultHistoryCapacity
    ) throws(PedometerError) {
        guard Self.historyCapacityRange.contains(historyCapacity) else {
            throw .invalidParameter("the history capacity \(historyCapacity) is outside 16...10000000 steps")
        }
        detector = try StepDetector(sampleRate: sampleRate, parameters: parameters)
        self.strideModel = strideModel
        history = StepHistory(capacity: historyCapacity)
        floorEvents = FloorHistory(capacity: historyCapacity)
        stepTimes.reserveCapacity(StepDetector.heldStepCapacity)
    }

    /// Total steps counted so far.
    public var numberOfSteps: Int { detector.stepCount }

    /// Starts live updates: from now on `handler` gets the data from `start` to the latest estimate each time steps
    /// or floors are counted (as `CMPedometer.startUpdates(from:withHandler:)`); replaces an earlier handler.
    public func startUpdates(from start: Double, handler: @escaping (PedometerData) -> Void) {
        updateStart = start
        self.handler = handler
    }

    /// Stops live updates.
    public func stopUpdates() {
        updateStart = nil
        handler = nil
    }

    /// Feeds one device-motion estimate; returns how many steps it confirmed (and calls the update handler if any).
    @discardableResult
    public func process(_ motion: DeviceMotion) -> Int {
        stepTimes.removeAll(keepingCapacity: true)
        detector.process(motion) { stepTimes.append($0) }
        if motion.timestamp.isFinite { latestTimestamp = max(latestTimestamp ?? motion.timestamp, motion.timestamp) }
        for time in stepTimes { record(stepAt: time) }
        if !stepTimes.isEmpty { notify() }
        return stepTimes.count
    }

    /// Feeds one barometer reading in kPa (the IIO ABI's unit); returns the floors it completed (positive up).
    @discardableResult
    public func process(pressureKilopascal: Double, timestamp: Double) -> Int {
        guard pressureKilopascal.isFinite, BarometricFloorCounter.pressureRange.contains(pressureKilopascal) else { return 0 }
        isFloorCountingAvailable = true
        let change = floors.update(kilopascal: pressureKilopascal, timestamp: timestamp, walking: detector.isWalking)
        guard change != 0 else { return 0 }
        floorEvents.append(floors: change, at: timestamp)
        notify()
        return change
    }

    /// The pedometer data between `start` and `end` (seconds, inclusive), from what it has seen and still keeps (as
    /// `CMPedometer.queryPedometerData(from:to:withHandler:)`). Steps and floors beyond the history's capacity are
    /// kept as totals, so an interval from the first step on (a live count since the start) is always exact; one
    /// that starts or ends among forgotten steps or floors throws ``PedometerError/forgottenInterval(start:end:)``.
    public func queryPedometerData(from start: Double, to end: Double) throws(PedometerError) -> PedometerData {
        guard start.isFinite, end.isFinite, start <= end else { throw .invalidInterval(start: start, end: end) }
        let span = try history.steps(from: start, through: end)
        var data = PedometerData(startDate: start, endDate: end, numberOfSteps: span?.count ?? 0)
        if isFloorCountingAvailable {
            let (ascended, descended) = try floorEvents.floors(from: start, through: end)
            data.floorsAscended = ascended
            data.floorsDescended = descended
        }
        guard let span else { return data }
        data.distance = span.distance
        data.currentCadence = span.last.cadence
        data.currentPace = 1 / (span.last.cadence * span.last.length)
        // The first step's interval reaches back before the start: only the intervals between steps inside count.
        let activeTime = span.last.activeTime - span.first.activeTime
        let activeDistance = span.distance - span.first.length
        if activeTime > 0, activeDistance > 0 { data.averageActivePace = activeTime / activeDistance }
        return data
    }

    private func record(stepAt time: Double) {
        let longest = 1 / detector.parameters.minimumCadence
        let continuesWalk = history.times.last.map { time - $0 <= longest } ?? false
        let measured = continuesWalk ? history.cadence(ofStepAt: time, over: Self.cadenceSteps, longestInterval: longest) : 0
        let cadence = measured > 0 ? measured : Self.firstStepCadence
        history.append(
            time: time, cadence: cadence, length: strideModel.stepLength(atCadence: cadence), continuesWalk: continuesWalk)
    }

    private func notify() {
        guard let handler, let start = updateStart, let end = latestTimestamp, end >= start,
            let data = try? queryPedometerData(from: start, to: end)
        else { return }
        handler(data)
    }
}
