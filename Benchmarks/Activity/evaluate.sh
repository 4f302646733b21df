#!/usr/bin/env bash
# Accuracy of the activity classifier on the real datasets, by subject-disjoint cross-validation.
#
# Usage: Benchmarks/Activity/evaluate.sh [--json] [motionsense|motionsense-imported|hapt]...
#        (from the package root; default: all three; results and commands: Benchmarks/Activity/RESULTS.md)
#
# Builds imu-train and imu-import in release mode (in $SCRATCH_PATH, default .build) and runs 5-fold cross-validation
# grouped by subject:
#  - motionsense: MotionSense's CSV files read directly, i.e. CoreMotion's own gravity / userAcceleration split,
#    resampled 50 -> 25 Hz, with 4 s windows and a 2 s hop (the default) and with the published 2.56 s / 50 %
#    windows. Anchors (data/README.md): 4 s windows 95.3-95.5 %, 2.56 s windows 93.8-94.0 % accuracy.
#  - motionsense-imported: the same files through `imu-import motionsense` (into $MOTIONSENSE_RECORDINGS, default
#    /tmp/imu-bridge-motionsense): raw = gravity + userAcceleration and rotationRate at 50 Hz, fused again by
#    DeviceMotionKit at 25 Hz exactly as a live sensor or `imu-record` recording is. 4 s / 2 s, 2.56 s / 50 %, and
#    the classic on-device windows of 20 samples with a hop of 5.
#  - hapt, the six basic activities: the raw 50 Hz accelerometer and gyroscope imported with `imu-import hapt`
#    (into $HAPT_RECORDINGS, default /tmp/imu-bridge-hapt; never into the package: HAPT is evaluation only) and
#    fused by DeviceMotionKit at 25 Hz, with 4 s / 2 s and the UCI protocol's 2.56 s / 50 % windows. Anchors:
#    4 s windows 95.6-96.5 %, UCI protocol (2.56 s) about 96 %.
# Imports skip recordings that are already complete in their output folder: remove it after changing the importer.
# Data is read from ../shared/data relative to the package root; a set that is absent is skipped with a message.
set -euo pipefail

cd "$(dirname "$0")/../.."
data="../shared/data"
format=()
if [[ "${1:-}" == "--json" ]]; then format=(--json); shift; fi
sets=("$@")
if [[ ${#sets[@]} -eq 0 ]]; then sets=(motionsense motionsense-imported hapt); fi

scratch="${SCRATCH_PATH:-.build}"
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-train >&2
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-import >&2
train="$scratch/release/imu-train"

for set in "${sets[@]}"; do
    case "$set" in
    motionsense)
        motionsense="$data/motionsense/A_DeviceMotion_data"
        if [[ ! -d "$motionsense" ]]; then echo "skipped: $motionsense not found"; continue; fi
        echo "== MotionSense, 4 s windows, 2 s hop (default)"
        "$train" --cross-validate --folds 5 "${format[@]}" "$motionsense"
        echo "== MotionSense, 2.56 s windows, 50 % overlap (published protocol)"
        "$train" --cross-validate --folds 5 --window 64 --hop 32 "${format[@]}" "$motionsense"
        ;;
    motionsense-imported)
        motionsense="$data/motionsense"
        if [[ ! -d "$motionsense/A_DeviceMotion_data" ]]; then echo "skipped: $motionsense/A_DeviceMotion_data not found"; continue; fi
        recordings="${MOTIONSENSE_RECORDINGS:-/tmp/imu-bridge-motionsense}"
        "$scratch/release/imu-import" motionsense "$motionsense" --output "$recordings" >&2
        echo "== MotionSense imported, re-fused by DeviceMotionKit, 4 s windows, 2 s hop (default)"
        "$train" --cross-validate --folds 5 "${format[@]}" "$recordings"
        echo "== MotionSense imported, re-fused by DeviceMotionKit, 2.56 s windows, 50 % overlap (published protocol)"
        "$train" --cross-validate --folds 5 --window 64 --hop 32 "${format[@]}" "$recordings"
        echo "== MotionSense imported, re-fused by DeviceMotionKit, 20 samples, hop 5 (classic on-device)"
        "$train" --cross-validate --folds 5 --window 20 --hop 5 "${format[@]}" "$recordings"
        ;;
    hapt)
        hapt="$data/hapt"
        if [[ ! -d "$hapt/RawData" ]]; then echo "skipped: $hapt/RawData not found"; continue; fi
        recordings="${HAPT_RECORDINGS:-/tmp/imu-bridge-hapt}"
        "$scratch/release/imu-import" hapt "$hapt" --output "$recordings" >&2
        echo "== HAPT six basic activities, raw streams fused by DeviceMotionKit, 4 s windows, 2 s hop (default)"
        "$train" --cross-validate --folds 5 "${format[@]}" "$recordings"
        echo "== HAPT six basic activities, raw streams fused by DeviceMotionKit, 2.56 s windows, 50 % overlap (UCI protocol)"
        "$train" --cross-validate --folds 5 --window 64 --hop 32 "${format[@]}" "$recordings"
        ;;
    *)
        echo "unknown data set '$set' (motionsense, motionsense-imported or hapt)" >&2
        exit 64
        ;;
    esac
done
