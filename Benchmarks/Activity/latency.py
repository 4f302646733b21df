#!/usr/bin/env python3
"""How fast imu-classify names a new activity after a switch, on held-out MotionSense subjects.

Builds continuous streams by joining two imported MotionSense trials of one subject row by row (the second trial's raw
readings continue the first's clock at the same sample period), trains one model per subject-disjoint fold with
imu-train on the other subjects, replays every stream of the fold's subjects through imu-classify --replay --json, and
measures, per switch from activity A to B:
  - latency: from the switch to the first prediction of B that then holds for 3 s;
  - wrong-activity time: time between the switch and that prediction spent on an activity that is neither A nor B
    (`unknown` is not an activity and is counted apart).
Prints the median and 90th percentile latency (of the switches that settle, then of all with those never settled
counted as never named), the mean wrong-activity time per switch (all, then those that settle), and the switches never
settled. Joined row by row, the phone turns between two readings without the gyroscope seeing it and fusion's gravity
takes seconds to follow; --bridge inserts a turn the gyroscope sees, as in a real switch. Recorded switches:
hapt-latency.py.

Usage (from the package root, after `swift build -c release --static-swift-stdlib`):
  python3 Benchmarks/Activity/latency.py                                   # today's defaults
  python3 Benchmarks/Activity/latency.py --classify-args "--hop 5"         # a prediction every 0.2 s
  python3 Benchmarks/Activity/latency.py --bridge 1 --second-window 50 --classify-args "--hop 5 --smoothing 1 --threshold 0"
Options: --bin DIR (the tools, default .build/release), --recordings DIR (imported MotionSense, made with imu-import
when absent), --folds N, --train-args "...", --classify-args "...", --work DIR (keeps the fold models, reused when
present), --keep-predictions, --accuracy (also each fold model's per-window accuracy on its held-out subjects' trials,
by imu-eval, pooled), --transitions "S ..." (an experiment in partial context: the fold's training subjects' switches
added to its training data, each as a recording of one window, --transition-window seconds, default 4, that ends S
seconds into the new activity and is tagged with it), --bridge SECONDS (between the joined trials, readings of the
phone turning at a constant rate from the first trial's gravity direction to the second's; latency is measured from the
second trial's first reading), --second-window SAMPLES (also a fold model of windows that long, hop half that, trained
on the same recordings with --train-args; the streams are replayed with both, imu-classify averaging them, and with the
first alone, and both are printed, the first alone as the anchor of the same run; --accuracy evaluates each),
--thresholds T,... (each classifier measured again with each threshold applied to its predictions, which
--classify-args must make with --threshold 0: below T a prediction becomes `unknown`, as imu-classify --threshold T
reports it, from the same replays). Every run also prints the per-window accuracy of the
replayed streams themselves (the predictions whose window lies inside one trial). Results and commands:
Benchmarks/Activity/RESULTS.md.
"""

import argparse
import gzip
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HOLD = 3.0  # seconds the new activity must hold


def parse_recording_name(name):
    match = re.match(r"(\w+)-motionsense-(\w+_\d+)-(sub_\d+)\.imurec$", name)
    return match.groups() if match else None


def open_text(path):
    """A table of a recording, gzip-compressed or plain."""
    with open(path, "rb") as probe:
        compressed = probe.read(2) == b"\x1f\x8b"
    return gzip.open(path, "rt") if compressed else open(path)


def read_raw(recording):
    with open_text(recording / "raw.csv") as handle:
        header = handle.readline()
        rows = [line for line in handle if line.strip()]
    return header, rows


def mean_direction(rows):
    """The unit direction of the mean acceleration of raw rows (time, acceleration x y z, rotation rate x y z)."""
    sums = [0.0, 0.0, 0.0]
    for row in rows:
        values = row.split(",")
        for axis in range(3):
            sums[axis] += float(values[1 + axis])
    return normalised(sums)


def normalised(vector):
    length = math.sqrt(sum(value * value for value in vector))
    return [value / length for value in vector]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def rotated(vector, axis, angle):
    """`vector` rotated by `angle` about the unit `axis` (right hand, Rodrigues)."""
    cosine, sine = math.cos(angle), math.sin(angle)
    across = cross(axis, vector)
    along = sum(a * v for a, v in zip(axis, vector)) * (1 - cosine)
    return [v * cosine + c * sine + a * along for v, c, a in zip(vector, across, axis)]


def bridge_rows(rows_a, rows_b, start, period, seconds):
    """Raw rows for `seconds` after `start` in which the phone turns at a constant rate from the gravity direction of
    the last half second of `rows_a` to that of the first half second of `rows_b`, as the gyroscope would see it
    (gravity in g, CoreMotion sign: a device-frame vector of a fixed world turns by -rate x vector)."""
    count = max(1, round(seconds / period))
    per_second = round(1 / period)
    old, new = mean_direction(rows_a[-per_second // 2:]), mean_direction(rows_b[:per_second // 2])
    angle = math.acos(max(-1.0, min(1.0, sum(o * n for o, n in zip(old, new)))))
    axis = normalised(cross(old, new)) if angle > 1e-6 else [0.0, 0.0, 1.0]
    rate = [-component * angle / (count * period) for component in axis]
    rows = []
    for step in range(1, count + 1):
        gravity = rotated(old, axis, angle * step / count)
        values = ",".join(f"{value:.8f}" for value in (*gravity, *rate))
        rows.append(f"{start + step * period:.6f},{values}\n")
    return rows


def join(first, second, destination, first_seconds=None, second_seconds=None, tag=None, bridge=0.0):
    """Writes a recording whose raw readings are `first`'s then `second`'s (the last `first_seconds` of the first and
    the first `second_seconds` of the second, when given), tagged `tag` (default: the first's); with `bridge` seconds
    between them of the phone turning from the first's gravity direction to the second's (``bridge_rows``); returns
    the switch time (the second's first reading)."""
    header, rows_a = read_raw(first)
    header_b, rows_b = read_raw(second)
    assert header == header_b
    if first_seconds is not None:
        end_a = float(rows_a[-1].split(",", 1)[0])
        rows_a = [row for row in rows_a if float(row.split(",", 1)[0]) > end_a - first_seconds]
    if second_seconds is not None:
        start = float(rows_b[0].split(",", 1)[0])
        rows_b = [row for row in rows_b if float(row.split(",", 1)[0]) < start + second_seconds]
    times_a = [float(row.split(",", 1)[0]) for row in rows_a]
    period = (times_a[-1] - times_a[0]) / (len(times_a) - 1)
    turn = bridge_rows(rows_a, rows_b, times_a[-1], period, bridge) if bridge > 0 else []
    switch = times_a[-1] + (len(turn) + 1) * period
    start_b = float(rows_b[0].split(",", 1)[0])
    shifted = []
    for row in rows_b:
        time, rest = row.split(",", 1)
        shifted.append(f"{float(time) - start_b + switch:.6f},{rest}")
    destination.mkdir(parents=True)
    with gzip.open(destination / "raw.csv", "wt") as handle:
        handle.write(header)
        handle.writelines(rows_a)
        handle.writelines(turn)
        handle.writelines(shifted)
    for table in ("motion.csv", "events.csv"):
        with open_text(first / table) as source, gzip.open(destination / table, "wt") as target:
            target.write(source.readline())
    metadata = json.loads((first / "recording.json").read_text())
    metadata["counts"] = {"raw": len(rows_a) + len(turn) + len(shifted), "motion": 0, "events": 0}
    metadata["monotonic_end"] = float(shifted[-1].split(",", 1)[0])
    metadata["source"] = f"{metadata['source']} joined with {second.name}"
    if tag is not None:
        metadata["tag"] = tag
    (destination / "recording.json").write_text(json.dumps(metadata, indent=2))
    return switch


def measure(predictions, switch, old, new):
    """Latency to a held prediction of `new`, wrong-activity and unknown time before it."""
    after = [p for p in predictions if p["timestamp"] >= switch]
    latency = None
    for index, prediction in enumerate(after):
        if prediction["activity"] != new:
            continue
        held_until = prediction["timestamp"] + HOLD
        window = [p for p in after[index:] if p["timestamp"] <= held_until]
        if all(p["activity"] == new for p in window) and after[-1]["timestamp"] >= held_until:
            latency = prediction["timestamp"] - switch
            break
    end = switch + latency if latency is not None else after[-1]["timestamp"] if after else switch
    wrong = unknown = 0.0
    previous_time, previous_activity = switch, None
    for prediction in predictions:
        if prediction["timestamp"] < switch:
            previous_activity = prediction["activity"]
            continue
        if prediction["timestamp"] > end:
            break
        span = prediction["timestamp"] - previous_time
        if previous_activity == "unknown":
            unknown += span
        elif previous_activity not in (old, new, None):
            wrong += span
        previous_time, previous_activity = prediction["timestamp"], prediction["activity"]
    span = end - previous_time
    if span > 0:
        if previous_activity == "unknown":
            unknown += span
        elif previous_activity not in (old, new, None):
            wrong += span
    return latency, wrong, unknown


def transition_recordings(by_subject, subjects, offsets, window, directory, bridge=0.0):
    """Every switch of `subjects` as recordings of one window ending `offset` seconds after the switch began (after
    `bridge` seconds of turning, ``join``), tagged with the new activity (the same first trials as the streams);
    returns their paths."""
    paths = []
    for subject in subjects:
        activities = by_subject[subject]
        for old, new in switches(activities):
            for offset in offsets:
                # Half a second more of the new activity than the window's share, so that fusion's edges never
                # leave the recording a sample short of one window (only the first window is cut).
                path = directory / f"transition-{subject}-{old}-to-{new}-{offset}-{bridge}.imurec"
                if not path.exists():
                    join(activities[old], activities[new], path, first_seconds=window - offset,
                         second_seconds=offset + 0.5 - bridge, tag=new, bridge=bridge)
                paths.append(str(path))
    return paths


def switches(activities):
    """Every ordered pair of two different activities, sorted."""
    return [(old, new) for old in sorted(activities) for new in sorted(activities) if old != new]


def held_out_confusion(tools, models, recordings):
    """The confusion matrix of `models` (averaged when more than one) on `recordings` (truth rows, prediction
    columns), by imu-eval."""
    model_flags = [flag for model in models for flag in ("--model", model)]
    output = subprocess.run([tools / "imu-eval", "-q", "--json", *model_flags, *recordings],
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output)["confusion"]


def classify(tools, recording, models, classify_args):
    """The predictions of imu-classify --replay --json on `recording` with `models` (averaged when more than one)."""
    model_flags = [flag for model in models for flag in ("--model", model)]
    output = subprocess.run(
        [tools / "imu-classify", "-q", "--replay", recording, *model_flags, "--json", *classify_args.split()],
        check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


class Tally:
    """What one classifier (one model, or several averaged) measured over the run: per switch (subject, old, new,
    latency, wrong, unknown), the held-out confusion matrices and the replayed streams' windows (correct, total)."""

    def __init__(self):
        self.results = []
        self.confusions = []
        self.in_streams = [0, 0]

    def add_windows(self, predictions, spans, window):
        for index, count in enumerate(stream_accuracy(predictions, spans, window)):
            self.in_streams[index] += count

    def summarise(self, label):
        """Prints the figures, under `label` when there is one."""
        if label:
            print(f"\n{label}:")
        summarise(self.results, self.confusions, self.in_streams)


def fold_done(tallies, fold_index, folds):
    """Prints the progress after a fold: the switches measured so far."""
    count = len(next(iter(tallies.values())).results) if tallies else 0
    print(f"fold {fold_index + 1}/{folds}: {count} switches", file=sys.stderr)


def classifiers(models):
    """The classifiers a run measures, by the heading printed above each: the fold's models, and with a second model
    the first alone beside the pair (the anchor, in the same run)."""
    if len(models) == 1:
        return {"": models}
    return {"the first model alone (the anchor)": models[:1], "the two models averaged": models}


def with_threshold(predictions, threshold):
    """`predictions`, made with --threshold 0, as imu-classify --threshold `threshold` reports them: an activity whose
    probability is below it becomes `unknown`."""
    if any(prediction["activity"] == "unknown" for prediction in predictions):
        sys.exit("--thresholds needs predictions made with --threshold 0 (add it to --classify-args)")
    relabelled = []
    for prediction in predictions:
        best = max(prediction["probabilities"], key=prediction["probabilities"].get)
        below = prediction["probabilities"][best] < threshold
        relabelled.append({**prediction, "activity": "unknown" if below else best})
    return relabelled


def thresholded(label, predictions, thresholds):
    """(the heading, the predictions) of `label`'s classifier with each of `thresholds` applied (``with_threshold``)."""
    for threshold in thresholds:
        yield f"{label or 'the model'}, --threshold {threshold:g} applied", with_threshold(predictions, threshold)


def window_seconds(models):
    """The longest window of `models` (model files), in seconds: the windows a replay with them is cut into."""
    windows = [json.loads(Path(model).read_text())["window"] for model in models]
    return max(window["size"] / window["sampleRate"] for window in windows)


def stream_accuracy(predictions, spans, window):
    """(correct, total) over the predictions whose `window` seconds lie inside one of `spans` ((activity, start, end)
    in the stream's seconds): the per-window accuracy of the replayed stream itself, ensembles included."""
    correct = total = 0
    for prediction in predictions:
        end = prediction["timestamp"]
        for activity, span_start, span_end in spans:
            if span_start <= end - window and end <= span_end:
                total += 1
                correct += prediction["activity"] == activity
                break
    return correct, total


def summarise(results, confusions, in_streams=(0, 0)):
    """Prints the latency figures of `results` ((subject, old, new, latency, wrong, unknown) per switch), the
    pooled accuracy of `confusions` and the replayed streams' per-window accuracy `in_streams` (correct, total)."""
    settled = [r[3] for r in results if r[3] is not None]
    print(f"switches: {len(results)} ({len(results) - len(settled)} never settled on the new activity)")
    every = settled + [math.inf] * (len(results) - len(settled))
    print(f"latency: median {statistics.median(settled):.2f} s, 90th percentile {percentile(settled, 0.9):.2f} s"
          " (goal: at most 2 s and 3 s)")
    print(f"counting the switches never settled as never named: median {seconds(percentile(every, 0.5))}, "
          f"90th percentile {seconds(percentile(every, 0.9))}")
    print(f"wrong activity per switch: mean {statistics.mean(r[4] for r in results):.2f} s, "
          f"median {statistics.median(r[4] for r in results):.2f} s (goal: under 0.5 s); "
          f"unknown: mean {statistics.mean(r[5] for r in results):.2f} s")
    print(f"wrong activity per switch that settled: mean {statistics.mean(r[4] for r in results if r[3] is not None):.2f}"
          " s (a switch never settled counts its wrong time to the end of the stream)")
    if confusions:
        correct = sum(matrix[i][i] for matrix in confusions for i in range(len(matrix)))
        total = sum(sum(row) for matrix in confusions for row in matrix)
        print(f"per-window accuracy on the held-out subjects' trials: {100 * correct / total:.2f} % ({total} windows)")
    if in_streams[1]:
        print(f"per-window accuracy in the replayed streams (windows inside one activity, as predicted there): "
              f"{100 * in_streams[0] / in_streams[1]:.2f} % ({in_streams[1]} windows)")
    pairs = defaultdict(list)
    for subject, old, new, latency, wrong, unknown in results:
        pairs[(old, new)].append(latency if latency is not None else float("inf"))
    print("median latency per switch (s):")
    for (old, new), values in sorted(pairs.items()):
        print(f"  {old:>10} -> {new:<10} {statistics.median(values):6.2f}")


def seconds(value):
    """`value` in seconds to two decimals, or `never` when infinite."""
    return "never" if math.isinf(value) else f"{value:.2f} s"


def percentile(values, fraction):
    """The `fraction` quantile of `values`, interpolated linearly; infinite where it reaches an infinite value."""
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    if position == low or math.isinf(ordered[high]):
        return ordered[low] if position == low else math.inf
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def add_shared_options(parser):
    """The options latency.py and hapt-latency.py share."""
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--classify-args", default="")
    parser.add_argument("--train-args", default="")
    parser.add_argument("--accuracy", action="store_true", help="also the fold models' per-window held-out accuracy")
    parser.add_argument("--transitions", default="", help="seconds into the new activity of each switch window added")
    parser.add_argument("--transition-window", type=float, default=4.0, help="the model's window, seconds")
    parser.add_argument("--thresholds", type=lambda text: [float(value) for value in text.split(",")], default=[],
                        help="also measure each classifier with these thresholds applied to its predictions, comma-"
                             "separated (made with --threshold 0 in --classify-args; ``with_threshold``)")
    parser.add_argument("--second-window", type=int, default=0,
                        help="also train per fold a model of windows this many samples long (hop half that, after "
                             "--train-args) and replay with both: imu-classify averages them")


def require_tools(tools, script):
    """Exits with a message unless the tools a latency script runs are in `tools`."""
    missing = [tool for tool in ("imu-import", "imu-train", "imu-classify") if not (tools / tool).exists()]
    if missing:
        sys.exit(f"{script}: {', '.join(missing)} not found in {tools}: build first (swift build -c release)")


def fold_models(tools, model, training, by_subject, training_subjects, arguments, work):
    """The fold's model (``fold_model``) and, with --second-window, one of those windows trained on the same
    recordings; returns their paths."""
    fold_model(tools, model, training, by_subject, training_subjects, arguments, work)
    if not arguments.second_window:
        return [model]
    if arguments.transitions:
        sys.exit("--second-window and --transitions are separate experiments: give one of them")
    size = arguments.second_window
    second = model.with_name(f"{model.stem}-window{size}{model.suffix}")
    if not second.exists():
        subprocess.run([tools / "imu-train", "-q", *arguments.train_args.split(), "--window", str(size),
                        "--hop", str(max(1, size // 2)), *training, "-o", second], check=True)
    return [model, second]


def fold_model(tools, model, training, by_subject, training_subjects, arguments, work):
    """Trains `model` with imu-train on `training` (recording paths) and, with --transitions, the training subjects'
    switches (``transition_recordings``), unless it exists."""
    if model.exists():
        return
    offsets = [float(value) for value in arguments.transitions.split()]
    if offsets:
        directory = work / "transitions"
        directory.mkdir(exist_ok=True)
        training = training + transition_recordings(by_subject, training_subjects, offsets,
                                                    arguments.transition_window, directory, arguments.bridge)
    subprocess.run([tools / "imu-train", "-q", *arguments.train_args.split(), *training, "-o", model], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_shared_options(parser)
    parser.add_argument("--recordings", default=os.environ.get("MOTIONSENSE_RECORDINGS", "/tmp/imu-bridge-motionsense"))
    parser.add_argument("--data", default="../shared/data/motionsense")
    parser.add_argument("--work", default=None, help="keep the models and streams here")
    parser.add_argument("--keep-predictions", action="store_true", help="keep every stream's predictions in WORK")
    parser.add_argument("--bridge", type=float, default=0.0,
                        help="seconds of a turn the gyroscope sees between the joined trials (default: none)")
    arguments = parser.parse_args()
    tools = Path(arguments.bin)
    require_tools(tools, "latency.py")
    recordings = Path(arguments.recordings)
    if not recordings.is_dir() or not any(recordings.glob("*.imurec")):
        if not Path(arguments.data, "A_DeviceMotion_data").is_dir():
            print(f"skipped: {arguments.data}/A_DeviceMotion_data not found")
            return
        subprocess.run([tools / "imu-import", "motionsense", arguments.data, "-o", recordings], check=True,
                       stdout=subprocess.DEVNULL)

    by_subject = defaultdict(dict)  # subject -> activity -> first trial's recording
    for recording in sorted(recordings.glob("*.imurec")):
        parsed = parse_recording_name(recording.name)
        if parsed:
            activity, trial, subject = parsed
            by_subject[subject].setdefault(activity, recording)
    subjects = sorted(by_subject, key=lambda name: int(name.split("_")[1]))
    folds = [subjects[index::arguments.folds] for index in range(arguments.folds)]

    work = Path(arguments.work) if arguments.work else Path(tempfile.mkdtemp(prefix="imu-latency-"))
    work.mkdir(parents=True, exist_ok=True)
    tallies = defaultdict(Tally)
    for fold_index, held_out in enumerate(folds):
        model = work / f"fold{fold_index}.model"
        training = [str(r) for r in sorted(recordings.glob("*.imurec"))
                    if parse_recording_name(r.name) and parse_recording_name(r.name)[2] not in held_out]
        models = fold_models(tools, model, training, by_subject, [s for s in subjects if s not in held_out],
                             arguments, work)
        trials = [str(r) for r in sorted(recordings.glob("*.imurec"))
                  if parse_recording_name(r.name) and parse_recording_name(r.name)[2] in held_out]
        for label, used in classifiers(models).items():
            if arguments.accuracy:
                tallies[label].confusions.append(held_out_confusion(tools, used, trials))
        for subject in held_out:
            activities = by_subject[subject]
            for old, new in switches(activities):
                stream = work / f"{subject}-{old}-to-{new}.imurec"
                if stream.exists():
                    shutil.rmtree(stream)
                switch = join(activities[old], activities[new], stream, bridge=arguments.bridge)
                spans = [(old, 0.0, switch - arguments.bridge), (new, switch, math.inf)]
                for label, used in classifiers(models).items():
                    predictions = classify(tools, stream, used, arguments.classify_args)
                    if arguments.keep_predictions and used == models:
                        kept = work / "predictions"
                        kept.mkdir(exist_ok=True)
                        (kept / f"{subject}-{old}-to-{new}.json").write_text(
                            json.dumps({"switch": switch, "old": old, "new": new, "predictions": predictions}))
                    runs = [(label, predictions), *thresholded(label, predictions, arguments.thresholds)]
                    for heading, measured in runs:
                        latency, wrong, unknown = measure(measured, switch, old, new)
                        tallies[heading].results.append((subject, old, new, latency, wrong, unknown))
                        tallies[heading].add_windows(measured, spans, window_seconds(used))
                shutil.rmtree(stream)
        fold_done(tallies, fold_index, arguments.folds)
    for label, tally in tallies.items():
        tally.summarise(label)


if __name__ == "__main__":
    main()
