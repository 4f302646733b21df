import ActivityKit

/// What `--version` prints for every tool: the project's version, the git revision it was built from and the model
/// format version it reads and writes.
public enum ToolVersion {
    /// imu-bridge's release version (the one models record, ``ProjectVersion``).
    public static let project = ProjectVersion.current

    /// The git revision of the build (`unknown` when built outside a git checkout, e.g. from a tarball).
    public static let revision = gitRevision

    /// The one line `--version` prints, e.g. `imu-bridge 0.11.0 (git 3f2a9c1d0b7e), model format 2`.
    public static let line =
        "imu-bridge \(project) (git \(revision)), model format \(ActivityModel.currentFormatVersion)"
}
