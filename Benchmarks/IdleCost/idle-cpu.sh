#!/usr/bin/env bash
# What waiting costs natively: imu-stream --wait and imu-classify --live --wait, waiting for an IMU that never comes,
# for SECONDS (default 60), with the CPU time and the wakeups of every thread of each (schedstat run time and
# context switches, read from /proc before and after). The kernel VM checks the wakeups (endurance-idle-cpu); its
# CPU figures are those of an emulated core, so the share of a real core is measured here.
#
# Usage: Benchmarks/IdleCost/idle-cpu.sh [SECONDS]      (from the package root; builds the tools in release mode)
set -euo pipefail

cd "$(dirname "$0")/../.."
seconds="${1:-60}"
scratch="${SCRATCH_PATH:-.build}"
for product in imu-stream imu-classify; do
    swift build -c release --scratch-path "$scratch" --product "$product" >&2
done
bin="$PWD/$scratch/release"

# The summed CPU nanoseconds and context switches of every thread of process $1.
sample() {
    local task nanoseconds=0 switches=0
    for task in /proc/"$1"/task/*; do
        nanoseconds=$((nanoseconds + $(cut -d' ' -f1 "$task/schedstat")))
        switches=$((switches + $(awk '/ctxt_switches/ { n += $2 } END { print n }' "$task/status")))
    done
    echo "$nanoseconds $switches"
}

# A device name no IMU has: the tools wait for it the way they wait with nothing plugged in.
"$bin/imu-stream" --wait --device no-such-imu > /dev/null 2>&1 &
stream=$!
"$bin/imu-classify" --live --wait --device no-such-imu > /dev/null 2>&1 &
classify=$!
trap 'kill -INT $stream $classify 2> /dev/null || true' EXIT
sleep 10 # past start-up, and past libdispatch's idle worker threads ending (5 s)

read -r stream_ns stream_switches < <(sample $stream)
read -r classify_ns classify_switches < <(sample $classify)
sleep "$seconds"
read -r stream_ns_after stream_switches_after < <(sample $stream)
read -r classify_ns_after classify_switches_after < <(sample $classify)

report() {
    awk -v tool="$1" -v ns="$2" -v switches="$3" -v seconds="$seconds" 'BEGIN {
        printf "%-13s %6.2f ms of CPU in %d s = %.4f %% of a core, %d wakeups (%.2f per second)\n",
            tool, ns / 1e6, seconds, 100 * ns / 1e9 / seconds, switches, switches / seconds }'
}
report imu-stream $((stream_ns_after - stream_ns)) $((stream_switches_after - stream_switches))
report imu-classify $((classify_ns_after - classify_ns)) $((classify_switches_after - classify_switches))
