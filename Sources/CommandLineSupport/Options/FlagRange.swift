import ArgumentParser
import MotionSamples

/// Refuses a numeric flag outside its documented range with a usage error (exit status 64) naming the flag, the
/// value and the range, e.g. `--rate 1e+19 is outside 0.1...1000 Hz`.
public func requireFlag<Value: Comparable>(
    _ flag: String, _ value: Value, in range: ClosedRange<Value>, unit: String = ""
) throws {
    guard !range.contains(value) else { return }
    let suffix = unit.isEmpty ? "" : " \(unit)"
    func text(_ number: Value) -> String { (number as? Double)?.messageText ?? "\(number)" }
    throw ValidationError(
        "\(flag) \(text(value)) is outside \(text(range.lowerBound))...\(text(range.upperBound))\(suffix); pass a value in that range"
    )
}
