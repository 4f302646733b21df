import Testing

@testable import IIOSensors

/// The kernel ABI's pressure units (Documentation/ABI/testing/sysfs-bus-iio: kilopascal after offset and scale) and the
/// range check of every value, on the drivers' real print formats.
@Suite("Pressure readings")
struct PressureReadingTests {
    @Test("bmp280's in_pressure_input (IIO_VAL_FRACTIONAL, 9 decimals) is kPa as printed")
    func input() {
        #expect(PressureReading.kilopascal(input: "100.125000000") == 100.125)
        #expect(PressureReading.kilopascal(input: "101.325000000\n") == 101.325)
    }

    @Test("st_pressure's raw × scale (0.000024414 kPa per count) and an offset are kPa")
    func raw() {
        #expect(PressureReading.kilopascal(raw: "4149248", scale: 0.000024414, offset: 0) == 4_149_248 * 0.000024414)
        #expect(PressureReading.kilopascal(raw: "-100", scale: 0.01, offset: 10_100) == 100)
    }

    @Test(
        "values that are no number or no pressure on Earth's surface are refused",
        arguments: ["nan", "-nan", "inf", "1e300", "-101.3", "0", "29.999", "110.001", "abc", "", "101.3 kPa"])
    func refused(text: String) {
        #expect(PressureReading.kilopascal(input: text) == nil)
        #expect(PressureReading.kilopascal(raw: text, scale: 1, offset: 0) == nil)
    }

    @Test("a raw value that overflows after scale is refused")
    func overflow() {
        #expect(PressureReading.kilopascal(raw: "1e308", scale: 1000, offset: 0) == nil)
        #expect(PressureReading.kilopascal(raw: "4149248", scale: 1, offset: 0) == nil)
    }
}
