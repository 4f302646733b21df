#!/usr/bin/env python3
"""The output resampler's kernel, today's and shorter candidates: taps, passband, stopband.

Usage: python3 Benchmarks/Fusion/kernel-response.py [--input-rate HZ]

The resampler (Sources/Resampling) weighs every reading within the kernel's half width of an output by a windowed
sinc with its cutoff at 0.8 of the output's Nyquist frequency (10 Hz at 25 Hz), normalised by the weights' sum. Here
that kernel is sampled at a regular input rate (833 Hz by default, the live benchmark's LSM6DSO) and its frequency
response taken by FFT: the largest deviation from unit gain up to 8 Hz (what the resampler documents as passing
unchanged), the largest gain from 12.5 Hz (documented: attenuated by more than 60 dB) and in bands above it (40 Hz
is a vibration the tests reject by 100 dB), and the readings each output weighs (the resampler's cost is
proportional). Needs numpy.
"""

import argparse

import numpy as np

OUTPUT_RATE = 25.0
CUTOFF = 0.8 * OUTPUT_RATE / 2
BANDS = ((12.5, 1e9), (15, 20), (20, 30), (30, 38), (38, 42), (42, 100))


def kernel(window: str, half_width: float, input_rate: float, beta: float) -> np.ndarray:
    """The kernel's weights at the readings of a regular input, normalised to unit gain at 0 Hz."""
    count = int(half_width * input_rate)
    offsets = np.arange(-count, count + 1) / input_rate
    x = offsets / half_width
    if window == "blackman":
        taper = 0.42 + 0.5 * np.cos(np.pi * x) + 0.08 * np.cos(2 * np.pi * x)
    else:
        taper = np.i0(beta * np.sqrt(np.clip(1 - x**2, 0, 1))) / np.i0(beta)
    weights = np.sinc(2 * CUTOFF * offsets) * taper
    return weights / weights.sum()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input-rate", type=float, default=833.0, help="the input's rate in Hz, 50 to 10000")
    rate = parser.parse_args().input_rate
    if not 50 <= rate <= 10_000:
        parser.error(f"--input-rate {rate:g}: the kernel is sampled at the input's rate, 50 to 10000 Hz")
    candidates = [("blackman", 16, 0.0), ("kaiser", 12, 6.0), ("kaiser", 13, 7.0), ("kaiser", 14, 7.5)]
    print(f"input {rate:g} Hz, output {OUTPUT_RATE:g} Hz, cutoff {CUTOFF:g} Hz; gains in dB")
    print("| window | half width | readings per output | passband to 8 Hz | from 12.5 Hz | "
          + " | ".join(f"{low:g}-{high:g} Hz" for low, high in BANDS[1:]) + " |")
    for window, periods, beta in candidates:
        weights = kernel(window, periods / OUTPUT_RATE, rate, beta)
        size = 1 << 21
        gain = np.abs(np.fft.rfft(weights, size))
        frequencies = np.fft.rfftfreq(size, 1 / rate)
        passband = 20 * np.log10(gain[frequencies <= 8.0])
        bands = [20 * np.log10(gain[(frequencies >= low) & (frequencies < high)].max()) for low, high in BANDS]
        name = "Blackman" if window == "blackman" else f"Kaiser, beta {beta:g}"
        print(f"| {name} | {periods} periods ({periods / OUTPUT_RATE:.2f} s) | {len(weights)} | "
              f"{passband.min():+.4f} to {passband.max():+.4f} | " + " | ".join(f"{band:.0f}" for band in bands) + " |")


if __name__ == "__main__":
    main()
