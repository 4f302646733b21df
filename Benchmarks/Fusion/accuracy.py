#!/usr/bin/env python3
"""Fusion accuracy and cost on BROAD: imu-motion against VQF, BasicVQF, Madgwick and x-io Fusion.

Runs the release-built `imu-motion` on every trial in ../shared/data/broad (relative to the package root) at
25 Hz and 100 Hz output, runs the reference filters on the same samples fed at full rate and resampled to
25 Hz / 100 Hz, and prints the mean inclination RMSE (degrees) over movement == 1 and movement == 0 samples.
Estimates are compared with the truth interpolated at their timestamps. Then it times VQF's C++ updateBatch
per sample and imu-motion's filter per sample (--benchmark) in the same run.

    swift build -c release --product imu-motion
    python3 Benchmarks/Fusion/accuracy.py            # all 14 trials, all references
    python3 Benchmarks/Fusion/accuracy.py --quick    # imu-motion and VQF only
    python3 Benchmarks/Fusion/accuracy.py --binary .build-x/release/imu-motion   # another scratch path
"""
import argparse
import gzip
import json
import os
import subprocess
import sys
import time

PACKAGE_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.normpath(os.path.join(PACKAGE_ROOT, "..", "shared", "data", "broad"))
DEFAULT_BINARY = os.path.join(PACKAGE_ROOT, ".build", "release", "imu-motion")
BINARY = DEFAULT_BINARY
G = 9.80665


def ensure_packages():
    """Installs the reference filters through pip if they are missing."""
    try:
        import ahrs, imufusion, numpy, scipy, vqf  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "vqf", "imufusion", "ahrs", "scipy"],
                       check=True)


def load_trial(path):
    import numpy as np
    with gzip.open(path, "rt") as handle:
        header = handle.readline().strip().split(",")
        data = np.loadtxt(handle, delimiter=",")
    column = {name: data[:, i] for i, name in enumerate(header)}
    return {
        "t": column["t_s"],
        "gyr": np.stack([column["gyr_x"], column["gyr_y"], column["gyr_z"]], axis=1),
        "acc": np.stack([column["acc_x"], column["acc_y"], column["acc_z"]], axis=1),
        "quat": np.stack([column["truth_qw"], column["truth_qx"], column["truth_qy"], column["truth_qz"]], axis=1),
        "movement": column["movement"],
    }


def up_from_quaternion(q):
    """The earth's up axis in the sensor frame, for quaternions rotating sensor vectors into the earth frame."""
    import numpy as np
    w, x, y, z = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    up = np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=1)
    return up / np.linalg.norm(up, axis=1, keepdims=True)


def inclination_errors(trial, times, up_estimate):
    """RMS inclination error in degrees over movement == 1 and movement == 0, truth interpolated at `times`.

    The optical truth has gaps (NaN rows, up to 1 % of a trial's motion phase, often during fast motion). The
    truth is never interpolated across a gap: estimates next to or inside one are left out, as when comparing
    at the truth's own rate. (Bridging the gaps linearly invents a truth that is several degrees off and raised
    every filter's error by 0.05-0.13 degrees on average, up to 1.5 degrees on trial 29.)
    """
    import numpy as np
    truth_up = up_from_quaternion(trial["quat"])
    t = trial["t"]
    inside = (times >= t[0]) & (times <= t[-1])
    times, up_estimate = times[inside], up_estimate[inside]
    up_true = np.stack([np.interp(times, t, truth_up[:, k]) for k in range(3)], axis=1)
    known = np.all(np.isfinite(up_true), axis=1)
    times, up_estimate, up_true = times[known], up_estimate[known], up_true[known]
    up_true /= np.linalg.norm(up_true, axis=1, keepdims=True)
    up_estimate = up_estimate / np.linalg.norm(up_estimate, axis=1, keepdims=True)
    angle = np.degrees(np.arccos(np.clip(np.sum(up_true * up_estimate, axis=1), -1, 1)))
    index = np.clip(np.searchsorted(trial["t"], times), 0, len(trial["t"]) - 1)
    moving = trial["movement"][index] == 1
    rms = lambda a: float(np.sqrt(np.mean(a ** 2))) if len(a) else float("nan")
    return rms(angle[moving]), rms(angle[~moving])


def run_imu_motion(path, rate):
    import numpy as np
    result = subprocess.run([BINARY, path, "--rate", str(rate)], check=True, capture_output=True, text=True)
    data = np.loadtxt(result.stdout.splitlines()[1:], delimiter=",", ndmin=2)
    return data[:, 0], -data[:, 5:8]


def resample(trial, rate):
    """The trial's gyro and accelerometer resampled to `rate` Hz with a zero-phase polyphase FIR."""
    import numpy as np
    from fractions import Fraction
    from scipy.signal import resample_poly
    source_rate = 2000 / 7
    ratio = Fraction(rate / source_rate).limit_denominator(1000)
    gyr = resample_poly(trial["gyr"], ratio.numerator, ratio.denominator, axis=0)
    acc = resample_poly(trial["acc"], ratio.numerator, ratio.denominator, axis=0)
    times = trial["t"][0] + np.arange(len(gyr)) / rate
    return times, np.ascontiguousarray(gyr), np.ascontiguousarray(acc)


def reference_filters():
    """Name -> function(gyr, acc, rate) returning quaternions (w, x, y, z) rotating sensor into earth."""
    import numpy as np
    import imufusion
    from ahrs.filters import Madgwick
    from vqf import VQF, BasicVQF

    def run_vqf(gyr, acc, rate):
        return VQF(1 / rate).updateBatch(gyr, acc)["quat6D"]

    def run_basic(gyr, acc, rate):
        return BasicVQF(1 / rate).updateBatch(gyr, acc)["quat6D"]

    def run_madgwick(gyr, acc, rate):
        return Madgwick(gyr=gyr, acc=acc, frequency=rate, gain=0.033).Q

    def run_fusion(gyr, acc, rate):
        ahrs_filter = imufusion.Ahrs()
        gyr_degrees, acc_g = np.degrees(gyr), acc / G
        out = np.empty((len(gyr), 4))
        if hasattr(imufusion, "AhrsSettings"):  # imufusion >= 1.3: the sample rate lives in the settings
            settings = imufusion.AhrsSettings()
            settings.convention = imufusion.CONVENTION_NWU
            settings.gain = 0.2
            settings.gyroscope_range = 2000
            settings.acceleration_rejection = 0
            settings.magnetic_rejection = 0
            settings.rejection_timeout = 0
            settings.sample_rate = rate
            ahrs_filter.set_settings(settings)
            for i in range(len(gyr)):
                ahrs_filter.update_no_magnetometer(gyr_degrees[i], acc_g[i])
                out[i] = ahrs_filter.get_quaternion()
            return out
        ahrs_filter.settings = imufusion.Settings(imufusion.CONVENTION_NWU, 0.2, 2000, 0, 0, 0)
        for i in range(len(gyr)):
            ahrs_filter.update_no_magnetometer(gyr_degrees[i], acc_g[i], 1 / rate)
            out[i] = ahrs_filter.quaternion.wxyz
        return out

    return {"VQF": run_vqf, "BasicVQF": run_basic, "Madgwick 0.033": run_madgwick, "x-io Fusion 0.2": run_fusion}


def time_vqf(trial):
    """VQF's C++ updateBatch cost per sample, best of 5, in nanoseconds."""
    from vqf import VQF
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        VQF(0.0035).updateBatch(trial["gyr"], trial["acc"])
        best = min(best, time.perf_counter() - start)
    return best / len(trial["t"]) * 1e9


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="only imu-motion and VQF")
    parser.add_argument("--trials", nargs="*", help="trial name prefixes (default: all)")
    parser.add_argument("--decimals", type=int, default=2, help="decimals in the table (default: 2)")
    parser.add_argument("--binary", default=DEFAULT_BINARY,
                        help="the release-built imu-motion (default: .build/release/imu-motion; pass "
                             "<scratch-path>/release/imu-motion when building with --scratch-path)")
    args = parser.parse_args()
    global BINARY
    BINARY = args.binary
    if not os.path.isdir(DATA):
        print(f"skipped: BROAD data not found at {DATA}", file=sys.stderr)
        return 0
    if not os.access(BINARY, os.X_OK):
        print(f"build first: swift build -c release --product imu-motion (missing {BINARY})", file=sys.stderr)
        return 1
    ensure_packages()
    import numpy as np
    with open(os.path.join(DATA, "trials.json")) as handle:
        names = [entry["trial"] for entry in json.load(handle)]
    if args.trials:
        names = [n for n in names if any(n.startswith(p) for p in args.trials)]
    references = reference_filters()
    if args.quick:
        references = {"VQF": references["VQF"]}

    rows = {}
    def record(name, moving, resting):
        rows.setdefault(name, []).append((moving, resting))

    for name in names:
        path = os.path.join(DATA, name + ".csv.gz")
        trial = load_trial(path)
        for rate in (25, 100):
            times, up = run_imu_motion(path, rate)
            record(f"imu-motion, fused at 285.7 Hz, output {rate} Hz", *inclination_errors(trial, times, up))
        for label, run in references.items():
            quat = run(trial["gyr"], trial["acc"], 2000 / 7)
            record(f"{label}, input 285.7 Hz", *inclination_errors(trial, trial["t"], up_from_quaternion(quat)))
            for rate in (100, 25):
                times, gyr, acc = resample(trial, rate)
                quat = run(gyr, acc, rate)
                record(f"{label}, input {rate} Hz", *inclination_errors(trial, times, up_from_quaternion(quat)))
        print(f"  {name}: " + ", ".join(f"{k.split(',')[0]}{k.split(',')[-1]} {v[-1][0]:.2f}"
                                         for k, v in rows.items() if "imu-motion" in k), file=sys.stderr)

    print(f"\nMean inclination RMSE over {len(names)} BROAD trials (degrees)\n")
    print(f"| {'filter':<52} | movement==1 | movement==0 |")
    print(f"|{'-' * 54}|-------------|-------------|")
    for name, values in rows.items():
        moving = np.nanmean([v[0] for v in values])
        resting = np.nanmean([v[1] for v in values])
        print(f"| {name:<52} | {moving:11.{args.decimals}f} | {resting:11.{args.decimals}f} |")

    trial = load_trial(os.path.join(DATA, names[0] + ".csv.gz"))
    vqf_ns = time_vqf(trial)
    result = subprocess.run([BINARY, os.path.join(DATA, names[0] + ".csv.gz"), "--benchmark", "--json"],
                            check=True, capture_output=True, text=True)
    ours = json.loads(result.stdout.strip().splitlines()[-1])
    print(f"\nCost per input sample ({names[0]}, {len(trial['t'])} samples, best of 5, same run):")
    print(f"  VQF C++ updateBatch:            {vqf_ns:7.0f} ns")
    print(f"  imu-motion OrientationFilter:   {ours['filter_ns_per_sample']:7.0f} ns "
          f"({ours['filter_ns_per_sample'] / vqf_ns:.2f} x VQF)")
    print(f"  imu-motion whole pipeline 25 Hz:{ours['pipeline_ns_per_sample']:7.0f} ns "
          f"({ours['pipeline_ns_per_sample'] / vqf_ns:.2f} x VQF)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
