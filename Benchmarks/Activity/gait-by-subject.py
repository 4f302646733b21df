#!/usr/bin/env python3
"""Each MotionSense subject's gait, by trial: step frequency and vertical intensity of walking, jogging and the stairs.

For every trial of walking, jogging, upstairs and downstairs in A_DeviceMotion_data: the vertical user acceleration
(CoreMotion's user acceleration along its gravity, in g), its standard deviation, and the frequency of its strongest
component between 0.5 and 5 Hz (the step frequency; sometimes a harmonic of it). Prints each subject's medians over
its trials of each activity, then the subjects whose median is an outlier among the other subjects' for that
activity, with how it sits among the others' medians of each other activity: a person a model of other people has
no example of. This is the
dataset's own gravity split, not DeviceMotionKit's fusion; it describes the people, not a model.

Usage (from the package root): python3 Benchmarks/Activity/gait-by-subject.py [MOTIONSENSE_DIR]
(default ../shared/data/motionsense). Needs numpy.
"""
import glob
import gzip
import os
import sys

import numpy as np

ACTIVITIES = {"wlk": "walking", "jog": "jogging", "ups": "upstairs", "dws": "downstairs"}
RATE = 50.0  # MotionSense's sample rate (Hz), from its README
OUTLIER = 3.5  # the modified z-score beyond which Iglewicz and Hoaglin (1993) call a value an outlier


def figures(path):
    """(vertical SD in g, step frequency in Hz) of one trial file."""
    with gzip.open(path, "rt") as handle:
        header = handle.readline().rstrip("\n").split(",")
        rows = np.array([[float(value) for value in line.split(",")] for line in handle if line.strip()])
    column = {name: index for index, name in enumerate(header)}
    gravity = rows[:, [column[f"gravity.{axis}"] for axis in "xyz"]]
    user = rows[:, [column[f"userAcceleration.{axis}"] for axis in "xyz"]]
    vertical = (gravity * user).sum(axis=1)
    centred = vertical - vertical.mean()
    power = np.abs(np.fft.rfft(centred)) ** 2
    frequencies = np.fft.rfftfreq(len(centred), 1 / RATE)
    band = (frequencies > 0.5) & (frequencies < 5)
    return float(vertical.std()), float(frequencies[band][np.argmax(power[band])])


def main():
    root = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/motionsense", "A_DeviceMotion_data")
    trials = []  # (subject, activity, sd, frequency)
    for folder in sorted(glob.glob(os.path.join(root, "*_*"))):
        activity = ACTIVITIES.get(os.path.basename(folder).split("_")[0])
        if activity is None:
            continue
        for path in sorted(glob.glob(os.path.join(folder, "sub_*.csv.gz"))):
            subject = os.path.basename(path).split(".")[0]
            trials.append((subject, activity, *figures(path)))
    if not trials:
        sys.exit(f"no MotionSense trials under {root}")
    subjects = sorted({trial[0] for trial in trials}, key=lambda name: int(name.split("_")[1]))
    medians = {}  # (subject, activity) -> (sd, frequency), the medians of its trials
    for subject in subjects:
        for activity in ACTIVITIES.values():
            mine = [(sd, hz) for s, a, sd, hz in trials if s == subject and a == activity]
            if mine:
                medians[subject, activity] = (float(np.median([m[0] for m in mine])), float(np.median([m[1] for m in mine])))
    print("subject  " + "  ".join(f"{name:>16}" for name in ACTIVITIES.values()))
    print("         " + "  ".join(f"{'SD (g), Hz':>16}" for _ in ACTIVITIES))
    for subject in subjects:
        cells = [medians.get((subject, activity)) for activity in ACTIVITIES.values()]
        print(f"{subject:<8} " + "  ".join(f"{cell[0]:>9.2f} {cell[1]:>6.2f}" if cell else f"{'':>16}" for cell in cells))

    print(f"\noutliers: a modified z-score (Iglewicz and Hoaglin) beyond {OUTLIER} among the other subjects' medians of the")
    print("same activity, and that figure's modified z-score among each other activity's medians:")
    for (subject, activity), (sd, hz) in medians.items():
        for index, (name, text) in enumerate((("SD", f"{sd:.2f} g"), ("step frequency", f"{hz:.2f} Hz"))):
            value = (sd, hz)[index]
            score = modified_z(medians, subject, activity, index, value)
            if abs(score) <= OUTLIER:
                continue
            others = ", ".join(
                f"{other} {modified_z(medians, subject, other, index, value):+.1f}"
                for other in ACTIVITIES.values() if other != activity)
            print(f"  {subject:<7} {activity:<11} {name} {text}: {score:+.1f} ({others})")


def modified_z(medians, subject, activity, index, value):
    """Iglewicz and Hoaglin's modified z-score of `value` among the other subjects' medians of `activity` (figure
    `index`: 0 the SD, 1 the step frequency); 0 where the others are too few or all alike to have a spread."""
    others = np.array([figure[index] for (s, a), figure in medians.items() if a == activity and s != subject])
    if len(others) < 2:
        return 0.0
    centre = np.median(others)
    spread = np.median(np.abs(others - centre))
    return 0.6745 * (value - centre) / spread if spread > 0 else 0.0


if __name__ == "__main__":
    main()
