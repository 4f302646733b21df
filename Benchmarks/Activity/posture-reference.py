#!/usr/bin/env python3
"""Sitting against standing on HAPT's waist phone: the posture alone, absolute or relative to the wearer's walking.

HAPT's six-activity accuracy (issue 15, goal 4) is held back by sitting against standing (135 of the 170 wrong
windows of `imu-train --tune --cross-validate --folds 5`). Both are still; what tells them apart on a phone clipped
to the waist is how the pelvis tilts, and that is read through how each wearer clipped the phone. This measures how
much of the posture is the wearer's and how much the activity's: each window's mean acceleration direction (the
gravity direction, 2.56 s windows with a 50 % hop at 50 Hz, the UCI protocol), as it is and as it differs from the
mean direction of the same recording session's walking windows (the same person, the phone clipped the same way).
A logistic regression on each, subject-disjoint (each user held out in turn, trained on the others), classifies the
sitting and standing windows; chance is the larger class's share.

This is a lead, not a model: the shipped classifier has many more features (its sitting/standing accuracy is higher
than either figure here), and a reference from the wearer's own walking needs a walking bout with the phone as it is
now, which a live stream has only sometimes.

Usage (from the package root): python3 Benchmarks/Activity/posture-reference.py HAPT_RECORDINGS
(the directory `imu-import hapt ../shared/data/hapt --output DIR` wrote). Needs numpy.
"""
import math
import os
import re
import sys
from collections import defaultdict

import numpy as np

WINDOW, HOP = 128, 64  # 2.56 s with a 50 % hop at HAPT's 50 Hz (the UCI protocol)
NAME = re.compile(r"(?P<tag>[a-z_]+)-hapt-(?P<experiment>exp\d+)-(?P<user>user\d+)-\d+\.imurec$")


def directions(path):
    """The unit mean acceleration of each window of one recording's raw.csv (CoreMotion sign: up at rest)."""
    with open(os.path.join(path, "raw.csv")) as handle:
        header = handle.readline().rstrip("\n").split(",")
        columns = [header.index(f"acceleration_{axis}") for axis in "xyz"]
        rows = np.array([[float(line.split(",")[c]) for c in columns] for line in handle if line.strip()])
    result = []
    for start in range(0, len(rows) - WINDOW + 1, HOP):
        mean = rows[start:start + WINDOW].mean(axis=0)
        norm = np.linalg.norm(mean)
        if norm > 0:
            result.append(mean / norm)
    return result


def logistic(features, labels, iterations=50):
    """Weights of a logistic regression (standardised features, Newton's method with a small ridge)."""
    x = np.hstack([features, np.ones((len(features), 1))])
    weights = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-x @ weights))
        gradient = x.T @ (p - labels) + 1e-6 * weights
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(x.shape[1])
        weights -= np.linalg.solve(hessian, gradient)
    return weights


def subject_disjoint_accuracy(windows, feature):
    """Accuracy over every sitting/standing window, each user's classified by a model of the other users'."""
    users = sorted({window["user"] for window in windows})
    correct = 0
    for user in users:
        train = [w for w in windows if w["user"] != user]
        test = [w for w in windows if w["user"] == user]
        x = np.array([feature(w) for w in train])
        mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-12
        weights = logistic((x - mean) / scale, np.array([w["sitting"] for w in train], dtype=float))
        xt = (np.array([feature(w) for w in test]) - mean) / scale
        predicted = (np.hstack([xt, np.ones((len(xt), 1))]) @ weights) > 0
        correct += int((predicted == np.array([w["sitting"] for w in test])).sum())
    return correct / len(windows)


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit(__doc__.split("\n\n")[-1].strip())
    root = sys.argv[1]
    sessions = defaultdict(list)
    for name in sorted(os.listdir(root)):
        match = NAME.match(name)
        if match:
            sessions[(match["experiment"], match["user"])].append((match["tag"], os.path.join(root, name)))
    windows = []
    left_out = 0
    for (experiment, user), recordings in sorted(sessions.items()):
        by_tag = defaultdict(list)
        for tag, path in recordings:
            if tag in ("walking", "sitting", "standing"):
                by_tag[tag].extend(directions(path))
        if not by_tag["walking"]:
            left_out += len(by_tag["sitting"]) + len(by_tag["standing"])
            continue
        reference = np.mean(by_tag["walking"], axis=0)
        reference /= np.linalg.norm(reference)
        for tag in ("sitting", "standing"):
            for direction in by_tag[tag]:
                angle = math.degrees(math.acos(max(-1.0, min(1.0, float(direction @ reference)))))
                windows.append({"user": user, "sitting": tag == "sitting", "direction": direction,
                                "relative": direction - reference, "angle": angle})
    if not windows:
        sys.exit(f"no sitting or standing windows of a session with walking under {root}")
    sitting = sum(w["sitting"] for w in windows)
    users = len({w["user"] for w in windows})
    print(f"{len(windows)} windows ({sitting} sitting, {len(windows) - sitting} standing) of {users} users, "
          f"{len(sessions)} sessions; {left_out} windows of sessions without walking left out")
    print(f"chance (the larger class): {max(sitting, len(windows) - sitting) / len(windows):.4f}")
    print("| posture features | subject-disjoint accuracy, sitting against standing |")
    print("|---|---|")
    for label, feature in [
        ("gravity direction (3)", lambda w: w["direction"]),
        ("its difference from the session's walking direction (3)", lambda w: w["relative"]),
        ("its angle to the session's walking direction (1)", lambda w: [w["angle"]]),
        ("both directions (6)", lambda w: np.concatenate([w["direction"], w["relative"]])),
    ]:
        print(f"| {label} | {subject_disjoint_accuracy(windows, feature):.4f} |")


if __name__ == "__main__":
    main()
