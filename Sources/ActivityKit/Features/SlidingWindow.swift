/// A streaming ring buffer that emits one full window after `size` elements and then one every `hop` elements.
///
/// Appending never copies the window; a ready window is read in place through ``contents``.
public struct SlidingWindow<Element: Sendable>: Sendable {
    /// The window size and hop this buffer follows.
    public let configuration: WindowConfiguration
    private var storage: [Element] = []
    private var oldest = 0
    private var sinceLastWindow = 0

    /// Creates an empty buffer for `configuration`.
    public init(configuration: WindowConfiguration) {
        self.configuration = configuration
        storage.reserveCapacity(configuration.size)
    }

    /// Adds one element; returns `true` when a new window is complete and can be read through ``contents``.
    public mutating func append(_ element: Element) -> Bool {
        if storage.count < configuration.size {
            storage.append(element)
            if storage.count == configuration.size {
                sinceLastWindow = 0
                return true
            }
            return false
        }
        storage[oldest] = element
        oldest = (oldest + 1) % configuration.size
        sinceLastWindow += 1
        if sinceLastWindow == configuration.hop {
            sinceLastWindow = 0
            return true
        }
        return false
    }

    /// Forgets every element, as after a gap in the stream.
    public mutating func reset() {
        storage.removeAll(keepingCapacity: true)
        oldest = 0
        sinceLastWindow = 0
    }

    /// The buffered elements, oldest first, viewed in place.
    public var contents: RingView { RingView(storage: storage, oldest: oldest, count: storage.count) }

    /// The elements of a ring buffer in time order, without copying them out.
    public struct RingView: RandomAccessCollection, Sendable {
        fileprivate let storage: [Element]
        fileprivate let oldest: Int
        fileprivate let length: Int

        fileprivate init(storage: [Element], oldest: Int, count: Int) {
            self.storage = storage
            self.oldest = oldest
            length = count
        }

        /// Position of the oldest element.
        public var startIndex: Int { 0 }
        /// Position one past the newest element.
        public var endIndex: Int { length }

        /// The element at `position`, counting from the oldest.
        public subscript(position: Int) -> Element {
            let physical = oldest + position
            return storage[physical < storage.count ? physical : physical - storage.count]
        }

        /// The newest `count` elements (all of them when there are fewer), viewed in place.
        public func latest(_ count: Int) -> RingView {
            let kept = Swift.min(Swift.max(count, 0), length)
            let start = oldest + length - kept
            return RingView(
                storage: storage, oldest: start < storage.count ? start : start - storage.count, count: kept)
        }
    }
}
