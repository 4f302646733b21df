#!/usr/bin/env python3
"""How fast imu-classify names a new activity after a recorded switch: HAPT's continuous experiments.

latency.py makes its switches by joining two trials row by row; here they are recorded. Each HAPT experiment is one
continuous 50 Hz recording in which a subject stands, sits and lies (the postural transitions between, labelled 7-12,
last a few seconds), then walks and goes down and up stairs; RawData/labels.txt marks the segments. Every experiment
is imported whole by imu-import (through a labels file naming one segment that spans it, so the readings are
converted by the package's own importer), replayed through imu-classify --replay --json with a model trained by
imu-train on the other subjects' labelled segments of the six basic activities (5 folds by subject, round robin),
and every switch between two consecutive labelled segments of different basic activities at most --gap seconds apart
is measured from the new segment's first sample, as latency.py measures (the first prediction of the new activity
that then holds for 3 s; time on a third activity before it), within the new segment: a switch not settled by the
segment's end counts as never settled.

Usage (from the package root, after `swift build -c release --static-swift-stdlib`):
  python3 Benchmarks/Activity/hapt-latency.py --classify-args "--hop 5 --smoothing 1 --threshold 0"
Options as latency.py's (--bin, --recordings: imported HAPT segments, made with imu-import when absent, --folds,
--train-args, --classify-args, --work, --accuracy, --transitions, --transition-window, --second-window,
--thresholds), and --data (the HAPT folder),
--gap (seconds, default 10). --transitions joins each training subject's first segment of every activity with its
first of every other, as latency.py does with MotionSense trials. Results: Benchmarks/Activity/RESULTS.md.
"""

import argparse
import gzip
import os
import re
import statistics
import subprocess
import tempfile
from collections import defaultdict
from pathlib import Path

from latency import (Tally, add_shared_options, classifiers, classify, fold_done, fold_models, held_out_confusion,
                     measure, percentile, require_tools, thresholded, window_seconds)

# HAPT's basic activities (its activity_labels.txt) by the canonical names imu-import gives them.
ACTIVITIES = {1: "walking", 2: "upstairs", 3: "downstairs", 4: "sitting", 5: "standing", 6: "lying"}
RATE = 50.0


def parse_segment_name(name):
    """(activity, experiment, subject) of an imported segment's recording."""
    match = re.match(r"(\w+)-hapt-(exp\d+)-(user\d+)-\d+\.imurec$", name)
    return match.groups() if match else None


def read_labels(raw_data):
    """Labelled segments by (experiment, user): (activity id, first sample, last sample) in file order."""
    segments = defaultdict(list)
    with open(raw_data / "labels.txt") as handle:
        for line in handle:
            if line.strip():
                experiment, user, activity, start, end = (int(value) for value in line.split())
                segments[(experiment, user)].append((activity, start, end))
    return segments


def recorded_switches(segments, gap):
    """(old, new, switch time, end of the new segment, seconds between the two segments) for consecutive basic
    segments of different activities at most `gap` seconds apart."""
    basic = [segment for segment in segments if segment[0] in ACTIVITIES]
    found = []
    for (old, _, old_end), (new, start, end) in zip(basic, basic[1:]):
        between = (start - old_end - 1) / RATE
        if old != new and between <= gap:
            found.append((ACTIVITIES[old], ACTIVITIES[new], start / RATE, (end + 1) / RATE, between))
    return found


def line_count(path):
    with gzip.open(path, "rt") if path.suffix == ".gz" else open(path) as handle:
        return sum(1 for line in handle if line.strip())


def import_experiments(tools, raw_data, labels, destination):
    """Every experiment as one recording (imu-import hapt over a labels file of one segment per experiment), by
    (experiment, user)."""
    dataset = destination / "dataset" / "RawData"
    dataset.mkdir(parents=True, exist_ok=True)
    lines = []
    for experiment, user in sorted(labels):
        stem = f"exp{experiment:02d}_user{user:02d}.txt"
        files = [next(raw_data.glob(f"{sensor}_{stem}*")) for sensor in ("acc", "gyro")]
        for file in files:
            link = dataset / file.name
            if not link.exists():
                link.symlink_to(file.resolve())
        samples = min(line_count(file) for file in files)
        lines.append(f"{experiment} {user} 1 0 {samples - 1}\n")
    (dataset / "labels.txt").write_text("".join(lines))
    recordings = destination / "recordings"
    if not any(recordings.glob("*.imurec")):
        subprocess.run([tools / "imu-import", "hapt", dataset.parent, "-o", recordings], check=True,
                       stdout=subprocess.DEVNULL)
    return {key: next(recordings.glob(f"*-hapt-exp{key[0]:02d}-user{key[1]:02d}-0.imurec")) for key in labels}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_shared_options(parser)
    parser.add_argument("--recordings", default=os.environ.get("HAPT_RECORDINGS", "/tmp/imu-bridge-hapt"))
    parser.add_argument("--data", default="../shared/data/hapt")
    parser.add_argument("--gap", type=float, default=10.0, help="most seconds between two segments of a switch")
    parser.add_argument("--work", default=None, help="keep the models and whole experiments here")
    parser.add_argument("--bridge", type=float, default=0.0,
                        help="seconds of a turn the gyroscope sees in each training switch (latency.py --bridge)")
    arguments = parser.parse_args()
    tools = Path(arguments.bin)
    require_tools(tools, "hapt-latency.py")
    raw_data = Path(arguments.data, "RawData")
    if not (raw_data / "labels.txt").is_file():
        print(f"skipped: {raw_data}/labels.txt not found")
        return
    recordings = Path(arguments.recordings)
    if not recordings.is_dir() or not any(recordings.glob("*.imurec")):
        subprocess.run([tools / "imu-import", "hapt", arguments.data, "-o", recordings], check=True,
                       stdout=subprocess.DEVNULL)

    work = Path(arguments.work) if arguments.work else Path(tempfile.mkdtemp(prefix="imu-hapt-latency-"))
    work.mkdir(parents=True, exist_ok=True)
    labels = read_labels(raw_data)
    experiments = import_experiments(tools, raw_data, labels, work / "experiments")

    segments = defaultdict(list)  # subject -> its segments' recordings
    by_subject = defaultdict(dict)  # subject -> activity -> first segment's recording (for --transitions)
    for recording in sorted(recordings.glob("*.imurec")):
        parsed = parse_segment_name(recording.name)
        if parsed and parsed[0] in ACTIVITIES.values():
            segments[parsed[2]].append(str(recording))
            by_subject[parsed[2]].setdefault(parsed[0], recording)
    subjects = sorted(segments, key=lambda name: int(name[4:]))
    folds = [subjects[index::arguments.folds] for index in range(arguments.folds)]

    tallies = defaultdict(Tally)
    from_old = defaultdict(list)  # settled switches' latencies from the old segment's end
    for fold_index, held_out in enumerate(folds):
        model = work / f"fold{fold_index}.model"
        training_subjects = [subject for subject in subjects if subject not in held_out]
        training = [path for subject in training_subjects for path in segments[subject]]
        models = fold_models(tools, model, training, by_subject, training_subjects, arguments, work)
        for label, used in classifiers(models).items():
            if arguments.accuracy:
                tallies[label].confusions.append(
                    held_out_confusion(tools, used, [p for s in held_out for p in segments[s]]))
        for (experiment, user), labelled in sorted(labels.items()):
            subject = f"user{user:02d}"
            if subject not in held_out:
                continue
            spans = [(ACTIVITIES[activity], start / RATE, (end + 1) / RATE) for activity, start, end in labelled
                     if activity in ACTIVITIES]
            for label, used in classifiers(models).items():
                predictions = classify(tools, experiments[(experiment, user)], used, arguments.classify_args)
                for heading, measured in [(label, predictions), *thresholded(label, predictions, arguments.thresholds)]:
                    tallies[heading].add_windows(measured, spans, window_seconds(used))
                    for old, new, switch, end, between in recorded_switches(labelled, arguments.gap):
                        within = [p for p in measured if p["timestamp"] < end]
                        latency, wrong, unknown = measure(within, switch, old, new)
                        tallies[heading].results.append((subject, old, new, latency, wrong, unknown))
                        if latency is not None:
                            from_old[heading].append(latency + between)
        fold_done(tallies, fold_index, arguments.folds)
    for label, tally in tallies.items():
        tally.summarise(label)
        settled = from_old[label]
        print(f"from the old activity's last labelled sample instead (the transition or gap between included): median "
              f"{statistics.median(settled):.2f} s, 90th percentile {percentile(settled, 0.9):.2f} s (settled switches)")


if __name__ == "__main__":
    main()
