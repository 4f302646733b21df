/// The canonical activity names: the one vocabulary of recordings' tags, importers, models and reports
/// (docs/labels.md). A label outside it is still accepted everywhere; it is just not shared with other data.
public enum ActivityName {
    /// Walking on level ground.
    public static let walking = "walking"
    /// Running or jogging.
    public static let running = "running"
    /// Walking up stairs.
    public static let upstairs = "upstairs"
    /// Walking down stairs.
    public static let downstairs = "downstairs"
    /// Sitting still.
    public static let sitting = "sitting"
    /// Standing still.
    public static let standing = "standing"
    /// Lying down.
    public static let lying = "lying"
    /// Riding a bicycle.
    public static let cycling = "cycling"
    /// Riding in a car or other vehicle (CoreMotion's `automotive`).
    public static let driving = "driving"
    /// Not moving, posture unknown (CoreMotion's `stationary`).
    public static let stationary = "stationary"
    /// No activity recognised (CoreMotion's `unknown`; what a classifier says below its confidence threshold).
    public static let unknown = "unknown"

    /// Every canonical name, in the order reports list them.
    public static let all = [
        walking, running, upstairs, downstairs, sitting, standing, lying, cycling, driving, stationary, unknown,
    ]

    /// Other spellings of canonical names, as earlier imports, models and CoreMotion wrote them; read as the name.
    public static let aliases = [
        "jogging": running,
        "laying": lying,
        "walking_upstairs": upstairs,
        "walking_downstairs": downstairs,
        "automotive": driving,
    ]

    /// Whether `name` is a canonical name (an alias is not).
    public static func isCanonical(_ name: String) -> Bool { all.contains(name) }
}
