extension IIOInventory {
    /// The barometer whose pressure goes with `imu`'s motion (imu-steps' floors), by this rule:
    /// 1. one with the same group key as the IMU's accelerometer or gyroscope: the same parent device, or the same HID
    ///    sensor hub (`press` beside `accel_3d`) or cros-ec hub;
    /// 2. else one on the same i2c adapter or spi bus as the IMU's sensors (a 10-DoF board: an IMU and a BMP280 at two
    ///    addresses of `i2c-1`);
    /// 3. else the only barometer there is: a barometer anywhere on the machine measures the same air, so with one
    ///    present nothing is ambiguous; with two or more and none beside the IMU, none is taken.
    /// Among several that match rule 1 or 2, the first in id order. `nil` when there is no barometer.
    public func barometer(for imu: IMU) -> IIODeviceInfo? {
        let sensors = [imu.accelerometer, imu.gyroscope].compactMap { $0 }
        let keys = Set(sensors.map(IMUGrouping.groupKey))
        if let sameParent = barometers.first(where: { $0.parentPath != nil && keys.contains(IMUGrouping.groupKey(of: $0)) }) {
            return sameParent
        }
        let buses = Set(sensors.compactMap(IMUGrouping.bus))
        if let sameBus = barometers.first(where: { IMUGrouping.bus(of: $0).map(buses.contains) ?? false }) {
            return sameBus
        }
        return barometers.count == 1 ? barometers.first : nil
    }

    /// The barometers no IMU takes by ``barometer(for:)``, in id order (listed on their own by imu-list).
    public var unpairedBarometers: [IIODeviceInfo] {
        let paired = Set(imus.compactMap { barometer(for: $0)?.id })
        return barometers.filter { !paired.contains($0.id) }
    }
}
