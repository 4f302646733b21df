/// CoreMotion's activity kinds (`CMMotionActivity`'s flags), each canonical name mapped onto one of them.
public enum CoreMotionActivity: String, CaseIterable, Sendable {
    /// The device is not moving: sitting, standing, lying or stationary.
    case stationary
    /// On foot, walking: walking, upstairs, downstairs.
    case walking
    /// On foot, running.
    case running
    /// In a vehicle: driving.
    case automotive
    /// On a bicycle: cycling.
    case cycling
    /// None of the above, or not recognised.
    case unknown

    /// The kind a canonical activity name (or one of its aliases) belongs to; `unknown` for any other label.
    public init(activity name: String) {
        switch ActivityName.aliases[name] ?? name {
        case ActivityName.sitting, ActivityName.standing, ActivityName.lying, ActivityName.stationary: self = .stationary
        case ActivityName.walking, ActivityName.upstairs, ActivityName.downstairs: self = .walking
        case ActivityName.running: self = .running
        case ActivityName.driving: self = .automotive
        case ActivityName.cycling: self = .cycling
        default: self = .unknown
        }
    }
}
