/// Says once on stderr (unless `--quiet`) that `old` still works for one release and what to write instead, e.g.
/// `imu-stream: --rate is deprecated, use --sensor-rate`; `meaning` adds what the old spelling does now where that
/// differs from the new vocabulary.
public func noteDeprecated(_ old: String, tool: String, use replacement: String, meaning: String? = nil) {
    let note = "\(tool): \(old) is deprecated, use \(replacement)"
    printStatus(meaning.map { "\(note) (\($0))" } ?? note)
}
