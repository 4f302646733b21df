/// Groups IIO devices into IMUs: combined devices stand alone, split accelerometer and gyroscope
/// devices pair up when they share a parent device (or, on remote contexts, a name stem).
///
/// A magnetometer joins one IMU, as an optional third sensor, by this rule:
/// 1. the same IIO device (mpu9150/mpu9250: inv_mpu6050 exposes the AK89xx as `in_magn_*` channels);
/// 2. else the same group key as the IMU's accelerometer or gyroscope: the same parent device, or the same HID
///    sensor hub or cros-ec hub (`magn_3d` on `HID-SENSOR-200083.N.auto` beside `accel_3d` and `gyro_3d`);
/// 3. else behind the IMU: its i2c client sits on an adapter below the IMU's own client, the auxiliary bus that
///    inv_mpu6050 declares as an i2c gate (a GY-87's HMC5883L, `.../1-0068/i2c-2/2-001e`, below the MPU-6050's `1-0068`);
/// 4. else the same bus: its i2c client or spi device sits on the same adapter (`i2c-1`, `spi0`) as the IMU's
///    (a 9-DoF board: LSM6DSOX + LIS3MDL, LSM9DS1's accel/gyro and magnetometer parts at two i2c addresses), when
///    exactly one IMU without a magnetometer is on that bus (with two, nothing says which board it belongs to);
/// 5. on a remote context (no sysfs parents): the same name stem (`lsm9ds1-imu_accel` and `lsm9ds1_magn` share
///    `lsm9ds1`), else the only IMU with the only magnetometer.
/// Rules 1 to 3 give it to the first IMU in id order that matches and has no magnetometer yet. A magnetometer
/// nothing matches is left out (a lone compass is no IMU).
enum IMUGrouping {
    /// The IMUs formed by `devices`, in the order of their first device id.
    static func imus(from devices: [IIODeviceInfo], uri: String) -> [IMU] {
        var imus: [IMU] = []
        var groups: [String: (accelerometers: [IIODeviceInfo], gyroscopes: [IIODeviceInfo])] = [:]
        var groupOrder: [String] = []
        var magnetometers: [IIODeviceInfo] = []
        for device in devices.sorted(by: { $0.id.naturallyPrecedes($1.id) }) {
            if device.isAccelerometer && device.isGyroscope {
                imus.append(
                    IMU(
                        name: device.name, uri: uri, accelerometer: device, gyroscope: device,
                        magnetometer: device.isMagnetometer ? device : nil))
                continue
            }
            if device.isMagnetometer && !device.isAccelerometer && !device.isGyroscope {
                magnetometers.append(device)
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
                        gyroscope: gyroscope.orientedLike(accelerometer, type: .angularVelocity)))
            }
            imus += accelerometers.map {
                IMU(name: $0.name, uri: uri, accelerometer: $0, gyroscope: nil, magnetometer: $0.isMagnetometer ? $0 : nil)
            }
        }
        let sorted = imus.sorted { ($0.devices.first?.id ?? "").naturallyPrecedes($1.devices.first?.id ?? "") }
        return attach(magnetometers, to: sorted)
    }

    /// `imus` with each of `magnetometers` joined to the first IMU without one that matches it by the rule above.
    private static func attach(_ magnetometers: [IIODeviceInfo], to imus: [IMU]) -> [IMU] {
        var imus = imus
        for magnetometer in magnetometers {
            let free = imus.indices.filter { imus[$0].magnetometer == nil }
            let onBus = free.filter { index in
                imus[index].sensorDevices.contains { bus(of: $0).map { $0 == bus(of: magnetometer) } ?? false }
            }
            var chosen = free.first { imus[$0].sensorDevices.contains { groupKey(of: $0) == groupKey(of: magnetometer) } }
            if chosen == nil {
                chosen = free.first { imus[$0].sensorDevices.contains { isBehind(magnetometer, $0) } }
            }
            if chosen == nil, onBus.count == 1 { chosen = onBus.first }
            if chosen == nil, magnetometer.parentPath == nil, imus.count == 1, magnetometers.count == 1 {
                chosen = free.first
            }
            guard let index = chosen else { continue }
            let accelerometer = imus[index].accelerometer
            let sharesParent = accelerometer.map { groupKey(of: $0) == groupKey(of: magnetometer) } ?? false
            imus[index].magnetometer = sharesParent ? magnetometer.orientedLike(accelerometer, type: .magneticField) : magnetometer
        }
        return imus
    }

    /// The bus adapter a sensor's parent sits on (`.../i2c-1` for the client `1-001c`, `.../spi0` for `spi0.1`),
    /// or `nil` when its parent is no i2c client or spi device.
    static func bus(of device: IIODeviceInfo) -> String? {
        guard let parent = device.parentPath else { return nil }
        let components = parent.split(separator: "/")
        guard components.count >= 2, let adapter = components.dropLast().last,
            adapter.hasPrefix("i2c-") || (adapter.hasPrefix("spi") && adapter.dropFirst(3).allSatisfy(\.isNumber))
        else { return nil }
        return "/" + components.dropLast().joined(separator: "/")
    }

    /// Whether `magnetometer`'s bus adapter lies below `sensor`'s parent device: an i2c bus the sensor's chip provides.
    static func isBehind(_ magnetometer: IIODeviceInfo, _ sensor: IIODeviceInfo) -> Bool {
        guard let adapter = bus(of: magnetometer), let parent = sensor.parentPath else { return false }
        return adapter.hasPrefix(parent + "/")
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

    /// The part of a device name shared by an accelerometer, its gyroscope and its magnetometer: the name without
    /// its sensor suffix, and without st_lsm6dsx's `-imu` (its LSM9DS1 devices are `lsm9ds1-imu_accel` and
    /// `lsm9ds1-imu_gyro`, st_magn's is `lsm9ds1_magn`).
    static func stem(of name: String) -> String {
        if name == "accel_3d" || name == "gyro_3d" || name == "magn_3d" { return "hid-sensor-hub" }
        for suffix in ["_accel", "_gyro", "_magn", "-accel", "-gyro", "-magn"] where name.hasSuffix(suffix) {
            let stem = name.dropLast(suffix.count)
            return String(stem.hasSuffix("-imu") ? stem.dropLast(4) : stem)
        }
        return name
    }

    private static func pairName(_ accelerometer: IIODeviceInfo?, _ gyroscope: IIODeviceInfo) -> String {
        guard let accelerometer else { return gyroscope.name }
        let (a, g) = (stem(of: accelerometer.name), stem(of: gyroscope.name))
        return a == g ? a : "\(accelerometer.name)+\(gyroscope.name)"
    }
}

extension IMU {
    /// The accelerometer and gyroscope devices a magnetometer is matched against.
    fileprivate var sensorDevices: [IIODeviceInfo] { [accelerometer, gyroscope].compactMap { $0 } }
}

extension IIODeviceInfo {
    /// A split gyroscope (or a hub's magnetometer) that has no mount matrix of its own for `type` (or only the
    /// identity, which the kernel prints when firmware said nothing) takes its partner accelerometer's hwdb rotation:
    /// the hwdb describes the accelerometer, and the other sensors of the same package or hub share its axes.
    fileprivate func orientedLike(_ accelerometer: IIODeviceInfo?, type: ChannelType) -> IIODeviceInfo {
        guard let rotation = accelerometer?.hwdbMountMatrix?.rotation, mountMatrix(for: type).isIdentity else {
            return self
        }
        var oriented = self
        oriented.mountMatrices[type] = rotation
        oriented.mountMatrixSources[type] = HWDBMountMatrix.gyroscopeSource
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
