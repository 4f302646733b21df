#!/usr/bin/env bash
# CPU of `imu-stream` printing every reading of an 833 Hz IMU: the LSM6DSO fixture (accelerometer and gyroscope as two
# buffered IIO devices) served by umockdev, its FIFO device nodes written in real time by
# Benchmarks/Activity/feed-lsm6dso.py (batches of the buffer/watermark libiio sets), as live-cost.sh does for
# imu-classify. The streaming tool's own cost is mostly its output: a line per reading, 833 a second.
#
# Usage: Benchmarks/Streaming/stream-cost.sh [SECONDS] [IMU-STREAM-FLAGS...]
#        (from the package root; default 15 s measured after 5 s warm-up; e.g. `... 15 --json`)
#
# Prints the CPU time imu-stream used over the measured interval as a percentage of one core (the threads' schedstat,
# in nanoseconds) and the lines it printed per second. Needs umockdev (`umockdev-run`) and python3; builds imu-stream
# in release mode (in $SCRATCH_PATH, default .build); BIN_DIR=DIR measures DIR/imu-stream instead (another build).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-15}"
shift || true
warmup=5
command -v umockdev-run >/dev/null || { echo "skipped: umockdev-run not found (apt-get install umockdev)"; exit 0; }
if [[ -z "${BIN_DIR:-}" ]]; then
    scratch="${SCRATCH_PATH:-.build}"
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-stream >&2
    BIN_DIR="$PWD/$scratch/release"
fi
stream="$(cd "$BIN_DIR" && pwd)/imu-stream"
feeder="$PWD/Benchmarks/Activity/feed-lsm6dso.py"
# umockdev-run takes the fixture without its leading comment lines.
fixture="$(mktemp)"
trap 'rm -f "$fixture"' EXIT
sed -e '/^#/d' Fixtures/sysfs/lsm6dso.umockdev | sed -e '/./,$!d' >"$fixture"
umockdev-run --device "$fixture" -- /bin/bash -c '
    set -euo pipefail
    stream="$1"; feeder="$2"; warmup="$3"; seconds="$4"; shift 4
    out="$(mktemp)"
    # The FIFO nodes exist before imu-stream looks for them (accelerometer iio:device1, gyroscope iio:device2).
    mkdir -p "$UMOCKDEV_DIR/dev/.node"
    for n in 1 2; do mkfifo "$UMOCKDEV_DIR/dev/iio:device$n"; ln -s "249:$n" "$UMOCKDEV_DIR/dev/.node/iio:device$n"; done
    python3 "$feeder" "$UMOCKDEV_DIR" $((warmup + seconds + 5)) >/dev/null &
    feeding=$!
    "$stream" --device lsm6dso --sensor-rate 833 "$@" >"$out" 2>/dev/null &
    pid=$!
    cpu_ns() { cat /proc/$pid/task/*/schedstat | awk "{ sum += \$1 } END { printf \"%d\", sum }"; }
    sleep "$warmup"
    start=$(cpu_ns); lines_before=$(wc -l <"$out")
    sleep "$seconds"
    end=$(cpu_ns); lines_after=$(wc -l <"$out")
    kill -TERM "$pid"; wait "$pid" || true
    kill "$feeding" 2>/dev/null || true; wait "$feeding" 2>/dev/null || true
    awk -v t=$((end - start)) -v s="$seconds" -v n=$((lines_after - lines_before)) -v flags="$*" \
        "BEGIN { printf \"imu-stream at 833 Hz %s over %d s: CPU %.3f %% of one core, %.0f lines per second\n\", flags, s, 100 * t / 1e9 / s, n / s }"
    rm -f "$out"
' bench "$stream" "$feeder" "$warmup" "$seconds" "$@"
