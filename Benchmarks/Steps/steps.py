#!/usr/bin/env python3
"""Step-count accuracy of imu-steps on real walks with counted steps, and its false steps on real non-walking data,
beside a naive peak counter and an open step counter run here (pydometer, PyPI, MIT), with the dataset's own
counters quoted, in one run.

Usage (from the package root, after `swift build -c release`):
  git clone https://github.com/Oxford-step-counter/DataSet /tmp/oxford-steps      # CC BY 4.0, not committed here
  python3 -m venv /tmp/steps-venv && /tmp/steps-venv/bin/pip install pydometer    # the open counter
  /tmp/steps-venv/bin/python Benchmarks/Steps/steps.py --oxford /tmp/oxford-steps \
      --hapt ../shared/data/hapt --motionsense ../shared/data/motionsense [--work /tmp/steps-bench]
The dataset folders may also come from $OXFORD_STEPS_DIR, $HAPT_DIR and $MOTIONSENSE_DIR.

Walks: the 12 walks of the Oxford Step Counter dataset's `validation` folder (2 users x 6 placements, about 340 steps
each, ground truth from a separate step-counting device), imported with `imu-import oxford-steps`. imu-steps was
tuned on user1 only: user2 is the held-out report. Anchors measured from the same files: the dataset's own
`steps as detected by algo` column (the Oxford step counter app's algorithm, run on the phone) and the phone's
hardware step counter (recorded for user2 only), and a naive peak counter written here (peaks of the acceleration
magnitude above a threshold, at least 0.3 s apart; its threshold tuned on user1 like imu-steps). The open counter is
pydometer 2019.2.8 (`Pedometer(data=..., sr=...).get_steps()`, its default method: low-passed magnitude peaks), run
on the same raw accelerometer readings in g, untuned.

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


def axes_of_recording(path):
    """Timestamps and x, y, z (g) of a recording's raw accelerometer readings."""
    times, axes = [], []
    opener = gzip.open if os.path.exists(path + "/raw.csv.gz") else open
    name = path + ("/raw.csv.gz" if opener is gzip.open else "/raw.csv")
    with opener(name, "rt") as rows:
        next(rows)
        for row in rows:
            fields = row.split(",")
            if fields[1] == "":
                continue
            times.append(float(fields[0]))
            axes.append((float(fields[1]), float(fields[2]), float(fields[3])))
    return times, axes


def axes_of_motionsense(path):
    """Timestamps (50 Hz) and x, y, z of gravity + userAcceleration (g) of a MotionSense device-motion file."""
    times, axes = [], []
    with gzip.open(path, "rt") as rows:
        header = next(rows).strip().split(",")
        columns = [header.index(name) for name in ("gravity.x", "gravity.y", "gravity.z", "userAcceleration.x",
                                                   "userAcceleration.y", "userAcceleration.z")]
        for index, row in enumerate(rows):
            fields = row.strip().split(",")
            g = [float(fields[c]) for c in columns]
            times.append(index / 50)
            axes.append((g[0] + g[3], g[1] + g[4], g[2] + g[5]))
    return times, axes


def magnitudes(reader):
    """The reader of axes turned into a reader of acceleration magnitudes (g), with the same timestamps."""
    def read(path):
        times, axes = reader(path)
        return times, [math.sqrt(x * x + y * y + z * z) for x, y, z in axes]
    read.__doc__ = f"Timestamps and acceleration magnitudes (g) of {reader.__name__}."
    return read


magnitudes_of_recording = magnitudes(axes_of_recording)
magnitudes_of_motionsense = magnitudes(axes_of_motionsense)


def open_count(times, axes):
    """pydometer's step count of readings `axes` (g) at the rate of `times`; 0 for fewer than 2 s of readings."""
    import numpy
    import pandas
    import pydometer
    if len(times) < 2 or times[-1] - times[0] < 2:
        return 0
    rate = (len(times) - 1) / (times[-1] - times[0])
    x, y, z = (numpy.array(column) for column in zip(*axes))
    count, _ = pydometer.Pedometer(data=pandas.DataFrame({"gx": x, "gy": y, "gz": z}), sr=rate).get_steps()
    return int(count)


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
    parser.add_argument("--oxford", default=os.environ.get("OXFORD_STEPS_DIR"),
                        help="a copy of github.com/Oxford-step-counter/DataSet (or $OXFORD_STEPS_DIR)")
    parser.add_argument("--hapt", default=os.environ.get("HAPT_DIR"),
                        help="the UCI HAPT folder, RawData/labels.txt (or $HAPT_DIR)")
    parser.add_argument("--motionsense", default=os.environ.get("MOTIONSENSE_DIR"),
                        help="the MotionSense folder, A_DeviceMotion_data (or $MOTIONSENSE_DIR)")
    parser.add_argument("--work", default="/tmp/steps-bench", help="where the imported recordings go (kept, reused)")
    parser.add_argument("--build", default=".build/release", help="where imu-steps and imu-import are")
    options = parser.parse_args()
    for flag, folder, inside, source in (
            ("--oxford", options.oxford, "validation", "git clone https://github.com/Oxford-step-counter/DataSet"),
            ("--hapt", options.hapt, "RawData", "the UCI HAPT dataset (archive.ics.uci.edu, id 341)"),
            ("--motionsense", options.motionsense, "A_DeviceMotion_data", "github.com/mmalekzadeh/motion-sense")):
        if not folder or not os.path.isdir(os.path.join(folder, inside)):
            sys.exit(f"steps.py: {flag} {folder or '(not given)'} has no {inside}/ folder; get it from {source} "
                     f"and pass its folder with {flag} (or its environment variable)")
    try:
        import pydometer  # noqa: F401
    except ImportError:
        sys.exit("steps.py: the open step counter pydometer is not installed; "
                 "python3 -m venv /tmp/steps-venv && /tmp/steps-venv/bin/pip install pydometer, then run with that python")
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
                     "pydometer": open_count(*axes_of_recording(path)),
                     "app (quoted)": int(final[4]), "hardware (quoted)": int(final[6]) if final[6] > 0 else None,
                     "magnitudes": magnitudes_of_recording(path)})
    # The naive counter's threshold, tuned on user1 like imu-steps.
    thresholds = [1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.4]
    def naive_error(threshold):
        return statistics.median(abs(percent(naive_count(*r["magnitudes"], threshold), r["truth"]))
                                 for r in rows if r["user"] == "user1")
    naive_threshold = min(thresholds, key=naive_error)
    for r in rows:
        r["naive peaks"] = naive_count(*r["magnitudes"], naive_threshold)

    counters = ["imu-steps", "naive peaks", "pydometer", "app (quoted)", "hardware (quoted)"]
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
    print(f"{'set':28s} {'minutes':>8s} {'imu-steps':>10s} {'naive':>8s} {'pydometer':>10s}   "
          "(false steps; % of 100 steps/min walking: imu-steps / naive / pydometer)")
    total = {"minutes": 0.0, "imu-steps": 0, "naive": 0, "pydometer": 0}
    for label, paths, reader, axes in (
            ("HAPT sit/stand/lie", still, magnitudes_of_recording, axes_of_recording),
            ("MotionSense sit/std", motionsense, magnitudes_of_motionsense, axes_of_motionsense)):
        lines = imu_steps(steps_tool, paths)
        minutes = sum(l["timestamp"] - l["start"] for l in lines.values()) / 60
        counts = {"minutes": minutes, "imu-steps": sum(l["number_of_steps"] for l in lines.values()),
                  "naive": sum(naive_count(*reader(p), naive_threshold) for p in paths),
                  "pydometer": sum(open_count(*axes(p)) for p in paths)}
        for key in total:
            total[key] += counts[key]
        print_false_steps(label, counts)
    print_false_steps("all", total)


def print_false_steps(label, counts):
    """One row of the non-walking table: false steps, and as a % of walking at 100 steps per minute as long."""
    walking = 100 * counts["minutes"]
    shares = " / ".join(f"{100 * counts[c] / walking:.3f} %" for c in ("imu-steps", "naive", "pydometer"))
    print(f"{label:28s} {counts['minutes']:8.1f} {counts['imu-steps']:10d} {counts['naive']:8d} {counts['pydometer']:10d}   "
          f"({shares})")


if __name__ == "__main__":
    main()
