import Testing

@testable import DeviceMotionKit

/// The least-squares fits of the magnetometer calibration, summed in place.
@Suite("Normal equations")
struct NormalEquationsTests {
    @Test("an exactly consistent overdetermined system gives its solution; a line fit gives the least-squares line")
    func solutions() throws {
        // b = 2 x0 - 3 x1 + 0.5 for every row: the solution is exact.
        var exact = NormalEquations(width: 3)
        for (x0, x1) in [(0.0, 1.0), (1, 0), (2, 5), (-1, 3), (4, -2)] { exact.add([x0, x1, 1], value: 2 * x0 - 3 * x1 + 0.5) }
        let solution = try #require(exact.solution())
        for (found, expected) in zip(solution, [2, -3, 0.5]) { #expect(abs(found - expected) < 1e-12) }

        // y at x = 0, 1, 2, 3 is 1, 3, 2, 5: mean x 1.5, mean y 2.75, Σ dx dy = 5.5, Σ dx² = 5, so the least-squares
        // line has slope 1.1 and intercept 2.75 - 1.65 = 1.1.
        var line = NormalEquations(width: 2)
        for (x, y) in [(0.0, 1.0), (1, 3), (2, 2), (3, 5)] { line.add([x, 1], value: y) }
        let fitted = try #require(line.solution())
        #expect(abs(fitted[0] - 1.1) < 1e-12 && abs(fitted[1] - 1.1) < 1e-12)
    }

    @Test("fewer rows than unknowns, or rows that do not pin the unknowns down, give no solution")
    func underdetermined() {
        var short = NormalEquations(width: 3)
        short.add([1, 2, 3], value: 1)
        short.add([0, 1, 0], value: 2)
        #expect(short.solution() == nil)
        var dependent = NormalEquations(width: 2)
        for x in [1.0, 2, 3] { dependent.add([x, 2 * x], value: x) }
        #expect(dependent.solution() == nil)
    }
}
