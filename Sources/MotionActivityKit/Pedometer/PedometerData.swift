/// What the pedometer measured over an interval, shaped like CoreMotion's `CMPedometerData`.
///
/// Dates are monotonic seconds, the clock of ``DeviceMotionKit/DeviceMotion/timestamp``.
public struct PedometerData: Hashable, Sendable {
    /// The start of the interval, in seconds.
    public var startDate: Double
    /// The end of the interval, in seconds.
    public var endDate: Double
    /// Steps taken in the interval.
    public var numberOfSteps: Int
    /// Distance walked or run, in metres, from the stride model; `nil` when no step was taken.
    public var distance: Double?
    /// Floors climbed on foot; `nil` without a pressure sensor.
    public var floorsAscended: Int?
    /// Floors descended on foot; `nil` without a pressure sensor.
    public var floorsDescended: Int?
    /// Pace at the interval's last step, in seconds per metre; `nil` without steps.
    public var currentPace: Double?
    /// Cadence at the interval's last step, in steps per second; `nil` without steps.
    public var currentCadence: Double?
    /// Average pace while moving (time between steps of one walk over the distance), in seconds per metre; `nil`
    /// without at least two steps of one walk.
    public var averageActivePace: Double?

    /// Creates pedometer data.
    public init(
        startDate: Double, endDate: Double, numberOfSteps: Int, distance: Double? = nil, floorsAscended: Int? = nil,
        floorsDescended: Int? = nil, currentPace: Double? = nil, currentCadence: Double? = nil,
        averageActivePace: Double? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.numberOfSteps = numberOfSteps
        self.distance = distance
        self.floorsAscended = floorsAscended
        self.floorsDescended = floorsDescended
        self.currentPace = currentPace
        self.currentCadence = currentCadence
        self.averageActivePace = averageActivePace
    }
}
