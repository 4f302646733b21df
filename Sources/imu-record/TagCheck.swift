import ActivityKit
import CommandLineSupport

/// The warning `imu-record` prints for a `--tag` other data will not share: one that is not a canonical activity
/// name (docs/labels.md) and not in `--label-map`; nil when the tag is shared. The tag is recorded as given either way.
func tagWarning(for tag: String, labels: LabelMap) -> String? {
    if let canonical = ActivityName.aliases[tag], labels.entries[tag] == nil {
        return "imu-record: the tag '\(tag)' is an old spelling of '\(canonical)'; it is recorded as given and read as "
            + "'\(canonical)'; use --tag \(canonical)"
    }
    guard !labels.knows(tag) else { return nil }
    return "imu-record: the tag '\(tag)' is not a canonical activity name (\(ActivityName.all.joined(separator: ", "))) "
        + "and not in --label-map; it is recorded as given, but models and other recordings will not share it; "
        + "use one of those names or map it with --label-map (see docs/labels.md)"
}
