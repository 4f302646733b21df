/// The process exit statuses of every imu-bridge tool, as the README's table documents them.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Everything worked (or the user interrupted with Ctrl-C).
    case success = 0
    /// Any failure without a status of its own.
    case failure = 1
    /// `/sys/bus/iio/devices` does not exist.
    case noIIOSubsystem = 3
    /// IIO exists but has no accelerometer.
    case noAccelerometer = 4
    /// The requested IMU does not exist.
    case noSuchIMU = 5
    /// A device node or sysfs attribute may not be opened or written.
    case permissionDenied = 6
    /// The sensor disappeared while in use.
    case sensorRemoved = 7
    /// The sensor gave no samples in time.
    case noSamplesInTime = 8
    /// A sysfs value could not be parsed or is out of range.
    case malformedSysfsValue = 9
    /// A remote `iiod` could not be reached.
    case remoteUnreachable = 10
    /// A recording (or another output file) could not be written.
    case outputNotWritten = 11
    /// An input file is missing, unreadable, malformed, or holds a number outside its documented range.
    case badInput = 12
    /// A model file is unreadable, from another version, or holds values that are not finite or out of range.
    case modelRefused = 13
    /// The input was read but holds too little to answer: nothing to import, no complete window to classify.
    case notEnoughData = 14
    /// The sensor cannot be read: its buffer is held by another reader and it has no `*_raw` to poll, or it
    /// offers neither a usable buffer nor `*_raw`.
    case sensorBusy = 15
    /// The history database is not one this version can read: not SQLite, damaged, another application's, or of a
    /// newer (or, read-only, older) schema.
    case historyRefused = 16
    /// Messages for the MQTT broker (`--mqtt`) were still undelivered at the end: it was unreachable.
    case brokerUnreachable = 17
    /// The command line is wrong (ArgumentParser's usage errors, a flag outside its range).
    case usage = 64
    /// A second Ctrl-C or SIGTERM while the first one's clean stop was under way: the tool exits at once
    /// (128 + SIGINT, as a shell reports a process killed by it).
    case interruptedAgain = 130
}
