import MotionSamples

extension MountMatrix {
    /// The transpose: for a rotation, its inverse (device axes back onto the chip's).
    var transposed: MountMatrix {
        MountMatrix(rows: (0..<3).map { column in Vector3(x: rows[0][column], y: rows[1][column], z: rows[2][column]) })
    }

    /// `self · other`: `other` applied first, then `self`.
    func composed(after other: MountMatrix) -> MountMatrix {
        let columns = other.transposed.rows
        return MountMatrix(
            rows: rows.map { row in
                let r = Vector3(x: row[0], y: row[1], z: row[2])
                return Vector3(
                    x: r.dot(Vector3(x: columns[0][0], y: columns[0][1], z: columns[0][2])),
                    y: r.dot(Vector3(x: columns[1][0], y: columns[1][1], z: columns[1][2])),
                    z: r.dot(Vector3(x: columns[2][0], y: columns[2][1], z: columns[2][2])))
            })
    }
}
