/// One channel of an IIO device, as discovered: what it measures and how to decode it.
public struct IIOChannelInfo: Hashable, Sendable {
    /// The channel id, e.g. `accel_x`.
    public var id: String
    /// What the channel measures (libiio's channel type).
    public var type: ChannelType
    /// The axis, for vector channels.
    public var axis: Axis?
    /// The scan index, for channels that take part in buffered scans.
    public var scanIndex: Int?
    /// The scan layout, for channels that take part in buffered scans.
    public var format: ScanFormat?
    /// Multiplier from raw counts (plus offset) to SI units.
    public var scale: Double
    /// Added to raw counts before scaling.
    public var offset: Double

    /// Creates a channel description.
    public init(
        id: String, type: ChannelType, axis: Axis?, scanIndex: Int?, format: ScanFormat?, scale: Double,
        offset: Double
    ) {
        self.id = id
        self.type = type
        self.axis = axis
        self.scanIndex = scanIndex
        self.format = format
        self.scale = scale
        self.offset = offset
    }
}
