#!/usr/bin/env python3
"""Issue 15, goal 2's question: does training on offline (forward-backward) gravity make better activity models?

For each imported dataset (a directory of recordings written by `imu-import`), five subject-disjoint folds (subjects
in numeric order, round robin, as latency.py): a model is trained with `imu-train` on the other subjects' recordings
fused causally (as live) and one fused with `--offline`, and each is evaluated with `imu-eval` on the held-out
subjects fused both ways. Prints the pooled accuracy of the four pairs; "trained offline, evaluated live" is what a
model trained on offline recordings meets when it runs live.

Usage (from the package root, after `swift build -c release --static-swift-stdlib`):
  imu-import motionsense ../shared/data/motionsense -o /tmp/M && imu-import hapt ../shared/data/hapt -o /tmp/H
  python3 Benchmarks/Activity/offline-training.py /tmp/M /tmp/H [--bin DIR] [--work DIR]
Results: Benchmarks/Activity/RESULTS.md.
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

MODES = {"live": [], "offline": ["--offline"]}


def subject_of(recording):
    """The subject a recording names (`sub_N` for MotionSense, `userNN` for HAPT)."""
    match = re.search(r"-(sub_\d+|user\d+)(?:-|\.imurec$)", recording.name)
    return match.group(1) if match else None


def pooled(tools, model, recordings, mode):
    """Correct and total windows of `model` on `recordings` fused in `mode`."""
    output = subprocess.run(
        [tools / "imu-eval", "-q", "--model", model, *recordings, "--json", *MODES[mode]],
        check=True, capture_output=True, text=True).stdout
    confusion = json.loads(output.splitlines()[0])["confusion"]
    return sum(confusion[k][k] for k in range(len(confusion))), sum(map(sum, confusion))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("datasets", nargs="+", help="directories of imported recordings")
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--work", default=None, help="keep the fold models here (reused when present)")
    arguments = parser.parse_args()
    tools = Path(arguments.bin)
    if not all((tools / tool).exists() for tool in ("imu-train", "imu-eval")):
        sys.exit(f"offline-training.py: imu-train and imu-eval not found in {tools}: swift build -c release")
    work = Path(arguments.work or tempfile.mkdtemp(prefix="imu-offline-training-"))
    print(f"{'dataset':24s} {'trained':8s} {'evaluated live':>15s} {'evaluated offline':>18s}")
    for dataset in map(Path, arguments.datasets):
        recordings = sorted(r for r in dataset.glob("*.imurec") if subject_of(r))
        if not recordings:
            sys.exit(f"offline-training.py: no imported recordings in {dataset}")
        subjects = sorted({subject_of(r) for r in recordings}, key=lambda s: int(re.sub(r"\D", "", s)))
        folds = [subjects[index::arguments.folds] for index in range(arguments.folds)]
        counts = {(trained, evaluated): [0, 0] for trained in MODES for evaluated in MODES}
        for index, held_out in enumerate(folds):
            training = [str(r) for r in recordings if subject_of(r) not in held_out]
            testing = [str(r) for r in recordings if subject_of(r) in held_out]
            for trained in MODES:
                model = work / f"{dataset.name}-fold{index}-{trained}.model"
                if not model.exists():
                    subprocess.run([tools / "imu-train", "-q", *training, "-o", model, *MODES[trained]], check=True,
                                   stdout=subprocess.DEVNULL)
                for evaluated in MODES:
                    correct, total = pooled(tools, model, testing, evaluated)
                    counts[(trained, evaluated)][0] += correct
                    counts[(trained, evaluated)][1] += total
            print(f"{dataset.name}: fold {index + 1}/{arguments.folds}", file=sys.stderr)
        for trained in MODES:
            cells = [100 * counts[(trained, evaluated)][0] / counts[(trained, evaluated)][1] for evaluated in MODES]
            print(f"{dataset.name:24s} {trained:8s} {cells[0]:14.2f}% {cells[1]:17.2f}%")


if __name__ == "__main__":
    main()
