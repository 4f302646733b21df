import IIOSensors

/// The mount-matrix parsers: the kernel's `mount_matrix` and systemd's hwdb `ACCEL_MOUNT_MATRIX` (both signs).
enum MountMatrixTarget {
    /// The target.
    static let target = FuzzTarget(name: "mount-matrix", summary: "MountMatrix(parsing:), HWDBMountMatrix(parsing:sign:)") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        if let matrix = try? MountMatrix(parsing: text) {
            precondition(matrix.rows.allSatisfy { $0.allSatisfy(\.isFinite) }, "a matrix entry that is not finite")
            precondition((try? MountMatrix(parsing: matrix.description)) == matrix, "a matrix that does not survive its own notation")
        }
        for sign in [AccelerationSign.specificForce, .coreMotion] {
            guard let hwdb = try? HWDBMountMatrix(parsing: text, sign: sign) else { continue }
            let rows = hwdb.rotation.rows
            for i in 0..<3 {
                for j in 0..<3 {
                    let dot = (0..<3).reduce(0.0) { $0 + rows[i][$1] * rows[j][$1] }
                    precondition(abs(dot - (i == j ? 1 : 0)) < 1e-5, "an hwdb rotation whose rows are not orthonormal")
                }
            }
            let determinant =
                rows[0][0] * (rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1]) - rows[0][1]
                * (rows[1][0] * rows[2][2] - rows[1][2] * rows[2][0])
                + rows[0][2] * (rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0])
            precondition(abs(determinant - 1) < 1e-5, "an hwdb rotation that is not proper")
        }
    }
}
