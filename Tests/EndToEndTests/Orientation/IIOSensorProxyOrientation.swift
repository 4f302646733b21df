import Foundation

/// iio-sensor-proxy's screen orientation from one accelerometer reading, written here from the
/// rules of its `orientation_calc` (src/orientation.c; cited in Fixtures/README.md): the reading is
/// in the HID sign (upright `y = -1 g`) and scaled to whole counts of 256 per 9.81 m/s^2; the
/// portrait and landscape angles must pass 35 degrees, and neither may while the other does.
enum IIOSensorProxyOrientation: String, Equatable {
    case undefined, normal
    case bottomUp = "bottom-up"
    case leftUp = "left-up"
    case rightUp = "right-up"

    /// The orientation of `acceleration` (m/s^2, HID sign) starting from `previous`, as iio-sensor-proxy computes it.
    static func of(_ acceleration: [Double], previous: Self = .undefined) -> Self {
        let threshold = 35
        let sameAxisLimit = 5
        // The reading times scale times 256 / 9.81, truncated towards zero as C's (int) cast does.
        let counts = acceleration.map { Int($0 * 256 / 9.81) }
        let (x, y, z) = (Double(counts[0]), Double(counts[1]), Double(counts[2]))
        let degrees = { (radians: Double) in Int((radians * 180 / Double.pi).rounded()) }
        let portrait = degrees(atan2(x, (y * y + z * z).squareRoot()))
        let landscape = degrees(atan2(y, (x * x + z * z).squareRoot()))
        if abs(portrait) > threshold && abs(landscape) > threshold { return previous }
        if abs(portrait) > threshold {
            let isSamePortraitAxis = previous == .leftUp || previous == .rightUp
            if isSamePortraitAxis && abs(portrait) < sameAxisLimit { return previous }
            return portrait > 0 ? .leftUp : .rightUp
        }
        if abs(landscape) > threshold {
            let isSameLandscapeAxis = previous == .bottomUp || previous == .normal
            if isSameLandscapeAxis && abs(landscape) < sameAxisLimit { return previous }
            return landscape > 0 ? .bottomUp : .normal
        }
        return previous
    }
}
