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

/// Refuses a fraction flag outside (0, 1] (0 itself excluded) with a usage error (exit status 64) naming the flag,
/// the value and the range, e.g. `--learning-rate 0 is outside (0, 1]`.
public func requireFraction(_ flag: String, _ value: Double) throws {
    guard !(value > 0 && value <= 1) else { return }
    throw ValidationError("\(flag) \(value.messageText) is outside (0, 1]; pass a value above 0 and at most 1")
}
