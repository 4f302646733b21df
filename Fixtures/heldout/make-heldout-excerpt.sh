#!/usr/bin/env bash
# Rebuilds Fixtures/heldout/*.imurec: MotionSense (MIT) subjects 8, 16 and 22, whom the bundled model never saw
# (Sources/ActivityKit/Resources/README.md), 30 s of each of the six activities (the first trial of each: dws_1, jog_9,
# sit_5, std_6, ups_3, wlk_7; rows 301-1800, skipping the first 6 s of the trial), imported with `imu-import
# motionsense` (recording format 2, MotionSense's `jog` tagged `running`) and gzip-compressed in place (the readers take
# plain or gzip).
#
# Usage: Fixtures/heldout/make-heldout-excerpt.sh [MOTIONSENSE_DIR]    (from the package root; IMU_IMPORT=path
#        to use an imu-import that is already built)
set -euo pipefail
cd "$(dirname "$0")/../.."
dataset="${1:-../shared/data/motionsense}/A_DeviceMotion_data"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for subject in sub_8 sub_16 sub_22; do
    for trial in dws_1 jog_9 sit_5 std_6 ups_3 wlk_7; do
        mkdir -p "$scratch/src/A_DeviceMotion_data/$trial"
        gzip -dc "$dataset/$trial/$subject.csv.gz" | sed -n '1p;302,1801p' >"$scratch/src/A_DeviceMotion_data/$trial/$subject.csv"
    done
done
importer="${IMU_IMPORT:-}"
if [[ -z "$importer" ]]; then
    swift build -c release --product imu-import >&2
    importer=.build/release/imu-import
fi
"$importer" motionsense "$scratch/src" --output "$scratch/out" --rate 25 >&2
rm -rf Fixtures/heldout/*.imurec
for recording in "$scratch"/out/*.imurec; do
    name="$(basename "$recording")"
    target="Fixtures/heldout/$name"
    mkdir -p "$target"
    cp "$recording/recording.json" "$target/"
    for table in raw.csv motion.csv events.csv; do gzip -9 -n -c "$recording/$table" >"$target/$table"; done
done
du -sh Fixtures/heldout
