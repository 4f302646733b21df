/// Groups IIO devices into IMUs: combined devices stand alone, split accelerometer and gyroscope
/// devices pair up when they share a parent device (or, on remote contexts, a name stem).
enum IMUGrouping {
    /// The IMUs formed by `devices`, in the order of their first device id.
    static func imus(from devices: [IIODeviceInfo], uri: String) -> [IMU] {
        var imus: [IMU] = []
        var groups: [String: (accelerometers: [IIODeviceInfo], gyroscopes: [IIODeviceInfo])] = [:]
        var groupOrder: [String] = []
        for device in devices.sorted(by: { $0.id.naturallyPrecedes($1.id) }) {
            if device.isAccelerometer && device.isGyroscope {
                imus.append(IMU(name: device.name, uri: uri, accelerometer: device, gyroscope: device))
                continue
            }
            let key = groupKey(of: device)
            if groups[key] == nil {
                groups[key] = ([], [])
                groupOrder.append(key)
            }
            if device.isAccelerometer {
                groups[key]?.accelerometers.append(device)
            } else if device.isGyroscope {
                groups[key]?.gyroscopes.append(device)
            }
        }
        for key in groupOrder {
            guard var (accelerometers, gyroscopes) = groups[key] else { continue }
            while let gyroscope = gyroscopes.first {
                gyroscopes.removeFirst()
                // The gyroscope of a convertible sits in the base: prefer the base accelerometer.
                let partnerIndex = accelerometers.firstIndex { $0.label?.contains("base") == true } ?? accelerometers.indices.first
                let accelerometer = partnerIndex.map { accelerometers.remove(at: $0) }
                imus.append(
                    IMU(
                        name: pairName(accelerometer, gyroscope), uri: uri, accelerometer: accelerometer,
                        gyroscope: gyroscope.orientedLike(accelerometer)))
            }
            imus += accelerometers.map { IMU(name: $0.name, uri: uri, accelerometer: $0, gyroscope: nil) }
        }
        return imus.sorted { ($0.devices.first?.id ?? "").naturallyPrecedes($1.devices.first?.id ?? "") }
    }

    /// The parent that ties split devices together: the sensor's parent, or its grandparent when
    /// the parent is a per-sensor MFD cell (`HID-SENSOR-200073.0.auto`, `cros-ec-accel.0`).
    static func groupKey(of device: IIODeviceInfo) -> String {
        guard let parent = device.parentPath else { return "name:" + stem(of: device.name) }
        let components = parent.split(separator: "/")
        if let last = components.last, last.hasPrefix("HID-SENSOR-") || last.hasPrefix("cros-ec-") {
            return "/" + components.dropLast().joined(separator: "/")
        }
        return parent
    }

    /// The part of a device name shared by an accelerometer and its gyroscope.
    static func stem(of name: String) -> String {
        if name == "accel_3d" || name == "gyro_3d" { return "hid-sensor-hub" }
        for suffix in ["_accel", "_gyro", "-accel", "-gyro"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    private static func pairName(_ accelerometer: IIODeviceInfo?, _ gyroscope: IIODeviceInfo) -> String {
        guard let accelerometer else { return gyroscope.name }
        let (a, g) = (stem(of: accelerometer.name), stem(of: gyroscope.name))
        return a == g ? a : "\(accelerometer.name)+\(gyroscope.name)"
    }
}

extension IIODeviceInfo {
    /// A split gyroscope that has no mount matrix of its own (or only the identity, which the kernel
    /// prints when firmware said nothing) takes its partner accelerometer's hwdb rotation: the hwdb
    /// describes the accelerometer, and the gyroscope of the same package shares its axes.
    fileprivate func orientedLike(_ accelerometer: IIODeviceInfo?) -> IIODeviceInfo {
        guard let rotation = accelerometer?.hwdbMountMatrix?.rotation, mountMatrix(for: .angularVelocity).isIdentity else {
            return self
        }
        var oriented = self
        oriented.mountMatrices[.angularVelocity] = rotation
        oriented.mountMatrixSources[.angularVelocity] = HWDBMountMatrix.gyroscopeSource
        return oriented
    }
}

extension String {
    /// Orders `iio:device2` before `iio:device10`.
    func naturallyPrecedes(_ other: String) -> Bool {
        let (lhsPrefix, lhsNumber) = splitTrailingNumber()
        let (rhsPrefix, rhsNumber) = other.splitTrailingNumber()
        return lhsPrefix == rhsPrefix ? lhsNumber < rhsNumber : self < other
    }

    private func splitTrailingNumber() -> (String, Int) {
        let digits = reversed().prefix(while: \.isNumber)
        return (String(dropLast(digits.count)), Int(String(digits.reversed())) ?? -1)
    }
}
