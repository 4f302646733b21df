#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A Blackman-windowed sinc low-pass kernel, tabulated for fast evaluation at arbitrary time offsets.
struct WindowedSincKernel: Sendable {
    /// Half the kernel's support, in seconds; the kernel is zero at and beyond it.
    let halfWidth: Double
    /// Kernel values at `index * halfWidth / (count - 1)`, from the centre to the edge.
    private let table: [Double]
    /// Table entries per second of offset.
    private let scale: Double

    /// Tabulates a kernel with cutoff `cutoff` Hz and support `[-halfWidth, halfWidth]` seconds.
    init(cutoff: Double, halfWidth: Double, resolution: Int = 4096) {
        self.halfWidth = halfWidth
        scale = Double(resolution) / halfWidth
        table = (0...resolution + 1).map { index in
            let offset = Double(index) / Double(resolution) * halfWidth
            guard offset < halfWidth else { return 0 }
            let phase = 2 * cutoff * offset
            let sinc = phase == 0 ? 1 : sin(Double.pi * phase) / (Double.pi * phase)
            let x = offset / halfWidth
            let window = 0.42 + 0.5 * cos(Double.pi * x) + 0.08 * cos(2 * Double.pi * x)
            return sinc * window
        }
    }

    /// Calls `body` with the kernel's values at arbitrary offsets, from a table held in place for the call (the
    /// resampler weighs tens of readings per output).
    @inline(__always)
    func withValues<Result>(_ body: (Values) -> Result) -> Result {
        table.withUnsafeBufferPointer { table in body(Values(table: table, scale: scale)) }
    }

    /// The kernel's values while ``withValues(_:)`` holds its table.
    struct Values {
        /// Kernel values from the centre to the edge, and one zero beyond.
        let table: UnsafeBufferPointer<Double>
        /// Table entries per second of offset.
        let scale: Double

        /// The kernel's value at `offset` seconds from its centre (zero outside the support), interpolated linearly
        /// between the two nearest entries.
        @inline(__always)
        func callAsFunction(_ offset: Double) -> Double {
            let position = abs(offset) * scale
            guard position < Double(table.count &- 2) else { return 0 }
            let index = Int(position)
            let fraction = position - Double(index)
            return table[index] + (table[index &+ 1] - table[index]) * fraction
        }
    }
}
