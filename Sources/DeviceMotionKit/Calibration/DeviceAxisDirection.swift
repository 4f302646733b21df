/// One of the six directions along the device's axes (`+x`, `-x`, ... in CoreMotion's device frame): what
/// ``MagnetometerCalibrator/missingDirections`` names so that a user knows which way to turn the device next.
public enum DeviceAxisDirection: Int, CaseIterable, Hashable, Sendable {
    /// Along +x.
    case plusX
    /// Along -x.
    case minusX
    /// Along +y.
    case plusY
    /// Along -y.
    case minusY
    /// Along +z.
    case plusZ
    /// Along -z.
    case minusZ

    /// The name shown to a user: `+x`, `-x`, `+y`, `-y`, `+z`, `-z`.
    public var name: String {
        switch self {
        case .plusX: "+x"
        case .minusX: "-x"
        case .plusY: "+y"
        case .minusY: "-y"
        case .plusZ: "+z"
        case .minusZ: "-z"
        }
    }
}
