#!/usr/bin/env python3
"""Issue 15, goal 3: the cost of the fusion pipeline beside VQF's, and replay throughput, measured in one run.

Part 1, per input sample on BROAD trial 01 (56 940 samples at 285.7 Hz): VQF's C++ `updateBatch` (the anchor, the
`vqf` package from PyPI, 6D with its defaults) and `imu-motion --benchmark` (the filter alone, and the whole
pipeline: alignment with its timestamp checks, filter, attitude history, resampling to 25 Hz). The two are timed in
alternating rounds, so that a change in the machine's load falls on both; each round keeps the best of 5 passes and
the table gives the best round of each. Goal: the pipeline at most 0.5 x VQF.

Part 2, replay through the whole classification pipeline: the demo recording's readings
(Fixtures/recordings/walking-to-sitting.imurec, 50 Hz accelerometer and gyroscope) repeated to 48 minutes in a
temporary recording, run through `imu-classify --replay --json` (parse, fusion, features, the bundled model) with
its output thrown away; the CPU time it used (user + system) gives raw readings (accelerometer and gyroscope
readings count apart) per second per core. Goal: at least 2 M.

    swift build -c release --product imu-motion && swift build -c release --product imu-classify
    python3 Benchmarks/Fusion/cost.py              # 5 alternating rounds
    python3 Benchmarks/Fusion/cost.py --rounds 9
    python3 Benchmarks/Fusion/cost.py --bin-dir .build-x/release
    python3 Benchmarks/Fusion/cost.py --baseline-bin-dir ../old/.build/release   # before/after, same rounds

With --baseline-bin-dir, another build's two tools (an earlier commit's, say) are timed in the same rounds and
printed beside these. --model M (repeatable: two average as `imu-classify --model A --model B`) replays with those
model files instead of the bundled one; --baseline-model M times the baseline with those (with the same build when
there is no --baseline-bin-dir), for two models' costs in the same rounds:

    python3 Benchmarks/Fusion/cost.py --model new-4s.model --model new-2s.model \
        --baseline-model old-4s.model --baseline-model old-2s.model
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import accuracy  # noqa: E402  (the trial loader and the package installer, shared with accuracy.py)

TRIAL = "01_undisturbed_slow_rotation_A"
DEMO = os.path.join(accuracy.PACKAGE_ROOT, "Fixtures", "recordings", "walking-to-sitting.imurec")
REPLAY_MINUTES = 48
GOALS = {"pipeline_vs_vqf": 0.5, "replay_readings_per_second": 2e6}


def time_vqf(trial):
    """VQF's C++ updateBatch per sample, best of 5 passes, in nanoseconds."""
    from vqf import VQF
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        VQF(1 / (2000 / 7)).updateBatch(trial["gyr"], trial["acc"])
        best = min(best, time.perf_counter() - start)
    return best / len(trial["t"]) * 1e9


def time_imu_motion(binary, path):
    """imu-motion's filter and whole pipeline per sample, best of 5 passes, in nanoseconds."""
    result = subprocess.run([binary, path, "--benchmark", "--json"], check=True, capture_output=True, text=True)
    report = json.loads(result.stdout.strip().splitlines()[-1])
    return report["filter_ns_per_sample"], report["pipeline_ns_per_sample"]


def make_long_recording(directory):
    """The demo recording's raw readings repeated to REPLAY_MINUTES minutes; returns the recording and its rows."""
    with open(os.path.join(DEMO, "raw.csv")) as handle:
        header, *rows = handle.read().splitlines()
    span = float(rows[-1].split(",", 1)[0]) - float(rows[0].split(",", 1)[0])
    period = span / (len(rows) - 1)
    repeats = int(REPLAY_MINUTES * 60 / (span + period))
    recording = os.path.join(directory, "long.imurec")
    os.mkdir(recording)
    with open(os.path.join(recording, "raw.csv"), "w") as out:
        out.write(header + "\n")
        for repeat in range(repeats):
            shift = repeat * (span + period)
            for row in rows:
                time_text, rest = row.split(",", 1)
                out.write(f"{float(time_text) + shift:.6f},{rest}\n")
    for table in ("motion.csv", "events.csv"):
        with open(os.path.join(DEMO, table)) as source, open(os.path.join(recording, table), "w") as out:
            out.write(source.readline())
    with open(os.path.join(DEMO, "recording.json")) as handle:
        metadata = json.load(handle)
    metadata["counts"] = {"events": 0, "motion": 0, "raw": repeats * len(rows)}
    metadata["monotonic_end"] = float(rows[0].split(",", 1)[0]) + repeats * (span + period) - period
    metadata["source"] = f"{metadata['source']}, repeated {repeats} times by Benchmarks/Fusion/cost.py"
    with open(os.path.join(recording, "recording.json"), "w") as out:
        json.dump(metadata, out, indent=2)
    return recording, repeats * len(rows)


def time_replay(binary, recording, models):
    """CPU seconds (user + system) of one `imu-classify --replay --json [--model M ...]`, output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    flags = [flag for model in models for flag in ("--model", model)]
    subprocess.run([binary, "--replay", recording, "--json"] + flags, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default: 5, at least 1)")
    parser.add_argument("--bin-dir", default=os.path.join(accuracy.PACKAGE_ROOT, ".build", "release"),
                        help="where the release-built imu-motion and imu-classify are (default: .build/release)")
    parser.add_argument("--baseline-bin-dir", help="another build's imu-motion and imu-classify, timed alongside")
    parser.add_argument("--model", action="append", default=[],
                        help="a model file the replay uses instead of the bundled one (repeatable)")
    parser.add_argument("--baseline-model", action="append", default=[],
                        help="a model file the baseline's replay uses (repeatable; the same build without "
                             "--baseline-bin-dir)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error(f"--rounds {args.rounds}: give at least 1")
    for model in args.model + args.baseline_model:
        if not os.path.isfile(model):
            parser.error(f"no model file at {model}")
    builds = {"": args.bin_dir}
    models = {"": args.model}
    if args.baseline_bin_dir or args.baseline_model:
        builds["baseline "] = args.baseline_bin_dir or args.bin_dir
        models["baseline "] = args.baseline_model
    for directory in builds.values():
        for name in ("imu-motion", "imu-classify"):
            if not os.access(os.path.join(directory, name), os.X_OK):
                print(f"build first: swift build -c release --product {name} (missing {directory}/{name})",
                      file=sys.stderr)
                return 1
    path = os.path.join(accuracy.DATA, TRIAL + ".csv.gz")
    if not os.path.isfile(path):
        print(f"skipped: BROAD trial not found at {path}", file=sys.stderr)
        return 0
    accuracy.ensure_packages()
    trial = accuracy.load_trial(path)
    work = tempfile.mkdtemp(prefix="imu-bridge-cost-")
    try:
        recording, readings = make_long_recording(work)
        readings *= 2  # an accelerometer and a gyroscope reading per row
        vqf = []
        filters, pipelines, replays = ({label: [] for label in builds} for _ in range(3))
        for round_index in range(args.rounds):
            vqf.append(time_vqf(trial))
            for label, directory in builds.items():
                filter_ns, pipeline_ns = time_imu_motion(os.path.join(directory, "imu-motion"), path)
                filters[label].append(filter_ns)
                pipelines[label].append(pipeline_ns)
                replays[label].append(time_replay(os.path.join(directory, "imu-classify"), recording, models[label]))
                print(f"  round {round_index + 1}: VQF {vqf[-1]:.0f} ns, {label}filter {filter_ns:.0f} ns, "
                      f"pipeline {pipeline_ns:.0f} ns, replay {replays[label][-1]:.2f} s CPU", file=sys.stderr)
    finally:
        shutil.rmtree(work)
    anchor = min(vqf)
    print(f"\nCost per input sample, {TRIAL} ({len(trial['t'])} samples), best of {args.rounds} alternating rounds:\n")
    print("| what | ns per sample | x VQF | goal |")
    print("|---|---|---|---|")
    print(f"| VQF C++ updateBatch (anchor) | {anchor:.0f} | 1.00 | |")
    for label in builds:
        print(f"| {label}imu-motion OrientationFilter | {min(filters[label]):.0f} | "
              f"{min(filters[label]) / anchor:.2f} | |")
        print(f"| {label}imu-motion whole pipeline to 25 Hz | {min(pipelines[label]):.0f} | "
              f"{min(pipelines[label]) / anchor:.2f} | at most {GOALS['pipeline_vs_vqf']} x |")
    print(f"\nReplay through the whole classification pipeline ({REPLAY_MINUTES} min, {readings} raw readings), "
          f"best of {args.rounds}:\n")
    print("| build | models | CPU seconds | raw readings per second per core | goal |")
    print("|---|---|---|---|---|")
    for label in builds:
        replay = min(replays[label])
        names = ", ".join(os.path.basename(model) for model in models[label]) or "bundled"
        print(f"| {label.strip() or 'this'} | {names} | {replay:.3f} | {readings / replay / 1e6:.2f} M | "
              f"at least {GOALS['replay_readings_per_second'] / 1e6:.0f} M |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
