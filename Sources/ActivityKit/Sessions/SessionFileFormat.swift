import DeviceMotionKit

/// A kind of file, other than a recording, that holds one labelled session: a dataset's own files, plugged into
/// ``SessionLoader`` by the module that knows the dataset (DatasetImporters), so ActivityKit knows no dataset.
public protocol SessionFileFormat: Sendable {
    /// What the files look like, for messages, e.g. `MotionSense <dws|ups|...>_<trial>/sub_<n>.csv[.gz]`.
    var expectedName: String { get }

    /// Whether the file at `path` is of this format, judged by its name alone.
    func accepts(path: String) -> Bool

    /// Reads the file at `sampleRate` Hz and hands its device motion to `deliver` in pieces as it is produced, keeping
    /// none of it; the summary's label is the dataset's label read through `labels`.
    func stream(
        at path: String, sampleRate: Double, labels: LabelMap, into deliver: ([DeviceMotion]) throws(ActivityError) -> Void
    ) throws(ActivityError) -> SessionSummary
}
