/// Why a World Magnetic Model cannot give a field.
public enum MagneticModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A latitude, longitude, height or date outside its range, or not a number.
    case outOfRange(name: String, value: Double, allowed: ClosedRange<Double>)
    /// A calendar date that does not exist.
    case invalidDate(String)

    /// One line saying what was wrong.
    public var description: String {
        switch self {
        case .outOfRange(let name, let value, let allowed):
            "\(name) \(value) is outside \(allowed.lowerBound)...\(allowed.upperBound)"
        case .invalidDate(let text):
            "\(text) is not a calendar date (YYYY-MM-DD)"
        }
    }
}
