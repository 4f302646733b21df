/// How a barometer's sysfs text becomes kilopascal, range-checked (kernel ABI, Documentation/ABI/testing/sysfs-bus-iio:
/// `in_pressure_input` is kPa as printed; `in_pressure_raw` becomes kPa by `(raw + offset) × scale`).
public enum PressureReading {
    /// The pressures accepted, in kPa: Earth's surface, from the Dead Sea (about 107 kPa) to the highest towns and
    /// summits (Everest's about 33 kPa). A value outside is a broken sensor or driver, never a reading.
    public static let acceptedRange: ClosedRange<Double> = 30...110
    /// What an accepted value is, for error messages.
    static let expectation = "a pressure of 30...110 kPa (Earth's surface)"

    /// The kilopascal of an `in_pressure_input` text (`100.125000000`, bmp280's IIO_VAL_FRACTIONAL print), or `nil`
    /// when it is no number or outside ``acceptedRange`` (NaN, `1e300`, negative).
    public static func kilopascal(input text: String) -> Double? {
        guard let value = Double(text.trimmingWhitespace) else { return nil }
        return accepted(value)
    }

    /// The kilopascal of an `in_pressure_raw` text after `offset` and `scale`, or `nil` when the raw value is no
    /// number or the result is outside ``acceptedRange``.
    public static func kilopascal(raw text: String, scale: Double, offset: Double) -> Double? {
        guard let raw = Double(text.trimmingWhitespace), raw.isFinite else { return nil }
        return accepted((raw + offset) * scale)
    }

    private static func accepted(_ kilopascal: Double) -> Double? {
        kilopascal.isFinite && acceptedRange.contains(kilopascal) ? kilopascal : nil
    }
}
