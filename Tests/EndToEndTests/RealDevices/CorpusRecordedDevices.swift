/// One device as a libiio dump records it: id, name and scan elements in libiio's own spelling.
struct CorpusRecordedDevice: Equatable, CustomStringConvertible {
    let id: String
    let name: String
    /// `channel@index format` for each scan element, by scan index (`be:S32/32>>0`: libiio's upper case).
    let scanElements: [String]

    init(_ id: String, _ name: String, _ scanElements: [String] = []) {
        self.id = id
        self.name = name
        self.scanElements = scanElements
    }

    var description: String { "\(id) \(name): \(scanElements.joined(separator: ", "))" }

    /// Every IIO device and trigger of each libiio dump (hwmon devices left out), generated from the dumps (sources in
    /// Fixtures/README.md): libiio reading a converted tree back must list exactly these.
    static let recorded: [String: [CorpusRecordedDevice]] = [
        "rpi4-adxl345": [
            CorpusRecordedDevice("iio:device0", "adxl345"),
            CorpusRecordedDevice("iio_sysfs_trigger", ""),
        ],
        "rpi-adxl355": [
            CorpusRecordedDevice(
                "iio:device0", "adxl355",
                ["accel_x@0 be:s20/32>>4", "accel_y@1 be:s20/32>>4", "accel_z@2 be:s20/32>>4", "timestamp@4 le:S64/64>>0"]),
            CorpusRecordedDevice("iio_sysfs_trigger", ""),
            CorpusRecordedDevice("trigger0", "adxl355-dev0"),
        ],
        "rpi4-adxl382": [
            CorpusRecordedDevice(
                "iio:device0", "adxl382",
                ["accel_x@0 be:S16/16>>0", "accel_y@1 be:S16/16>>0", "accel_z@2 be:S16/16>>0", "temp@3 be:s12/16>>4"])
        ],
        "rpi4-adis16505-2": [
            CorpusRecordedDevice(
                "iio:device0", "adis16505-2",
                [
                    "anglvel_x@0 be:S32/32>>0", "anglvel_y@1 be:S32/32>>0", "anglvel_z@2 be:S32/32>>0", "accel_x@3 be:S32/32>>0",
                    "accel_y@4 be:S32/32>>0", "accel_z@5 be:S32/32>>0", "temp0@6 be:S16/16>>0", "deltaangl_x@7 be:S32/32>>0",
                    "deltaangl_y@8 be:S32/32>>0", "deltaangl_z@9 be:S32/32>>0", "deltavelocity_x@10 be:S32/32>>0",
                    "deltavelocity_y@11 be:S32/32>>0", "deltavelocity_z@12 be:S32/32>>0", "timestamp@13 le:S64/64>>0",
                ]),
            CorpusRecordedDevice("trigger0", "adis16505-2-dev0"),
        ],
        "rpi4-adis16480": [
            CorpusRecordedDevice(
                "iio:device0", "adis16480",
                [
                    "anglvel_x@0 be:S32/32>>0", "anglvel_y@1 be:S32/32>>0", "anglvel_z@2 be:S32/32>>0", "accel_x@3 be:S32/32>>0",
                    "accel_y@4 be:S32/32>>0", "accel_z@5 be:S32/32>>0", "magn_x@6 be:S16/16>>0", "magn_y@7 be:S16/16>>0",
                    "magn_z@8 be:S16/16>>0", "pressure0@9 be:S32/32>>0", "temp0@10 be:S16/16>>0", "timestamp@11 le:S64/64>>0",
                ]),
            CorpusRecordedDevice("iio_sysfs_trigger", ""),
            CorpusRecordedDevice("trigger0", "adis16480-dev0"),
        ],
        "rpi4-adis16550": [
            CorpusRecordedDevice(
                "iio:device0", "adis16550",
                [
                    "anglvel_x@0 be:S32/32>>0", "anglvel_y@1 be:S32/32>>0", "anglvel_z@2 be:S32/32>>0", "accel_x@3 be:S32/32>>0",
                    "accel_y@4 be:S32/32>>0", "accel_z@5 be:S32/32>>0", "temp0@6 be:s16/32>>0", "deltaangl_x@7 be:S32/32>>0",
                    "deltaangl_y@8 be:S32/32>>0", "deltaangl_z@9 be:S32/32>>0", "deltavelocity_x@10 be:S32/32>>0",
                    "deltavelocity_y@11 be:S32/32>>0", "deltavelocity_z@12 be:S32/32>>0", "timestamp@13 le:S64/64>>0",
                ]),
            CorpusRecordedDevice("trigger0", "adis16550-dev0"),
        ],
        "rpi4-adis16550-linux-6.13": [
            CorpusRecordedDevice(
                "iio:device0", "adis16550",
                [
                    "temp0@0 be:s16/32>>0", "anglvel_x@1 be:S32/32>>0", "anglvel_y@2 be:S32/32>>0", "anglvel_z@3 be:S32/32>>0",
                    "accel_x@4 be:S32/32>>0", "accel_y@5 be:S32/32>>0", "accel_z@6 be:S32/32>>0", "deltaangl_x@7 be:S32/32>>0",
                    "deltaangl_y@8 be:S32/32>>0", "deltaangl_z@9 be:S32/32>>0", "deltavelocity_x@10 be:S32/32>>0",
                    "deltavelocity_y@11 be:S32/32>>0", "deltavelocity_z@12 be:S32/32>>0", "timestamp@13 le:S64/64>>0",
                ]),
            CorpusRecordedDevice("trigger0", "adis16550-dev0"),
        ],
        "rpi4-adxrs290-ad7124-8": [
            CorpusRecordedDevice(
                "iio:device0", "ad7124-8",
                [
                    "voltage0-voltage1@0 be:u24/32>>0", "voltage2-voltage3@1 be:u24/32>>0", "voltage4-voltage5@2 be:u24/32>>0",
                    "voltage6-voltage7@3 be:u24/32>>0", "voltage8-voltage9@4 be:u24/32>>0", "voltage10-voltage11@5 be:u24/32>>0",
                    "voltage12-voltage13@6 be:u24/32>>0", "voltage14-voltage15@7 be:u24/32>>0",
                ]),
            CorpusRecordedDevice(
                "iio:device1", "adxrs290",
                ["anglvel_x@0 le:S16/16>>0", "anglvel_y@1 le:S16/16>>0", "temp@2 le:s12/16>>0", "timestamp@3 le:S64/64>>0"]),
            CorpusRecordedDevice("iio_sysfs_trigger", ""),
            CorpusRecordedDevice("trigger0", "ad7124-8-dev0"),
            CorpusRecordedDevice("trigger1", "adxrs290-dev1"),
        ],
    ]
}
