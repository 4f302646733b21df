#if canImport(Glibc)
import Glibc
#endif

/// Earth's main magnetic field at a point, as a World Magnetic Model gives it, in the local geodetic frame.
public struct GeomagneticField: Hashable, Sendable {
    /// Northward component X, nT.
    public var north: Double
    /// Eastward component Y, nT.
    public var east: Double
    /// Downward component Z, nT.
    public var down: Double

    /// Creates a field from its components.
    public init(north: Double, east: Double, down: Double) {
        (self.north, self.east, self.down) = (north, east, down)
    }

    /// Horizontal intensity H, nT.
    public var horizontal: Double { (north * north + east * east).squareRoot() }
    /// Total intensity F, nT.
    public var total: Double { (north * north + east * east + down * down).squareRoot() }
    /// Declination D, degrees east of true north (west negative), -180...180.
    public var declination: Double { atan2(east, north) * 180 / .pi }
    /// Inclination I, degrees below the horizontal (negative: above, in the southern magnetic hemisphere).
    public var inclination: Double { atan2(down, horizontal) * 180 / .pi }
}
