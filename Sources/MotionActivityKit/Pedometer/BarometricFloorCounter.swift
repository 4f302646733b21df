#if canImport(Glibc)
import Glibc
#endif

/// Floors climbed and descended on foot, from barometric pressure.
///
/// Pressure comes as the kernel's IIO ABI gives it (`in_pressure_raw × in_pressure_scale`, kilopascal;
/// Documentation/ABI/testing/sysfs-bus-iio), turns into altitude by the international barometric formula
/// `44330 m × (1 − (p / 101.325 kPa)^(1/5.255))`, is smoothed, and each 3 m of altitude gained or lost while walking is
/// one floor: CoreMotion's `CMPedometerData.floorsAscended` counts "only the floors ascended while the user was walking
/// or running up stairs", with "a height of approximately three meters" for a floor (Apple's CMPedometerData
/// documentation). Altitude changed while not walking (a lift, weather) moves the reference instead.
public struct BarometricFloorCounter: Sendable {
    /// The height of a floor in metres.
    public static let floorHeight = 3.0
    /// The pressures accepted, in kPa (from the Dead Sea to well above Everest's summit); others are ignored.
    public static let pressureRange: ClosedRange<Double> = 20...120
    /// Time constant of the altitude smoothing, in seconds.
    public static let smoothingTimeConstant = 2.0

    /// Floors ascended on foot so far.
    public private(set) var floorsAscended = 0
    /// Floors descended on foot so far.
    public private(set) var floorsDescended = 0
    /// The smoothed altitude in metres above the 101.325 kPa level, once a reading arrived.
    public private(set) var altitude: Double?
    private var reference = 0.0
    private var lastTimestamp = -Double.infinity

    /// A counter with no readings yet.
    public init() {}

    /// The altitude in metres of the pressure `kilopascal` by the international barometric formula.
    public static func altitude(kilopascal: Double) -> Double {
        44_330 * (1 - pow(kilopascal / 101.325, 1 / 5.255))
    }

    /// Feeds one pressure reading in kPa taken at `timestamp` seconds, and whether the user was walking then;
    /// returns the floors climbed (positive) or descended (negative) by it. Readings outside ``pressureRange``,
    /// non-finite or not after the last are ignored.
    @discardableResult
    public mutating func update(kilopascal: Double, timestamp: Double, walking: Bool) -> Int {
        guard kilopascal.isFinite, Self.pressureRange.contains(kilopascal), timestamp.isFinite, timestamp > lastTimestamp
        else { return 0 }
        let raw = Self.altitude(kilopascal: kilopascal)
        let smoothed: Double
        if let altitude {
            let weight = 1 - exp(-(timestamp - lastTimestamp) / Self.smoothingTimeConstant)
            smoothed = altitude + weight * (raw - altitude)
        } else {
            smoothed = raw
            reference = raw
        }
        lastTimestamp = timestamp
        altitude = smoothed
        guard walking else {
            reference = smoothed
            return 0
        }
        var floors = 0
        while smoothed - reference >= Self.floorHeight {
            reference += Self.floorHeight
            floorsAscended += 1
            floors += 1
        }
        while reference - smoothed >= Self.floorHeight {
            reference -= Self.floorHeight
            floorsDescended += 1
            floors -= 1
        }
        return floors
    }
}
