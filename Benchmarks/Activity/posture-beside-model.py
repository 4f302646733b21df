#!/usr/bin/env python3
"""Does the wearer's own walking, as the posture's reference, add to the shipped classifier on HAPT's sitting and
standing?

posture-reference.py found that a window's gravity direction relative to the mean direction of the same session's
walking tells sitting from standing better than the direction alone (85.3 -> 88.7 %, posture only). It left open
whether that adds anything to the classifier imu-train makes, which already tells the two apart better than the
posture alone. This measures it. Every HAPT user is held out once (5 folds by user, round robin over the sorted
users): imu-train (defaults, or --train-args) learns a model from the other folds' segments, and imu-classify
--replay --json gives that model's probabilities for every window of the held-out users' sitting and standing
segments. Each window then has the model's log odds of sitting against standing and its segment's angle to the
session's walking direction (the mean acceleration direction of the segment's raw readings against that of the
session's walking segments; a posture segment holds still, so one direction stands for its windows), the walking
segments taken three ways: by their labels, as the held-out model names them (most of their windows walking), as a
live stream would have to, and from the user's other session (a stream has walked before only in an earlier session,
as HAPT's protocol puts the walking after the postures). A logistic
regression, itself subject-disjoint (each user's windows scored by a regression of the other users'), combines them;
the table gives the sitting/standing accuracy of the model alone (its larger probability of the two), of the
regression on its log odds alone (the same information, recalibrated), and of the regression with the angle, and
what each would make of the six-activity accuracy over every held-out window.

Usage (from the package root, after `swift build -c release --static-swift-stdlib`):
  python3 Benchmarks/Activity/posture-beside-model.py [--recordings DIR] [--work DIR] [--train-args "..."]
--recordings: segments imported by `imu-import hapt ../shared/data/hapt -o DIR` (imported into --work when absent).
Needs numpy. Results: Benchmarks/Activity/RESULTS.md.
"""
import argparse
import json
import math
import os
import re
import shlex
import subprocess
import tempfile
from collections import defaultdict
from pathlib import Path

import numpy as np

PACKAGE_ROOT = Path(__file__).resolve().parents[2]
NAME = re.compile(r"(?P<tag>[a-z_]+)-hapt-(?P<experiment>exp\d+)-(?P<user>user\d+)-\d+\.imurec$")


def mean_direction(recording):
    """The unit mean acceleration of a recording's raw readings (CoreMotion's sign: up at rest)."""
    with open(recording / "raw.csv") as handle:
        header = handle.readline().rstrip("\n").split(",")
        columns = [header.index(f"acceleration_{axis}") for axis in "xyz"]
        total = np.zeros(3)
        for line in handle:
            fields = line.rstrip("\n").split(",")
            if all(fields[c] not in ("", "nan") for c in columns):
                total += [float(fields[c]) for c in columns]
    return total / np.linalg.norm(total)


def angle_between(direction, reference):
    """The angle between a unit direction and a reference direction (any length), in degrees."""
    cosine = float(direction @ reference) / float(np.linalg.norm(reference))
    return math.degrees(math.acos(max(-1.0, min(1.0, cosine))))


def logistic(features, labels, iterations=50):
    """Weights of a logistic regression (Newton's method with a 10^-6 ridge), the last one the intercept's."""
    x = np.hstack([features, np.ones((len(features), 1))])
    weights = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-np.clip(x @ weights, -30, 30)))
        gradient = x.T @ (p - labels) + 1e-6 * weights
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(x.shape[1])
        weights -= np.linalg.solve(hessian, gradient)
    return weights


def subject_disjoint_sitting(windows, feature):
    """Each window's sitting verdict from a regression of the other users' windows on `feature`."""
    verdicts = {}
    for user in sorted({w["user"] for w in windows}):
        train = [w for w in windows if w["user"] != user]
        x = np.array([feature(w) for w in train], dtype=float)
        mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-12
        weights = logistic((x - mean) / scale, np.array([w["truth"] == "sitting" for w in train], dtype=float))
        for w in (w for w in windows if w["user"] == user):
            z = (np.array(feature(w), dtype=float) - mean) / scale
            verdicts[id(w)] = float(np.append(z, 1) @ weights) > 0
    return verdicts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(PACKAGE_ROOT / ".build" / "release"), help="the tools' directory")
    parser.add_argument("--data", default=str(PACKAGE_ROOT.parent / "shared" / "data" / "hapt"), help="HAPT's folder")
    parser.add_argument("--recordings", help="imported HAPT segments (default: imported into --work)")
    parser.add_argument("--work", help="where fold models and imports are kept (default: a temporary folder)")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--train-args", default="", help="more imu-train arguments, e.g. \"--no-movement-axes\"")
    arguments = parser.parse_args()
    work = Path(arguments.work or tempfile.mkdtemp(prefix="posture-beside-model-"))
    work.mkdir(parents=True, exist_ok=True)
    tool = lambda name: os.path.join(arguments.bin, name)  # noqa: E731
    recordings = Path(arguments.recordings) if arguments.recordings else work / "hapt"
    if not recordings.is_dir():
        subprocess.run([tool("imu-import"), "hapt", arguments.data, "--quiet", "-o", str(recordings)], check=True)
    segments = [(NAME.match(p.name), p) for p in sorted(recordings.iterdir())]
    segments = [(m["tag"], m["experiment"], m["user"], p) for m, p in segments if m]
    users = sorted({user for _, _, user, _ in segments})
    folds = [users[index::arguments.folds] for index in range(arguments.folds)]

    # The session's walking direction two ways: from the segments labelled walking, and from those the held-out
    # model calls walking in most of their windows (what a live stream would have).
    labelled, named = defaultdict(list), defaultdict(list)
    windows, every_window = [], 0
    every_correct = 0
    for index, held_out in enumerate(folds):
        model = work / f"fold{index}.model"
        if not model.exists():
            training = [str(p) for _, _, user, p in segments if user not in held_out]
            subprocess.run([tool("imu-train"), "--quiet", "-o", str(model)] + shlex.split(arguments.train_args)
                           + training, check=True)
        for tag, experiment, user, path in segments:
            if user not in held_out:
                continue
            # Every window on its own, no threshold: the model's own verdicts, as imu-eval scores them.
            run = subprocess.run([tool("imu-classify"), "--replay", str(path), "--model", str(model), "--json",
                                  "--smoothing", "1", "--threshold", "0", "--quiet"], capture_output=True, text=True)
            lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
            every_window += len(lines)
            every_correct += sum(line["activity"] == tag for line in lines)
            direction = mean_direction(path)
            if tag == "walking":
                labelled[(experiment, user)].append(direction)
            if lines and 2 * sum(line["activity"] == "walking" for line in lines) > len(lines):
                named[(experiment, user)].append(direction)
            if tag not in ("sitting", "standing"):
                continue
            for line in lines:
                p = line["probabilities"]
                windows.append({"user": user, "session": (experiment, user), "truth": tag, "direction": direction,
                                "predicted": line["activity"],
                                "log_odds": math.log(max(p["sitting"], 1e-12) / max(p["standing"], 1e-12))})
        print(f"fold {index + 1} of {arguments.folds} done", flush=True)

    # A third way, as a stream of the session would have it before any walking: the user's other sessions'.
    other = defaultdict(list)
    for (experiment, user), directions in labelled.items():
        for session in {w["session"] for w in windows if w["user"] == user and w["session"][0] != experiment}:
            other[session].extend(directions)
    for window in windows:
        for key, references in (("labelled", labelled), ("named", named), ("other", other)):
            directions = references.get(window["session"])
            reference = np.mean(directions, axis=0) if directions else None
            window[key] = angle_between(window["direction"], reference) if reference is not None else None
    usable = [w for w in windows if all(w[key] is not None for key in ("labelled", "named", "other"))]
    print(f"{len(windows)} sitting and standing windows of {len(users)} users ({len(usable)} of sessions with a"
          f" reference all three ways);"
          f" six-activity accuracy over all {every_window} held-out windows: {every_correct / every_window:.4f}")
    verdicts = {
        "the model alone (the larger of its two probabilities)": {id(w): w["log_odds"] > 0 for w in usable},
        "regression on the model's log odds": subject_disjoint_sitting(usable, lambda w: [w["log_odds"]]),
        "regression on the log odds and the angle to the walking segments' direction":
            subject_disjoint_sitting(usable, lambda w: [w["log_odds"], w["labelled"]]),
        "regression on the log odds and the angle to the direction of the segments the model calls walking":
            subject_disjoint_sitting(usable, lambda w: [w["log_odds"], w["named"]]),
        "regression on the log odds and the angle to the walking direction of the user's other sessions":
            subject_disjoint_sitting(usable, lambda w: [w["log_odds"], w["other"]]),
    }
    print("| sitting against standing | accuracy | six-activity accuracy, those windows' verdicts replaced |")
    print("|---|---|---|")
    for label, sitting in verdicts.items():
        correct = sum(sitting[id(w)] == (w["truth"] == "sitting") for w in usable)
        # Where the model named sitting or standing, the verdict replaces its name; elsewhere its name stays.
        changed = sum((w["predicted"] == w["truth"]) - (("sitting" if sitting[id(w)] else "standing") == w["truth"])
                      for w in usable if w["predicted"] in ("sitting", "standing"))
        print(f"| {label} | {correct / len(usable):.4f} | {(every_correct - changed) / every_window:.4f} |")


if __name__ == "__main__":
    main()
