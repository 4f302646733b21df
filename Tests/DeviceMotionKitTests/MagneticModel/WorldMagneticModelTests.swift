import DeviceMotionKit
import Testing

/// The WMM2025 synthesis against NOAA's published test values and against pygeomag on a grid; no network.
@Suite("World Magnetic Model 2025")
struct WorldMagneticModelTests {
    let model = WorldMagneticModel.wmm2025

    /// The WMM2025 technical report (NOAA NCEI and BGS, December 2024), Table 6 "Test values for WMM2025": decimal
    /// year, height (km), geodetic latitude and longitude (°), declination (°, printed to 0.01°). The same values
    /// are NCEI's `WMM2025_TEST_VALUES.txt`.
    static let reportTable6: [(year: Double, height: Double, latitude: Double, longitude: Double, declination: Double)] = [
        (2025.0, 0, 80, 0, 1.28), (2025.0, 0, 0, 120, -0.16), (2025.0, 0, -80, 240, 68.78),
        (2025.0, 100, 80, 0, 0.85), (2025.0, 100, 0, 120, -0.15), (2025.0, 100, -80, 240, 68.21),
        (2027.5, 0, 80, 0, 2.59), (2027.5, 0, 0, 120, -0.24), (2027.5, 0, -80, 240, 68.49),
        (2027.5, 100, 80, 0, 2.16), (2027.5, 100, 0, 120, -0.23), (2027.5, 100, -80, 240, 67.93),
    ]

    @Test("The report's Table 6 declinations, to half their last printed digit")
    func reportTestValues() throws {
        for row in Self.reportTable6 {
            // The table's 240° E is -120° in the -180...180 the API takes.
            let longitude = row.longitude > 180 ? row.longitude - 360 : row.longitude
            let declination = try model.declination(
                latitude: row.latitude, longitude: longitude, height: row.height, decimalYear: row.year)
            #expect(abs(declination - row.declination) <= 0.005, "\(row): \(declination)")
        }
    }

    @Test("The report's worked example (Table 3b): 2027.5, 100 km, 80° S, 240° E, to 1e-6 nT")
    func reportWorkedExample() throws {
        let field = try model.field(latitude: -80, longitude: -120, height: 100, decimalYear: 2027.5)
        // Table 3b prints X, Y, Z to ten decimals: 5983.9760496518, 14760.1359757868, -49317.6706154255 nT, and
        // D = 1.1856308407 rad, I = -1.2584221541 rad.
        #expect(abs(field.north - 5983.976_049_651_8) < 1e-6)
        #expect(abs(field.east - 14760.135_975_786_8) < 1e-6)
        #expect(abs(field.down - -49317.670_615_425_5) < 1e-6)
        #expect(abs(field.declination - 1.185_630_840_7 * 180 / .pi) < 1e-8)
        #expect(abs(field.inclination - -1.258_422_154_1 * 180 / .pi) < 1e-8)
        #expect(abs(field.total - 51825.690_717_231_4) < 1e-6)
    }

    @Test("pygeomag 1.1.0's declinations on a grid of 792 points (Fixtures/wmm/make-reference-grid.py), to 1e-6°")
    func pythonReferenceGrid() throws {
        var worst = 0.0
        for (year, height, latitude, longitude, expected) in wmmReferenceGrid {
            let declination = try model.declination(latitude: latitude, longitude: longitude, height: height, decimalYear: year)
            worst = max(worst, abs(declination - expected))
        }
        #expect(wmmReferenceGrid.count == 792)
        #expect(worst < 1e-6, "largest difference \(worst)°")
    }

    @Test("Decimal years as the WMM software reckons them; days that do not exist refused")
    func decimalYears() throws {
        #expect(try WorldMagneticModel.decimalYear(year: 2025, month: 1, day: 1) == 2025)
        #expect(try WorldMagneticModel.decimalYear(year: 2025, month: 7, day: 2) == 2025 + 182.0 / 365)
        #expect(try WorldMagneticModel.decimalYear(year: 2028, month: 12, day: 31) == 2028 + 365.0 / 366)
        #expect(throws: MagneticModelError.invalidDate("2025-2-29")) { try WorldMagneticModel.decimalYear(year: 2025, month: 2, day: 29) }
        #expect(throws: MagneticModelError.self) { try WorldMagneticModel.decimalYear(year: 2025, month: 13, day: 1) }
        #expect(throws: MagneticModelError.self) { try WorldMagneticModel.decimalYear(year: 0, month: 1, day: 1) }
    }

    @Test("Latitude, longitude, height and date out of range or not finite: refused; the poles give a finite field")
    func ranges() throws {
        for (latitude, longitude, height) in [(90.5, 0.0, 0.0), (-91, 0, 0), (0, 180.1, 0), (0, .nan, 0), (0, 0, 900), (.infinity, 0, 0)] {
            #expect(throws: MagneticModelError.self) {
                try model.field(latitude: latitude, longitude: longitude, height: height, decimalYear: 2026)
            }
        }
        #expect(throws: MagneticModelError.self) { try model.field(latitude: 0, longitude: 0, decimalYear: 1e300) }
        for latitude in [90.0, -90.0] {
            let field = try model.field(latitude: latitude, longitude: 0, decimalYear: 2026)
            #expect(field.declination.isFinite && field.total > 50_000)
        }
        #expect(model.validity == 2025.0..<2030.0)
    }
}
