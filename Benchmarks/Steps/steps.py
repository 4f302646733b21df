#!/usr/bin/env python3
"""Step-count accuracy of imu-steps on real walks with counted steps, and its false steps on real non-walking data,
beside a naive peak counter and the dataset's own counters, in one run.

Usage (from the package root, after `swift build -c release`):
  git clone https://github.com/Oxford-step-counter/DataSet /tmp/oxford-steps      # CC BY 4.0
  python3 Benchmarks/Steps/steps.py --oxford /tmp/oxford-steps \
      --hapt ../shared/data/hapt --motionsense ../shared/data/motionsense [--work /tmp/steps-bench]

Walks: the 12 walks of the Oxford Step Counter dataset's `validation` folder (2 users x 6 placements, about 340 steps
each, ground truth from a separate step-counting device), imported with `imu-import oxford-steps`. imu-steps was
tuned on user1 only: user2 is the held-out report. Anchors measured from the same files: the dataset's own
`steps as detected by algo` column (the Oxford step counter app's algorithm, run on the phone) and the phone's
hardware step counter (recorded for user2 only), and a naive peak counter written here (peaks of the acceleration
magnitude above a threshold, at least 0.3 s apart; its threshold tuned on user1 like imu-steps).

Non-walking: UCI HAPT's sitting, standing and lying segments (imported with `imu-import hapt`) and MotionSense's
sit and std trials (read directly). False steps are reported per hour and as a percentage of the steps one would take
walking at 100 steps per minute for the same time.

Goals: median absolute error within 3 % of the counted steps per walk; false steps under 1 %.
"""
import argparse
import glob
import gzip
import json
import math
import os
import statistics
import subprocess
import sys

NON_WALKING = ("sitting", "standing", "lying")


def run(arguments):
    result = subprocess.run(arguments, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(arguments)} failed ({result.returncode}): {result.stderr.strip()[-500:]}")
    return result.stdout


def imu_steps(tool, paths):
    """imu-steps --json over `paths`: {recording name: line}."""
    lines = {}
    for start in range(0, len(paths), 200):
        for line in run([tool, "--json", *paths[start:start + 200]]).splitlines():
            record = json.loads(line)
            lines[record["recording"]] = record
    return lines


def magnitudes_of_recording(path):
    """Timestamps and acceleration magnitudes (g) of a recording's raw accelerometer readings."""
    times, values = [], []
    opener = gzip.open if os.path.exists(path + "/raw.csv.gz") else open
    name = path + ("/raw.csv.gz" if opener is gzip.open else "/raw.csv")
    with opener(name, "rt") as rows:
        next(rows)
        for row in rows:
            fields = row.split(",")
            if fields[1] == "":
                continue
            x, y, z = float(fields[1]), float(fields[2]), float(fields[3])
            times.append(float(fields[0]))
            values.append(math.sqrt(x * x + y * y + z * z))
    return times, values


def magnitudes_of_motionsense(path):
    """Timestamps (50 Hz) and magnitudes of gravity + userAcceleration (g) of a MotionSense device-motion file."""
    times, values = [], []
    with gzip.open(path, "rt") as rows:
        header = next(rows).strip().split(",")
        columns = [header.index(name) for name in ("gravity.x", "gravity.y", "gravity.z", "userAcceleration.x",
                                                   "userAcceleration.y", "userAcceleration.z")]
        for index, row in enumerate(rows):
            fields = row.strip().split(",")
            g = [float(fields[c]) for c in columns]
            x, y, z = g[0] + g[3], g[1] + g[4], g[2] + g[5]
            times.append(index / 50)
            values.append(math.sqrt(x * x + y * y + z * z))
    return times, values


def naive_count(times, values, threshold, minimum_interval=0.3):
    """Local maxima of the magnitude above `threshold` g, at least `minimum_interval` s apart."""
    steps, last = 0, -math.inf
    for i in range(1, len(values) - 1):
        if values[i] > threshold and values[i] >= values[i - 1] and values[i] > values[i + 1]:
            if times[i] - last >= minimum_interval:
                steps += 1
                last = times[i]
    return steps


def last_row(path):
    with open(path) as rows:
        for row in rows:
            pass
    return [float(v) for v in row.split(",")]


def percent(found, truth):
    return 100 * (found - truth) / truth


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--oxford", required=True, help="a clone of github.com/Oxford-step-counter/DataSet")
    parser.add_argument("--hapt", required=True, help="the UCI HAPT folder (RawData/labels.txt)")
    parser.add_argument("--motionsense", required=True, help="the MotionSense folder (A_DeviceMotion_data)")
    parser.add_argument("--work", default="/tmp/steps-bench", help="where the imported recordings go (kept, reused)")
    parser.add_argument("--build", default=".build/release", help="where imu-steps and imu-import are")
    options = parser.parse_args()
    steps_tool = os.path.join(options.build, "imu-steps")
    import_tool = os.path.join(options.build, "imu-import")

    oxford = os.path.join(options.work, "oxford")
    run([import_tool, "oxford-steps", options.oxford, "-o", oxford, "-q"])
    hapt = os.path.join(options.work, "hapt")
    run([import_tool, "hapt", options.hapt, "-o", hapt, "-q"])

    # Walks.
    walks = sorted(glob.glob(oxford + "/*.imurec"))
    measured = imu_steps(steps_tool, walks)
    rows = []
    for path in walks:
        name = os.path.basename(path)
        stem = name[len("walking-oxford-"):-len(".imurec")]
        truth = measured[name]["counted_steps"]
        final = last_row(os.path.join(options.oxford, "validation", stem + ".csv"))
        rows.append({"walk": stem, "user": stem.split("_")[0], "truth": truth, "imu-steps": measured[name]["number_of_steps"],
                     "app algorithm": int(final[4]), "hardware counter": int(final[6]) if final[6] > 0 else None,
                     "magnitudes": magnitudes_of_recording(path)})
    # The naive counter's threshold, tuned on user1 like imu-steps.
    thresholds = [1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.4]
    def naive_error(threshold):
        return statistics.median(abs(percent(naive_count(*r["magnitudes"], threshold), r["truth"]))
                                 for r in rows if r["user"] == "user1")
    naive_threshold = min(thresholds, key=naive_error)
    for r in rows:
        r["naive peaks"] = naive_count(*r["magnitudes"], naive_threshold)

    counters = ["imu-steps", "naive peaks", "app algorithm", "hardware counter"]
    print(f"Walks: Oxford Step Counter validation set, ground truth by a separate counting device "
          f"(naive threshold {naive_threshold} g, tuned on user1)\n")
    print(f"{'walk':36s} {'truth':>5s}  " + "  ".join(f"{c:>16s}" for c in counters))
    for r in rows:
        cells = []
        for c in counters:
            cells.append("n/a" if r[c] is None else f"{r[c]} ({percent(r[c], r['truth']):+.1f} %)")
        print(f"{r['walk']:36s} {r['truth']:5d}  " + "  ".join(f"{cell:>16s}" for cell in cells))
    print()
    for label, subset in (("user2 (held out)", [r for r in rows if r["user"] == "user2"]),
                          ("user1 (tuning)", [r for r in rows if r["user"] == "user1"]), ("all", rows)):
        cells = []
        for c in counters:
            errors = [abs(percent(r[c], r["truth"])) for r in subset if r[c] is not None]
            cells.append(f"{statistics.median(errors):.2f} %" if errors else "n/a")
        print(f"{'median |error| ' + label:42s}" + "  ".join(f"{cell:>16s}" for cell in cells))

    # Non-walking.
    still = sorted(p for p in glob.glob(hapt + "/*.imurec") if os.path.basename(p).startswith(NON_WALKING))
    motionsense = sorted(glob.glob(os.path.join(options.motionsense, "A_DeviceMotion_data", "sit_*", "*.csv.gz"))
                         + glob.glob(os.path.join(options.motionsense, "A_DeviceMotion_data", "std_*", "*.csv.gz")))
    print(f"\nNon-walking: {len(still)} HAPT sitting/standing/lying segments, {len(motionsense)} MotionSense sit/std trials")
    print(f"{'set':28s} {'minutes':>8s} {'imu-steps':>10s} {'naive':>8s}   (false steps; % of 100 steps/min walking)")
    total = {"minutes": 0.0, "imu-steps": 0, "naive": 0}
    for label, paths, reader in (("HAPT sit/stand/lie", still, magnitudes_of_recording),
                                 ("MotionSense sit/std", motionsense, magnitudes_of_motionsense)):
        lines = imu_steps(steps_tool, paths)
        minutes = sum(l["timestamp"] - l["start"] for l in lines.values()) / 60
        false_steps = sum(l["number_of_steps"] for l in lines.values())
        naive = sum(naive_count(*reader(p), naive_threshold) for p in paths)
        total["minutes"] += minutes
        total["imu-steps"] += false_steps
        total["naive"] += naive
        print(f"{label:28s} {minutes:8.1f} {false_steps:10d} {naive:8d}   "
              f"({100 * false_steps / (100 * minutes):.3f} % / {100 * naive / (100 * minutes):.3f} %)")
    print(f"{'all':28s} {total['minutes']:8.1f} {total['imu-steps']:10d} {total['naive']:8d}   "
          f"({100 * total['imu-steps'] / (100 * total['minutes']):.3f} % / {100 * total['naive'] / (100 * total['minutes']):.3f} %)")


if __name__ == "__main__":
    main()
