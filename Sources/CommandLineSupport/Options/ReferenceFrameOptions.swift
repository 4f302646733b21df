import ArgumentParser
import DeviceMotionKit

#if canImport(Glibc)
import Glibc
#endif

/// The attitude reference frame of device motion: `--reference-frame NAME` (CoreMotion's
/// `CMAttitudeReferenceFrame` names in kebab case, or as CoreMotion spells them), and for true north either
/// `--declination DEG` or `--latitude DEG --longitude DEG [--date YYYY-MM-DD]`, the declination then from the World
/// Magnetic Model (``WorldMagneticModel/wmm2025``).
public struct ReferenceFrameOptions: ParsableArguments, Sendable {
    /// Magnetic declinations accepted, in degrees.
    public static let declinationRange: ClosedRange<Double> = -180...180
    /// The model `--latitude` and `--longitude` are looked up in.
    public static let magneticModel = WorldMagneticModel.wmm2025

    /// The frame's name as given (`--reference-frame`).
    @Option(
        name: .customLong("reference-frame"),
        help: ArgumentHelp(
            "Attitude reference frame: x-arbitrary-z-vertical (default, no magnetometer), x-arbitrary-corrected-z-vertical, x-magnetic-north-z-vertical or x-true-north-z-vertical (CoreMotion's spelling, e.g. xMagneticNorthZVertical, works too); all but the first need magnetometer readings.",
            valueName: "name"))
    public var referenceFrameName = AttitudeReferenceFrame.xArbitraryZVertical.name ?? ""

    /// The magnetic declination (`--declination`), degrees east of true north.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Magnetic declination at the device's place, in degrees east of true north (west negative), -180...180; for x-true-north-z-vertical, instead of --latitude and --longitude.",
            valueName: "deg"))
    public var declination: Double?

    /// The device's geodetic latitude (`--latitude`), degrees north.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The device's latitude, degrees north (south negative), -90...90: x-true-north-z-vertical's declination from the World Magnetic Model 2025.",
            valueName: "deg"))
    public var latitude: Double?

    /// The device's longitude (`--longitude`), degrees east.
    @Option(
        parsing: .unconditional, help: ArgumentHelp("The device's longitude, degrees east (west negative), -180...180.", valueName: "deg"))
    public var longitude: Double?

    /// The date the declination is for (`--date`), `YYYY-MM-DD`.
    @Option(
        help: ArgumentHelp(
            "The date of the World Magnetic Model's declination, YYYY-MM-DD in 2025-01-01...2029-12-31 (WMM2025's validity). Default: today (UTC).",
            valueName: "date"))
    public var date: String?

    /// Creates the options with their defaults.
    public init() {}

    /// The frame named by `--reference-frame`.
    public var referenceFrame: AttitudeReferenceFrame {
        AttitudeReferenceFrame(name: referenceFrameName) ?? .xArbitraryZVertical
    }

    /// The declination for true north: `--declination`, or the World Magnetic Model's at `--latitude`,
    /// `--longitude` and `--date`; `nil` when neither was given (checked by ``validate()``).
    public var trueNorthDeclination: Double? {
        if let declination { return declination }
        guard let latitude, let longitude, let year = try? decimalYear() else { return nil }
        return try? Self.magneticModel.declination(latitude: latitude, longitude: longitude, decimalYear: year)
    }

    /// `--date` (or today, UTC) as a decimal year.
    private func decimalYear() throws -> Double {
        guard let date else {
            var now = time(nil)
            var parts = tm()
            gmtime_r(&now, &parts)
            return try WorldMagneticModel.decimalYear(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        }
        let fields = date.split(separator: "-", omittingEmptySubsequences: false)
        guard date.utf8.count == 10, fields.map(\.count) == [4, 2, 2], fields.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2])
        else { throw ValidationError("--date \(date.prefix(40)) is not a date; pass YYYY-MM-DD, e.g. 2026-06-21") }
        do {
            return try WorldMagneticModel.decimalYear(year: year, month: month, day: day)
        } catch {
            throw ValidationError("--date \(date) is not a calendar date; pass YYYY-MM-DD, e.g. 2026-06-21")
        }
    }

    /// Refuses an unknown frame name, numbers out of range, a declination given both ways or not at all for true
    /// north, and a date outside the model's validity.
    public func validate() throws {
        guard AttitudeReferenceFrame(name: referenceFrameName) != nil else {
            let names = AttitudeReferenceFrame.all.compactMap(\.name).joined(separator: ", ")
            throw ValidationError("--reference-frame \(referenceFrameName) is not a reference frame; pass one of \(names)")
        }
        if let declination { try requireFlag("--declination", declination, in: Self.declinationRange, unit: "degrees") }
        if let latitude { try requireFlag("--latitude", latitude, in: WorldMagneticModel.latitudeRange, unit: "degrees") }
        if let longitude { try requireFlag("--longitude", longitude, in: WorldMagneticModel.longitudeRange, unit: "degrees") }
        let place = latitude != nil || longitude != nil || date != nil
        if declination != nil && place {
            throw ValidationError("give either --declination DEG or --latitude DEG --longitude DEG [--date YYYY-MM-DD], not both")
        }
        if place && (latitude == nil || longitude == nil) {
            throw ValidationError("--latitude and --longitude go together (--date needs them too)")
        }
        if (declination != nil || place) && referenceFrame != .xTrueNorthZVertical {
            throw ValidationError(
                "--declination, --latitude, --longitude and --date only apply with --reference-frame x-true-north-z-vertical")
        }
        if place {
            let year = try decimalYear()
            let model = Self.magneticModel
            guard model.validity.contains(year) else {
                throw ValidationError(
                    "--date \(date ?? "today") is outside \(model.name)'s validity (2025-01-01 to 2029-12-31), where its declination is not known; pass --declination DEG from a newer model"
                )
            }
        }
        if referenceFrame == .xTrueNorthZVertical && declination == nil && !place {
            throw ValidationError(
                "--reference-frame x-true-north-z-vertical needs --latitude DEG --longitude DEG (the World Magnetic Model's declination there) or --declination DEG; or use x-magnetic-north-z-vertical"
            )
        }
    }
}
