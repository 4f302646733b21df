#!/usr/bin/env python3
"""Heading accuracy and cost on BROAD: imu-motion's 9-axis fusion against VQF 9D.

Runs the release-built `imu-motion` on every trial in ../shared/data/broad (relative to the package root) with
`--reference-frame x-magnetic-north-z-vertical` (gyroscope, accelerometer and the `mag_*` columns), output at the
sensor rate (285.7 Hz, so that both filters are compared at the same instants), and VQF (the `vqf` package) on the
same samples at full rate with the magnetometer (`quat9D`). The heading error of
an estimate is the rotation about the vertical between its earth frame and the optical truth's
(`q_truth * q_estimate^-1`, its twist about z); per trial one constant heading offset (the circular mean over the
movement phases) is removed, since the truth's earth frame points its x axis nowhere in particular; then the RMS
over movement == 1 samples next to valid truth. It prints the mean over all trials and over the magnet trials
(29, 31, 33, 35), the inclination RMSE of the same runs and of the 6D default (which must not change), and the
cost per sample of imu-motion's pipeline with the magnetometer beside VQF 9D's `updateBatch`. It also prints the 6D
inclination RMSE of the default run at 25 Hz output, accuracy.py's first row (0.7205 before the magnetometer).

    swift build -c release --product imu-motion
    python3 Benchmarks/Fusion/heading.py
    python3 Benchmarks/Fusion/heading.py --decimals 4      # the table to four decimals
    python3 Benchmarks/Fusion/heading.py --binary .build-x/release/imu-motion   # another scratch path
"""
import argparse
import gzip
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import accuracy  # noqa: E402  (same folder: the trial loader and the inclination metric)

MAGNET_TRIALS = ("29", "31", "33", "35")
OUTPUT_RATE = 2000 / 7


def load_trial(path):
    """A BROAD trial with its magnetometer columns (µT)."""
    import numpy as np
    trial = accuracy.load_trial(path)
    with gzip.open(path, "rt") as handle:
        header = handle.readline().strip().split(",")
        data = np.loadtxt(handle, delimiter=",", usecols=[header.index(c) for c in ("mag_x", "mag_y", "mag_z")])
    trial["mag"] = np.ascontiguousarray(data)
    return trial


def quaternion_multiply(a, b):
    import numpy as np
    w1, x1, y1, z1 = a[:, 0], a[:, 1], a[:, 2], a[:, 3]
    w2, x2, y2, z2 = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    return np.stack([w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
                     w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                     w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
                     w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2], axis=1)


def heading_error(trial, times, quat):
    """RMS heading error in degrees over movement == 1, one constant offset removed (see the module doc)."""
    import numpy as np
    t = trial["t"]
    inside = (times >= t[0]) & (times <= t[-1])
    times, quat = times[inside], quat[inside]
    truth = np.stack([np.interp(times, t, trial["quat"][:, k]) for k in range(4)], axis=1)
    # Truth samples are interpolated componentwise between neighbours less than 4 ms apart: renormalise.
    known = np.all(np.isfinite(truth), axis=1)
    times, quat, truth = times[known], quat[known], truth[known]
    truth /= np.linalg.norm(truth, axis=1, keepdims=True)
    conjugate = quat * np.array([1, -1, -1, -1])
    difference = quaternion_multiply(truth, conjugate)
    angle = 2 * np.arctan2(difference[:, 3], difference[:, 0])
    index = np.clip(np.searchsorted(t, times), 0, len(t) - 1)
    moving = trial["movement"][index] == 1
    angle = angle[moving]
    offset = np.arctan2(np.mean(np.sin(angle)), np.mean(np.cos(angle)))
    error = np.angle(np.exp(1j * (angle - offset)))
    return float(np.degrees(np.sqrt(np.mean(error ** 2))))


def run_imu_motion(binary, path, frame, rate=OUTPUT_RATE):
    import numpy as np
    result = subprocess.run([binary, path, "--rate", str(rate), "--reference-frame", frame],
                            check=True, capture_output=True, text=True)
    lines = result.stdout.splitlines()
    header = lines[0].split(",")
    data = np.loadtxt(lines[1:], delimiter=",", ndmin=2, usecols=range(14))  # up to rotation_rate_z
    quat = data[:, [header.index(f"attitude_{c}") for c in "wxyz"]]
    gravity = data[:, [header.index(f"gravity_{c}") for c in "xyz"]]
    return data[:, 0], quat, -gravity


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", nargs="*", help="trial name prefixes (default: all)")
    parser.add_argument("--decimals", type=int, default=2, help="decimals of the heading columns (default: 2)")
    parser.add_argument("--binary", default=accuracy.DEFAULT_BINARY,
                        help="the release-built imu-motion (default: .build/release/imu-motion)")
    args = parser.parse_args()
    if not os.path.isdir(accuracy.DATA):
        print(f"skipped: BROAD data not found at {accuracy.DATA}", file=sys.stderr)
        return 0
    if not os.access(args.binary, os.X_OK):
        print(f"build first: swift build -c release --product imu-motion (missing {args.binary})", file=sys.stderr)
        return 1
    accuracy.ensure_packages()
    import numpy as np
    from vqf import VQF
    with open(os.path.join(accuracy.DATA, "trials.json")) as handle:
        names = [entry["trial"] for entry in json.load(handle)]
    if args.trials:
        names = [n for n in names if any(n.startswith(p) for p in args.trials)]

    rows = {}
    six_axis_25 = []
    for name in names:
        path = os.path.join(accuracy.DATA, name + ".csv.gz")
        trial = load_trial(path)
        result = {}
        times, quat, up = run_imu_motion(args.binary, path, "x-magnetic-north-z-vertical")
        result["imu-motion 9D"] = (heading_error(trial, times, quat),
                                   accuracy.inclination_errors(trial, times, up)[0])
        times, quat, up = run_imu_motion(args.binary, path, "x-arbitrary-z-vertical")
        result["imu-motion 6D"] = (heading_error(trial, times, quat),
                                   accuracy.inclination_errors(trial, times, up)[0])
        out = VQF(1 / (2000 / 7)).updateBatch(trial["gyr"], trial["acc"], trial["mag"])
        for label, key in (("VQF 9D", "quat9D"), ("VQF 6D", "quat6D")):
            quat = out[key]
            result[label] = (heading_error(trial, trial["t"], quat),
                             accuracy.inclination_errors(trial, trial["t"], accuracy.up_from_quaternion(quat))[0])
        times, _, up = run_imu_motion(args.binary, path, "x-arbitrary-z-vertical", rate=25)
        six_axis_25.append(accuracy.inclination_errors(trial, times, up)[0])
        rows[name] = result
        print(f"  {name}: " + ", ".join(f"{k} {v[0]:.2f}" for k, v in result.items()), file=sys.stderr)

    magnet = [n for n in names if n[:2] in MAGNET_TRIALS]
    print(f"\nHeading RMSE (degrees, movement == 1, one offset per trial removed) and inclination RMSE "
          f"(movement == 1) on {len(names)} BROAD trials\n")
    print("| filter          | heading, all trials | heading, magnet trials | inclination, all trials |")
    print("|-----------------|---------------------|------------------------|-------------------------|")
    for label in rows[names[0]]:
        all_heading = np.mean([rows[n][label][0] for n in names])
        magnet_heading = np.mean([rows[n][label][0] for n in magnet]) if magnet else float("nan")
        inclination = np.mean([rows[n][label][1] for n in names])
        print(f"| {label:<15} | {all_heading:19.{args.decimals}f} | {magnet_heading:22.{args.decimals}f} | {inclination:23.4f} |")
    print(f"\n6D inclination RMSE at 25 Hz output (accuracy.py's imu-motion row, movement == 1): "
          f"{np.mean(six_axis_25):.4f}")
    print("\nPer trial (heading RMSE, degrees):")
    for name in names:
        print(f"  {name:<45} " + "  ".join(f"{k} {v[0]:6.2f}" for k, v in rows[name].items()))

    trial = load_trial(os.path.join(accuracy.DATA, names[0] + ".csv.gz"))
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        VQF(1 / (2000 / 7)).updateBatch(trial["gyr"], trial["acc"], trial["mag"])
        best = min(best, time.perf_counter() - start)
    vqf_ns = best / len(trial["t"]) * 1e9
    result = subprocess.run([args.binary, os.path.join(accuracy.DATA, names[0] + ".csv.gz"), "--benchmark", "--json",
                             "--reference-frame", "x-magnetic-north-z-vertical"],
                            check=True, capture_output=True, text=True)
    ours = json.loads(result.stdout.strip().splitlines()[-1])
    print(f"\nCost per input sample ({names[0]}, {len(trial['t'])} samples, best of 5, same run):")
    print(f"  VQF 9D C++ updateBatch:               {vqf_ns:7.0f} ns")
    print(f"  imu-motion OrientationFilter 9D:      {ours['filter_ns_per_sample']:7.0f} ns "
          f"({ours['filter_ns_per_sample'] / vqf_ns:.2f} x VQF 9D)")
    print(f"  imu-motion whole pipeline 9D, 25 Hz:  {ours['pipeline_ns_per_sample']:7.0f} ns "
          f"({ours['pipeline_ns_per_sample'] / vqf_ns:.2f} x VQF 9D)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
