import MotionSamples

extension MountMatrix {
    /// The transpose: for a rotation, its inverse (device axes back onto the chip's).
    var transposed: MountMatrix {
        MountMatrix(
            xRow: Vector3(x: xRow.x, y: yRow.x, z: zRow.x),
            yRow: Vector3(x: xRow.y, y: yRow.y, z: zRow.y),
            zRow: Vector3(x: xRow.z, y: yRow.z, z: zRow.z))
    }

    /// `self · other`: `other` applied first, then `self`.
    func composed(after other: MountMatrix) -> MountMatrix {
        let columns = other.transposed
        return MountMatrix(xRow: columns.apply(xRow), yRow: columns.apply(yRow), zRow: columns.apply(zRow))
    }
}
