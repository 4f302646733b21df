import MotionSamples

/// A coarse grid on the sphere of directions: each face of the unit cube cut into ``cellsPerSide`` × ``cellsPerSide``
/// cells (a cube map), a direction's cell being where it meets the cube. The cells are roughly equal in size (within
/// a factor of about 2.6 in solid angle), which is all direction coverage needs.
enum DirectionGrid {
    /// Cells along each side of a face.
    static let cellsPerSide = 4
    /// Cells on the whole sphere.
    static let cellCount = 6 * cellsPerSide * cellsPerSide

    /// The cells of the cube face `direction` points through (its ``cellsPerSide`` × ``cellsPerSide`` cells).
    static func cells(facing direction: DeviceAxisDirection) -> Range<Int> {
        let perFace = cellsPerSide * cellsPerSide
        return direction.rawValue * perFace..<(direction.rawValue + 1) * perFace
    }

    /// The cell of `direction` (any length but zero, finite), in `0..<cellCount`.
    static func cell(of direction: Vector3) -> Int {
        let magnitudes = (abs(direction.x), abs(direction.y), abs(direction.z))
        let face: Int
        let (u, v, major): (Double, Double, Double)
        if magnitudes.0 >= magnitudes.1 && magnitudes.0 >= magnitudes.2 {
            face = direction.x >= 0 ? 0 : 1
            (u, v, major) = (direction.y, direction.z, magnitudes.0)
        } else if magnitudes.1 >= magnitudes.2 {
            face = direction.y >= 0 ? 2 : 3
            (u, v, major) = (direction.x, direction.z, magnitudes.1)
        } else {
            face = direction.z >= 0 ? 4 : 5
            (u, v, major) = (direction.x, direction.y, magnitudes.2)
        }
        func index(_ coordinate: Double) -> Int {
            min(cellsPerSide - 1, max(0, Int((coordinate / major + 1) / 2 * Double(cellsPerSide))))
        }
        return (face * cellsPerSide + index(u)) * cellsPerSide + index(v)
    }
}
