#!/usr/bin/env python3
"""Issue 15, goal 2: gravity beyond VQF, causal and offline, on BROAD, beside VQF in the same run.

For every trial in ../shared/data/broad: the release-built `imu-motion` at 25 Hz output, causal and with --offline,
against VQF (causal, fed the full 285.7 Hz) and VQF's offline estimate (`vqf.offlineVQF`, forward-backward). Prints
the mean inclination RMSE in degrees over the motion phase and the rest phase (the metric of accuracy.py), the goal
beside each, and a diagnosis: the same estimates compared with the optical truth of a fraction of a sample earlier
(0.25-1 sample of 3.5 ms). Every filter's error falls steeply when its estimate is compared with the slightly
earlier truth: the estimates trail the optical truth by about 0.75 of a sample on every trial, which is the
recording's synchronisation, not the fusion; it is printed so that no one mistakes a shifted timeline for a better
filter (nothing here, or in imu-motion, shifts time).

    swift build -c release --product imu-motion
    python3 Benchmarks/Fusion/gravity.py                 # all 14 trials
    python3 Benchmarks/Fusion/gravity.py --trials 07 21  # a subset
    python3 Benchmarks/Fusion/gravity.py --binary .build-x/release/imu-motion
"""
import argparse
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import accuracy  # noqa: E402  (the trial loader and the inclination metric, shared with accuracy.py)

SHIFTS = (0.25, 0.5, 0.75, 1.0)  # samples earlier, for the diagnosis
PERIOD = 0.0035  # BROAD's sample period, seconds
GOALS = {"causal": 0.55, "offline": 0.50}


def run_imu_motion(binary, path, offline):
    import numpy as np
    arguments = [binary, path, "--rate", "25"] + (["--offline"] if offline else [])
    result = subprocess.run(arguments, check=True, capture_output=True, text=True)
    data = np.loadtxt(result.stdout.splitlines()[1:], delimiter=",", ndmin=2)
    return data[:, 0], -data[:, 5:8]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=accuracy.DEFAULT_BINARY, help="the imu-motion to measure")
    parser.add_argument("--trials", nargs="*", help="trial name prefixes (default: all)")
    arguments = parser.parse_args()
    if not os.path.isdir(accuracy.DATA):
        print(f"skipped: {accuracy.DATA} not found")
        return
    if not os.path.exists(arguments.binary):
        sys.exit(f"gravity.py: {arguments.binary} not found: swift build -c release --product imu-motion")
    accuracy.ensure_packages()
    import numpy as np
    from vqf import VQF, offlineVQF

    paths = sorted(glob.glob(os.path.join(accuracy.DATA, "*.csv.gz")))
    if arguments.trials:
        paths = [p for p in paths if any(os.path.basename(p).startswith(prefix) for prefix in arguments.trials)]
    names = ["imu-motion", "VQF", "imu-motion --offline", "VQF offline"]
    errors = {name: [] for name in names}
    shifted = {name: [] for name in names}
    for path in paths:
        trial = accuracy.load_trial(path)
        gyr, acc = np.ascontiguousarray(trial["gyr"]), np.ascontiguousarray(trial["acc"])
        estimates = {
            "imu-motion": run_imu_motion(arguments.binary, path, offline=False),
            "imu-motion --offline": run_imu_motion(arguments.binary, path, offline=True),
            "VQF": (trial["t"], accuracy.up_from_quaternion(VQF(PERIOD).updateBatch(gyr, acc)["quat6D"])),
            "VQF offline": (trial["t"], accuracy.up_from_quaternion(offlineVQF(gyr, acc, None, PERIOD)["quat6D"])),
        }
        row = []
        for name in names:
            times, up = estimates[name]
            errors[name].append(accuracy.inclination_errors(trial, times, up))
            shifted[name].append([accuracy.inclination_errors(trial, times - k * PERIOD, up)[0] for k in SHIFTS])
            row.append(f"{errors[name][-1][0]:.3f}")
        print(f"{os.path.basename(path)[:40]:40s} " + " ".join(f"{value:>8s}" for value in row), file=sys.stderr)

    print(f"Inclination RMSE on BROAD ({len(paths)} trials), degrees, 25 Hz output for imu-motion")
    print(f"{'estimate':24s} {'motion':>8s} {'rest':>8s} {'goal':>8s}")
    for name in names:
        moving, resting = np.mean(errors[name], axis=0)
        goal = GOALS["offline" if "offline" in name else "causal"] if name.startswith("imu-motion") else None
        print(f"{name:24s} {moving:8.4f} {resting:8.4f} {'' if goal is None else f'<= {goal:.2f}':>8s}")
    print()
    print("Diagnosis, not a result: the motion-phase RMSE against the truth of k samples earlier")
    print(f"{'estimate':24s} " + " ".join(f"{'k=' + str(k):>8s}" for k in (0.0,) + SHIFTS))
    for name in names:
        unshifted = np.mean(errors[name], axis=0)[0]
        print(f"{name:24s} {unshifted:8.4f} " + " ".join(f"{v:8.4f}" for v in np.mean(shifted[name], axis=0)))


if __name__ == "__main__":
    main()
