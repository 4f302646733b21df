import ArgumentParser
import DeviceMotionKit

/// The attitude reference frame of device motion: `--reference-frame NAME` (CoreMotion's
/// `CMAttitudeReferenceFrame` names in kebab case, or as CoreMotion spells them) and `--declination DEG` for true
/// north.
public struct ReferenceFrameOptions: ParsableArguments, Sendable {
    /// Magnetic declinations accepted, in degrees.
    public static let declinationRange: ClosedRange<Double> = -180...180

    /// The frame's name as given (`--reference-frame`).
    @Option(
        name: .customLong("reference-frame"),
        help: ArgumentHelp(
            "Attitude reference frame: x-arbitrary-z-vertical (default, no magnetometer), x-arbitrary-corrected-z-vertical, x-magnetic-north-z-vertical or x-true-north-z-vertical (CoreMotion's spelling, e.g. xMagneticNorthZVertical, works too); all but the first need magnetometer readings.",
            valueName: "name"))
    public var referenceFrameName = AttitudeReferenceFrame.xArbitraryZVertical.name ?? ""

    /// The magnetic declination (`--declination`), degrees east of true north.
    @Option(
        help: ArgumentHelp(
            "Magnetic declination at the device's place, in degrees east of true north (west negative), -180...180, from a World Magnetic Model calculator; needed by x-true-north-z-vertical.",
            valueName: "deg"))
    public var declination: Double?

    /// Creates the options with their defaults.
    public init() {}

    /// The frame named by `--reference-frame`.
    public var referenceFrame: AttitudeReferenceFrame {
        AttitudeReferenceFrame(name: referenceFrameName) ?? .xArbitraryZVertical
    }

    /// Refuses an unknown frame name, a declination out of range, and true north without a declination.
    public func validate() throws {
        guard AttitudeReferenceFrame(name: referenceFrameName) != nil else {
            let names = AttitudeReferenceFrame.all.compactMap(\.name).joined(separator: ", ")
            throw ValidationError("--reference-frame \(referenceFrameName) is not a reference frame; pass one of \(names)")
        }
        if let declination { try requireFlag("--declination", declination, in: Self.declinationRange, unit: "degrees") }
        if referenceFrame == .xTrueNorthZVertical && declination == nil {
            throw ValidationError(
                "--reference-frame x-true-north-z-vertical needs --declination DEG (degrees east of true north at the device's place); or use x-magnetic-north-z-vertical"
            )
        }
    }
}
