import MotionSamples

/// Estimates a magnetometer's hard and soft iron online from its raw readings (µT), as the user turns the device
/// through all orientations: CoreMotion's calibration of `CMCalibratedMagneticField`, done in the open.
///
/// Readings are kept in bounded memory, spread over directions: each goes to the ``DirectionGrid`` cell of its
/// direction from the current centre estimate, and a cell keeps its latest ``readingsPerCell`` readings, so a
/// device held still fills one cell and cannot outweigh the others. Every ``refitInterval`` readings (and whenever a
/// new cell fills) the kept readings are fitted (``EllipsoidFit``: the sphere below medium coverage, the ellipsoid
/// from it on), readings off the fit by more than three residuals (a magnet passing by) are left out and the fit
/// repeated once, and the result is checked (``MagnetometerCalibration/problem``: finite, positive definite, a
/// plausible Earth field) before it replaces ``calibration``. Readings that are not finite, zero, or longer than
/// ``readingLimit`` are ignored.
public struct MagnetometerCalibrator: Sendable {
    /// Readings kept per direction cell.
    public static let readingsPerCell = 4
    /// Accepted readings between two fits.
    public static let refitInterval = 25
    /// Longest reading accepted, µT (a magnetometer's full scale; longer is a glitch).
    public static let readingLimit = 5_000.0
    /// Fewest filled cells before any fit: the readings must span more than a plane.
    static let minimumCells = 8
    /// Smallest eigenvalue the kept readings' direction scatter (mean of `d dᵀ`) must have before a fit: 0 for
    /// directions in one plane, 1/3 for directions all round.
    static let minimumSpread = 0.02

    /// The kept readings, by direction cell.
    private var cells = [[Vector3]](repeating: [], count: DirectionGrid.cellCount)
    /// The centre the cells are taken around: the latest calibration's offset, else zero.
    private var centre = Vector3.zero
    /// Accepted readings since the last fit.
    private var sinceFit = 0
    /// Readings accepted in all.
    public private(set) var sampleCount = 0
    /// Readings ignored (not finite, zero, too long).
    public private(set) var ignoredCount = 0
    /// The latest calibration that passed its checks, or `nil` before the first.
    public private(set) var calibration: MagnetometerCalibration?
    /// The root mean square of the raw readings' norms' relative deviation from their mean, over the readings
    /// ``calibration`` was fitted to: what its ``MagnetometerCalibration/residual`` would be without correcting
    /// anything (close to it for readings that come calibrated already), or `nil` before the first calibration.
    public private(set) var uncorrectedResidual: Double?

    /// Creates a calibrator with no readings.
    public init() {}

    /// The share of direction cells that hold readings, 0...1.
    public var coverage: Double { Double(cells.count { !$0.isEmpty }) / Double(DirectionGrid.cellCount) }

    /// The device directions the field has been seen along too rarely, the least covered first: those whose cube
    /// face (``DirectionGrid``) has readings in fewer than half of its cells. Turning the device so that each of
    /// them points along the Earth's field (down and towards magnetic north in the northern hemisphere, up and
    /// towards it in the southern) fills them; empty once every face is half covered.
    public var missingDirections: [DeviceAxisDirection] {
        let filled = DeviceAxisDirection.allCases.map { direction in
            (direction, DirectionGrid.cells(facing: direction).count { !cells[$0].isEmpty })
        }
        let half = DirectionGrid.cellsPerSide * DirectionGrid.cellsPerSide / 2
        return filled.filter { $0.1 < half }.sorted { ($0.1, $0.0.rawValue) < ($1.1, $1.0.rawValue) }.map(\.0)
    }

    /// The accuracy of ``calibration``, ``MagneticFieldCalibrationAccuracy/uncalibrated`` without one.
    public var accuracy: MagneticFieldCalibrationAccuracy { calibration?.accuracy ?? .uncalibrated }

    /// Adds raw readings in µT, refitting when due.
    public mutating func add(_ readings: some Sequence<Vector3>) {
        for reading in readings { add(reading) }
    }

    /// Adds one raw reading in µT, refitting when due.
    public mutating func add(_ reading: Vector3) {
        let length = reading.norm
        guard length.isFinite, length > 0, length <= Self.readingLimit else {
            ignoredCount += 1
            return
        }
        sampleCount += 1
        sinceFit += 1
        let newCell = store(reading)
        if newCell || sinceFit >= Self.refitInterval { refit() }
    }

    /// Puts `reading` in its cell; returns whether the cell was empty.
    private mutating func store(_ reading: Vector3) -> Bool {
        let direction = reading - centre
        guard direction != .zero else { return false }
        let cell = DirectionGrid.cell(of: direction)
        let wasEmpty = cells[cell].isEmpty
        cells[cell].append(reading)
        if cells[cell].count > Self.readingsPerCell { cells[cell].removeFirst() }
        return wasEmpty
    }

    /// Fits the kept readings now (at the end of a stream, so that the last readings count) and takes the result if
    /// it passes its checks; adding readings does this when due.
    public mutating func refit() {
        sinceFit = 0
        let filled = cells.count { !$0.isEmpty }
        let coverage = self.coverage
        guard filled >= Self.minimumCells, coverage >= CalibrationAccuracyThresholds.low.coverage else { return }
        var points = cells.flatMap { $0 }
        guard Self.directionSpread(points) >= Self.minimumSpread else { return }
        let ellipsoid = coverage >= CalibrationAccuracyThresholds.medium.coverage
        func fit(_ points: [Vector3]) -> EllipsoidFit? { ellipsoid ? .ellipsoid(points) : .sphere(points) }
        guard var result = fit(points) else { return }
        let residual = result.relativeResidual(points)
        let bound = max(3 * residual, 0.02)
        let inliers = points.filter { abs(result.corrected($0).norm / result.fieldNorm - 1) <= bound }
        if inliers.count < points.count, inliers.count >= 12, let again = fit(inliers) {
            (result, points) = (again, inliers)
        }
        let finalResidual = result.relativeResidual(points)
        let candidate = MagnetometerCalibration(
            offset: result.offset, softIron: result.softIron, fieldNorm: result.fieldNorm,
            accuracy: CalibrationAccuracyThresholds.accuracy(coverage: coverage, residual: finalResidual),
            sampleCount: sampleCount, coverage: coverage, residual: min(finalResidual, 1))
        guard candidate.problem == nil, candidate.accuracy != .uncalibrated else { return }
        calibration = candidate
        uncorrectedResidual = Self.normDeviation(points)
        if (candidate.offset - centre).norm > 0.1 * candidate.fieldNorm { recentre(on: candidate.offset) }
    }

    /// Sorts the kept readings into cells again around a new centre (a cell keeps its latest readings).
    private mutating func recentre(on offset: Vector3) {
        let kept = cells.flatMap { $0 }
        centre = offset
        cells = [[Vector3]](repeating: [], count: DirectionGrid.cellCount)
        for reading in kept { _ = store(reading) }
    }

    /// The root mean square of `points`' norms' relative deviation from their mean (not empty, not all zero).
    private static func normDeviation(_ points: [Vector3]) -> Double {
        let norms = points.map(\.norm)
        let mean = norms.reduce(0, +) / Double(norms.count)
        let sum = norms.reduce(0.0) { $0 + ($1 / mean - 1) * ($1 / mean - 1) }
        return (sum / Double(norms.count)).squareRoot()
    }

    /// The smallest eigenvalue of the mean outer product of the readings' directions from their mean.
    private static func directionSpread(_ points: [Vector3]) -> Double {
        let mean = points.reduce(Vector3.zero, +) / Double(points.count)
        var scatter = [[Double]](repeating: [0, 0, 0], count: 3)
        for point in points {
            let d = point - mean
            let length = d.norm
            guard length > 0 else { continue }
            let u = [d.x / length, d.y / length, d.z / length]
            for i in 0..<3 { for j in 0..<3 { scatter[i][j] += u[i] * u[j] / Double(points.count) } }
        }
        return SymmetricEigen(scatter)?.values.min() ?? 0
    }
}
