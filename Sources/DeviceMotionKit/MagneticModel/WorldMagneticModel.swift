#if canImport(Glibc)
import Glibc
#endif

/// A spherical-harmonic model of Earth's main magnetic field, as the World Magnetic Model: Gauss coefficients to
/// degree 12 (Schmidt semi-normalised) at an epoch, with a linear secular variation, valid for five years.
///
/// The synthesis follows the WMM2025 technical report (NOAA NCEI and BGS, December 2024), section 1.2: the geodetic
/// point (WGS 84) to geocentric spherical coordinates (eq. 7-8), the coefficients at the date (eq. 9), the field in
/// the geocentric frame from the Schmidt semi-normalised associated Legendre functions (eq. 10-12), rotated into the
/// geodetic frame (eq. 17), and declination and inclination from it (eq. 19). Declination is what
/// ``AttitudeReferenceFrame/xTrueNorthZVertical`` needs (``declination(latitude:longitude:height:decimalYear:)``).
///
/// ```swift
/// let declination = try WorldMagneticModel.wmm2025.declination(latitude: 52.2, longitude: 0.1, decimalYear: 2026.5)
/// ```
public struct WorldMagneticModel: Sendable {
    /// One row of the coefficient file.
    public struct Coefficient: Sendable {
        /// Degree, 1...12.
        public var n: Int
        /// Order, 0...n.
        public var m: Int
        /// Main-field coefficients at the epoch, nT.
        public var g: Double
        /// Main-field coefficients at the epoch, nT.
        public var h: Double
        /// Secular variation of `g`, nT a year.
        public var gDot: Double
        /// Secular variation of `h`, nT a year.
        public var hDot: Double

        /// Creates a row.
        public init(n: Int, m: Int, g: Double, h: Double, gDot: Double, hDot: Double) {
            (self.n, self.m, self.g, self.h, self.gDot, self.hDot) = (n, m, g, h, gDot, hDot)
        }
    }

    /// The model's name, e.g. `WMM-2025`.
    public let name: String
    /// The epoch of the coefficients, a decimal year.
    public let epoch: Double
    /// When the coefficients were released, as the file gives it.
    public let releaseDate: String
    /// Highest degree of the expansion.
    public let degree: Int
    private let g: [[Double]]
    private let h: [[Double]]
    private let gDot: [[Double]]
    private let hDot: [[Double]]

    /// The geomagnetic reference radius, km (the report's a = 6371.2 km).
    static let referenceRadius = 6371.2
    /// WGS 84 semi-major axis, km.
    static let wgs84SemiMajorAxis = 6378.137
    /// WGS 84 flattening.
    static let wgs84Flattening = 1 / 298.257223563
    /// Heights accepted, km above the WGS 84 ellipsoid: the report's range is -1 km to 850 km.
    public static let heightRange: ClosedRange<Double> = -1...850
    /// Latitudes accepted, degrees (geodetic, north positive).
    public static let latitudeRange: ClosedRange<Double> = -90...90
    /// Longitudes accepted, degrees (east positive).
    public static let longitudeRange: ClosedRange<Double> = -180...180

    /// A model of `coefficients` (every order 0...n of every degree 1...`degree` once) at `epoch`.
    public init(name: String, epoch: Double, releaseDate: String, coefficients: [Coefficient]) {
        let degree = coefficients.map(\.n).max() ?? 0
        var g = [[Double]](repeating: [Double](repeating: 0, count: degree + 1), count: degree + 1)
        var (h, gDot, hDot) = (g, g, g)
        for row in coefficients where (1...degree).contains(row.n) && (0...row.n).contains(row.m) {
            g[row.n][row.m] = row.g
            h[row.n][row.m] = row.h
            gDot[row.n][row.m] = row.gDot
            hDot[row.n][row.m] = row.hDot
        }
        self.name = name
        self.epoch = epoch
        self.releaseDate = releaseDate
        self.degree = degree
        (self.g, self.h, self.gDot, self.hDot) = (g, h, gDot, hDot)
    }

    /// The dates the model is valid for, decimal years: five years from its epoch (WMM2025: 2025.0 to 2030.0).
    public var validity: Range<Double> { epoch..<(epoch + 5) }

    /// The main field at a point: north, east and down components in nT, and declination and inclination in degrees.
    /// - Parameters:
    ///   - latitude: Geodetic latitude, degrees, -90...90 (at a pole the declination is taken an arcsecond from it,
    ///     where the longitude still means something).
    ///   - longitude: Degrees east, -180...180.
    ///   - height: Km above the WGS 84 ellipsoid, -1...850.
    ///   - decimalYear: The date as a decimal year (``decimalYear(year:month:day:)``); the caller decides what to
    ///     do outside ``validity`` (the model is extrapolated linearly).
    /// - Throws: ``MagneticModelError/outOfRange(name:value:allowed:)`` for a number outside its range or not finite.
    public func field(
        latitude: Double, longitude: Double, height: Double = 0, decimalYear: Double
    ) throws(MagneticModelError) -> GeomagneticField {
        try Self.check("latitude", latitude, Self.latitudeRange)
        try Self.check("longitude", longitude, Self.longitudeRange)
        try Self.check("height", height, Self.heightRange)
        try Self.check("date", decimalYear, (epoch - 50)...(epoch + 50))
        let poleMargin = 1.0 / 3600
        let latitude = min(max(latitude, -90 + poleMargin), 90 - poleMargin)
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180

        // Geodetic to geocentric spherical (report eq. 7-8).
        let a = Self.wgs84SemiMajorAxis
        let e2 = Self.wgs84Flattening * (2 - Self.wgs84Flattening)
        let rc = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let p = (rc + height) * cos(phi)
        let z = (rc * (1 - e2) + height) * sin(phi)
        let r = (p * p + z * z).squareRoot()
        let phiPrime = asin(z / r)

        // Schmidt semi-normalised associated Legendre functions of sin φ′ and their derivatives in colatitude.
        let (legendre, derivative) = Self.legendre(degree: degree, sinLatitude: sin(phiPrime), cosLatitude: cos(phiPrime))
        let t = decimalYear - epoch
        var (north, east, down) = (0.0, 0.0, 0.0)
        let ratio = Self.referenceRadius / r
        var radial = ratio * ratio
        for n in 1...degree {
            radial *= ratio
            for m in 0...n {
                let gnm = g[n][m] + t * gDot[n][m]
                let hnm = h[n][m] + t * hDot[n][m]
                let cosine = cos(Double(m) * lambda)
                let sine = sin(Double(m) * lambda)
                let term = gnm * cosine + hnm * sine
                north += radial * term * derivative[n][m]
                east += radial * Double(m) * (gnm * sine - hnm * cosine) * legendre[n][m]
                down -= radial * Double(n + 1) * term * legendre[n][m]
            }
        }
        east /= cos(phiPrime)
        // Geocentric to geodetic (report eq. 17).
        let turn = phiPrime - phi
        let x = north * cos(turn) - down * sin(turn)
        let zGeodetic = north * sin(turn) + down * cos(turn)
        return GeomagneticField(north: x, east: east, down: zGeodetic)
    }

    /// The magnetic declination at a point, degrees east of true north (west negative); see
    /// ``field(latitude:longitude:height:decimalYear:)``.
    public func declination(
        latitude: Double, longitude: Double, height: Double = 0, decimalYear: Double
    ) throws(MagneticModelError) -> Double {
        try field(latitude: latitude, longitude: longitude, height: height, decimalYear: decimalYear).declination
    }

    /// The decimal year of a calendar day at 0:00 UTC, as the WMM software reckons it: the year plus the days before
    /// the day over the days in the year (2025-07-02 is 2025 + 182/365).
    /// - Throws: ``MagneticModelError/invalidDate(_:)`` for a day that does not exist (2025-02-29) or a year outside
    ///   1...9999.
    public static func decimalYear(year: Int, month: Int, day: Int) throws(MagneticModelError) -> Double {
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...9999).contains(year), (1...12).contains(month), (1...lengths[month - 1]).contains(day) else {
            throw .invalidDate("\(year)-\(month)-\(day)")
        }
        let dayOfYear = lengths[..<(month - 1)].reduce(0, +) + day
        return Double(year) + Double(dayOfYear - 1) / Double(isLeap ? 366 : 365)
    }

    /// Schmidt semi-normalised P(n, m) of sin φ′ and dP/dθ (θ the colatitude), from the Gauss-normalised recursion
    /// and the Schmidt factors.
    private static func legendre(
        degree: Int, sinLatitude x: Double, cosLatitude s: Double
    ) -> (values: [[Double]], derivatives: [[Double]]) {
        var p = [[Double]](repeating: [Double](repeating: 0, count: degree + 1), count: degree + 1)
        var dp = p
        p[0][0] = 1
        for n in 1...degree {
            for m in 0...n {
                if m == n {
                    p[n][m] = s * p[n - 1][m - 1]
                    dp[n][m] = s * dp[n - 1][m - 1] + x * p[n - 1][m - 1]
                } else if n == 1 || m == n - 1 {
                    p[n][m] = x * p[n - 1][m]
                    dp[n][m] = x * dp[n - 1][m] - s * p[n - 1][m]
                } else {
                    let k = Double((n - 1) * (n - 1) - m * m) / Double((2 * n - 1) * (2 * n - 3))
                    p[n][m] = x * p[n - 1][m] - k * p[n - 2][m]
                    dp[n][m] = x * dp[n - 1][m] - s * p[n - 1][m] - k * dp[n - 2][m]
                }
            }
        }
        // Gauss to Schmidt semi-normalised: S(n, 0) = S(n-1, 0)(2n-1)/n, S(n, m) = S(n, m-1) √((n-m+1)(δ(m,1)+1)/(n+m)).
        var factor = 1.0
        for n in 1...degree {
            factor *= Double(2 * n - 1) / Double(n)
            var schmidt = factor
            for m in 0...n {
                if m > 0 { schmidt *= (Double((n - m + 1) * (m == 1 ? 2 : 1)) / Double(n + m)).squareRoot() }
                p[n][m] *= schmidt
                dp[n][m] *= schmidt
            }
        }
        return (p, dp)
    }

    private static func check(_ name: String, _ value: Double, _ range: ClosedRange<Double>) throws(MagneticModelError) {
        guard value.isFinite, range.contains(value) else { throw .outOfRange(name: name, value: value, allowed: range) }
    }
}
