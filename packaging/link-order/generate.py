#!/usr/bin/env python3
"""Writes packaging/link-order/functions.txt: the functions `imu-classify` runs, hottest first.

Release builds hand the list to lld (`--symbol-ordering-file`, `cli` in Package.swift), which lays those functions out
side by side at the start of `.text`. The few thousand functions a tool runs (about 1 MB of code) are otherwise spread
over the 19 MB of its `.text`, and the kernel maps a binary's code 64 KB around every page a process touches: with
the functions side by side, far fewer pages stay resident (`Benchmarks/Activity/RESULTS.md`).

What runs is taken from valgrind's callgrind on a release `imu-classify` (a copy without its debug sections, which
valgrind cannot read): live at 833 Hz without and with a history, as the service runs it (Benchmarks/Activity/
live-cost.sh: umockdev and the LSM6DSO fixture), then a replay of the demo recording. Each live run is profiled in
parts, one per window printed (callgrind dumps as `PredictionPrinter.print` returns): the first part is start-up and
the first window, the last (what follows the last window) the exit, the others the steady state. The list has the
steady state's functions first (without a history, then what a history adds), by the instructions they ran, then what
only start-up and exit ran (without a history, then with one), then what only the replay ran: the code a long run
keeps touching lies together, apart from the code it ran once. Regenerate after changes that rename or add what the
tools run; a list that has gone stale orders less, and breaks nothing (lld skips names the binary lacks).

Usage: packaging/link-order/generate.py [--seconds N]   (from anywhere; needs valgrind and umockdev)
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUTPUT = os.path.join(ROOT, "packaging", "link-order", "functions.txt")
BINARY = "imu-classify"
DEMO = "Fixtures/recordings/walking-to-sitting.imurec"
# A callgrind line that names an object or a function, with its number for later lines that give only the number.
NAME_LINE = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")
# What a symbol name looks like: no spaces or parentheses (callgrind's placeholders have both).
SYMBOL = re.compile(r"[^\s()]+")
# callgrind with mangled names (what lld orders by) and a cost per function, not per instruction.
CALLGRIND = ["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=no"]
# The function imu-classify calls once per window printed: a live profile is dumped in a part as it returns.
PER_WINDOW = "$s12imu_classify17PredictionPrinterV5print*"
# A part file's number: callgrind appends `.N` to the profile's name for its N-th dump.
PART = re.compile(r"\.(\d+)$")


def executed_functions(profile, binary_name):
    """The instructions each function of `binary_name` ran, from a callgrind profile (its own cost, not callees')."""
    if not os.path.exists(profile):
        sys.exit(f"generate.py: callgrind wrote no profile ({profile}): did {binary_name} start under valgrind?")
    objects, functions = {}, {}
    costs = collections.Counter()
    current_object = current_function = None
    after_calls = False
    with open(profile, errors="replace") as lines:
        for line in lines:
            match = NAME_LINE.match(line.rstrip("\n"))
            if match:
                kind, number, name = match.groups()
                table = objects if kind.endswith("ob") else functions
                if name is not None:
                    table[number] = name
                if kind == "ob":
                    current_object = objects[number]
                elif kind == "fn":
                    current_function = functions[number]
                continue
            if line.startswith("calls="):
                after_calls = True  # the next cost line is the call's inclusive cost
                continue
            if line[:1].isdigit() or line[:1] in "+-*":
                if after_calls:
                    after_calls = False
                    continue
                fields = line.split()
                if len(fields) >= 2 and current_object and os.path.basename(current_object) == binary_name:
                    # callgrind marks recursion levels with 'N; the symbol is the same function.
                    costs[re.sub(r"'\d+$", "", current_function)] += int(fields[1])
    return costs


def live_parts(directory, name):
    """A live profile's parts dumped as windows were printed, in order: the first is start-up and the first window."""
    numbered = sorted(
        (int(PART.search(entry).group(1)), os.path.join(directory, entry))
        for entry in os.listdir(directory)
        if entry.startswith(name + ".") and PART.search(entry)
    )
    if len(numbered) < 3:
        sys.exit(f"generate.py: callgrind dumped {len(numbered)} parts of {name}, not one per window: "
                 f"does {PER_WINDOW} still name the function that prints a window?")
    return [path for _, path in numbered]


def unlisted(costs, listed):
    """The symbols of `costs` that `listed` lacks, the most instructions first."""
    known = set(listed)
    return [name for name, _ in costs.most_common() if name not in known and is_symbol(name)]


def is_symbol(name):
    """Whether callgrind's `name` is a symbol lld can order: not an address (0x...) nor a placeholder ("(below main)")."""
    return SYMBOL.fullmatch(name) is not None and not name.startswith("0x")


def run(command, **options):
    """Runs `command`, stopping the script with its output if it fails."""
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, **options)
    if result.returncode != 0:
        sys.exit(f"generate.py: {' '.join(command)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=40, help="seconds of each live run, after its warm-up")
    arguments = parser.parse_args()
    for tool in ("valgrind", "umockdev-run", "objcopy"):
        if shutil.which(tool) is None:
            sys.exit(f"generate.py: {tool} not found (apt-get install valgrind umockdev binutils)")

    run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", BINARY])
    bin_dir = run(["swift", "build", "-c", "release", "--show-bin-path"]).stdout.strip()
    with tempfile.TemporaryDirectory() as work:
        copy = os.path.join(work, BINARY)
        run(["objcopy", "--strip-debug", os.path.join(bin_dir, BINARY), copy])
        steady, once = {}, {}  # by history mode: the steady state's parts, and start-up's and exit's
        for history in ("none", "history"):
            profile = os.path.join(work, f"live-{history}.callgrind")
            wrapper = " ".join(CALLGRIND + [f"--callgrind-out-file={profile}", f"--dump-after={PER_WINDOW}"])
            print(f"generate.py: live, --history {history}, {arguments.seconds} s under callgrind", file=sys.stderr)
            run(
                ["Benchmarks/Activity/live-cost.sh", str(arguments.seconds), history],
                env=dict(os.environ, BIN_DIR=work, WRAPPER=wrapper),
            )
            windows = live_parts(work, os.path.basename(profile))
            once[history] = executed_functions(windows[0], BINARY)
            once[history].update(executed_functions(profile, BINARY))  # callgrind's last dump, at exit, keeps the name
            steady[history] = collections.Counter()
            for part in windows[1:]:
                steady[history].update(executed_functions(part, BINARY))
        profile = os.path.join(work, "replay.callgrind")
        run(CALLGRIND + [f"--callgrind-out-file={profile}", copy, "--replay", DEMO, "--json"])
        replay = executed_functions(profile, BINARY)

    ordered = []
    for costs in (steady["none"], steady["history"], once["none"], once["history"]):
        ordered += unlisted(costs, ordered)
    live = len(ordered)
    ordered += unlisted(replay, ordered)
    with open(OUTPUT, "w") as output:
        output.write("".join(f"{name}\n" for name in ordered))
    # SwiftPM does not know that the links read the list: without the tools, the next build links them again.
    for product in os.listdir(bin_dir):
        if product.startswith("imu-") and os.path.isfile(os.path.join(bin_dir, product)):
            os.remove(os.path.join(bin_dir, product))
    print(f"generate.py: {len(ordered)} functions ({live} live) written to {OUTPUT}; the release tools in "
          f"{bin_dir} were removed, so the next build links them with it", file=sys.stderr)


if __name__ == "__main__":
    main()
