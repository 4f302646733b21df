#!/usr/bin/env bash
# CPU and memory of `imu-steps --live` fed by an 833 Hz IMU, measured the way Benchmarks/Activity/live-cost.sh measures
# `imu-classify --live` (the LSM6DSO fixture served by umockdev, its FIFO nodes written in real time by
# Benchmarks/Activity/feed-lsm6dso.py), with imu-classify run on the same feed right after as the anchor.
#
# Usage: Benchmarks/Steps/live-cost.sh [SECONDS]      (from the package root; default 60 s measured after 10 s warm-up)
#
# Prints, per tool, the CPU time it used over the measured interval as a percentage of one core and its peak resident
# memory (VmHWM). Both fuse the same 833 Hz stream into device motion (imu-steps at --rate 25, imu-classify at its
# model's 25 Hz): what imu-steps adds is the pedometer, what imu-classify adds is the windowed classifier.
# Needs umockdev (`umockdev-run`) and python3; builds both tools in release mode (in $SCRATCH_PATH, default .build).
set -euo pipefail

cd "$(dirname "$0")/../.."
seconds="${1:-60}"
warmup=10
command -v umockdev-run >/dev/null || { echo "skipped: umockdev-run not found (apt-get install umockdev)"; exit 0; }

scratch="${SCRATCH_PATH:-.build}"
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-steps >&2
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-classify >&2
feeder="$PWD/Benchmarks/Activity/feed-lsm6dso.py"
fixture="$(mktemp)"
trap 'rm -f "$fixture"' EXIT
sed -e '/^#/d' Fixtures/sysfs/lsm6dso.umockdev | sed -e '/./,$!d' >"$fixture"

for tool in imu-steps imu-classify; do
    umockdev-run --device "$fixture" -- /bin/bash -c '
        set -euo pipefail
        tool="$1"; binary="$2"; feeder="$3"; warmup="$4"; seconds="$5"
        out="$(mktemp)"; err="$(mktemp)"
        mkdir -p "$UMOCKDEV_DIR/dev/.node"
        for n in 1 2; do mkfifo "$UMOCKDEV_DIR/dev/iio:device$n"; ln -s "249:$n" "$UMOCKDEV_DIR/dev/.node/iio:device$n"; done
        python3 "$feeder" "$UMOCKDEV_DIR" $((warmup + seconds + 5)) &
        feed=$!
        "$binary" --live --device lsm6dso --sensor-rate 833 --json >"$out" 2>"$err" &
        pid=$!
        ticks() { awk "{ print \$14 + \$15 }" "/proc/$pid/stat"; }
        sleep "$warmup"
        start=$(ticks)
        sleep "$seconds"
        end=$(ticks)
        hwm=$(awk "/VmHWM/ { print \$2 }" "/proc/$pid/status")
        anon=$(awk "/RssAnon/ { print \$2 }" "/proc/$pid/status")
        kill -TERM "$pid"; wait "$pid" || true
        kill "$feed" 2>/dev/null || true; wait "$feed" 2>/dev/null || true
        hz=$(getconf CLK_TCK)
        awk -v tool="$tool" -v t=$((end - start)) -v hz="$hz" -v s="$seconds" -v hwm="$hwm" -v anon="$anon" \
            "BEGIN { printf \"%-12s --live at 833 Hz over %d s: CPU %.2f %% of one core, peak RSS %.1f MB (%.1f MB anonymous at the end)\n\", tool, s, 100 * t / hz / s, hwm / 1024, anon / 1024 }"
        if [[ -s "$err" ]]; then echo "stderr:"; head -5 "$err"; fi
        rm -f "$out" "$err"
    ' bench "$tool" "$PWD/$scratch/release/$tool" "$feeder" "$warmup" "$seconds"
done
