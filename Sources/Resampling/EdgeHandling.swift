/// How a ``FixedRateResampler`` computes outputs within a kernel half-width of a segment's start or end (the
/// start and end of the stream, and both sides of a gap), where readings exist on one side only.
public enum EdgeHandling: Hashable, Sendable {
    /// Shrink the kernel symmetrically to fit the readings on both sides (down to its length at the input rate,
    /// cut off and renormalised only closer than that). Slow signals stay accurate up to the edge (a 2 Hz sine
    /// resampled from 285 Hz to 25 Hz within 0.5 %); content above the output's Nyquist frequency is no longer
    /// removed in the last few outputs before an edge.
    case shrinkKernel
    /// Keep the full kernel, cut off at the edge and renormalised. High frequencies stay attenuated (a 40 Hz
    /// vibration by about 16 dB at the very edge) but slow signals are biased there (a 2 Hz sine by up to 13 %).
    case truncateKernel
}
