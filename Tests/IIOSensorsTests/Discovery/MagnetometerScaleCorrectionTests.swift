import Testing

@testable import IIOSensors

/// The drivers whose `in_magn_scale` is not Gauss per count, and only the values they are known to print.
@Suite("Magnetometer scale corrections")
struct MagnetometerScaleCorrectionTests {
    @Test("bno055: 1/160 printed, the datasheet's 16 counts per µT meant (1/1600 G); another value is read as it is")
    func bno055() {
        #expect(MagnetometerScaleCorrection.corrected(0.00625, driver: "bno055") == (1.0 / 1600, true))
        #expect(MagnetometerScaleCorrection.corrected(0.000625, driver: "bno055") == (0.000625, false))
    }

    @Test("hmc5843 family: every gain of the driver's tables, printed as rounded 10^7/gain nano-Gauss, becomes 1/gain G")
    func hmc5843Family() {
        let printed: [(String, Double, Int)] = [
            ("hmc5883l", 0.000007299, 1370), ("hmc5883l", 0.000009174, 1090), ("hmc5883l", 0.000015152, 660),
            ("hmc5883l", 0.000043478, 230), ("hmc5983", 0.000009174, 1090), ("hmc5843", 0.000006173, 1620),
            ("hmc5843", 0.000012821, 780), ("hmc5883", 0.000007812, 1280), ("hmc5883", 0.000045662, 219),
        ]
        for (name, scale, gain) in printed {
            #expect(MagnetometerScaleCorrection.corrected(scale, driver: name) == (1.0 / Double(gain), true), "\(name) \(scale)")
        }
        #expect(MagnetometerScaleCorrection.corrected(0.000917431, driver: "hmc5883l") == (0.000917431, false))
    }

    @Test("other magnetometers keep their scale")
    func others() {
        for (name, scale) in [("lis3mdl", 0.000146), ("bmm150_magn", 0.000625), ("mpu9250", 0.001781), ("magn_3d", 0.001)] {
            #expect(MagnetometerScaleCorrection.corrected(scale, driver: name) == (scale, false))
        }
    }
}
