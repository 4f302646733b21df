#!/usr/bin/env bash
# Retrains the bundled models, Sources/ActivityKit/Resources/motionsense.model (4 s windows, the default) and
# motionsense-2s.model (2 s windows, averaged beside it by `imu-classify --responsive`); see the README beside them.
#
# Usage: Benchmarks/Activity/train-default-model.sh [MOTIONSENSE_DIR]    (from the package root; SCRATCH_PATH as in
#        evaluate.sh; RECORDINGS, default /tmp/imu-bridge-motionsense, is where the whole dataset is imported)
#
# Imports MotionSense, keeps the 13 training subjects (all but sub_8, sub_16 and sub_22, held out for
# Fixtures/heldout and the demo recording; the importer tags `jog` as the canonical `running`), and runs
# `imu-train --no-movement-axes --either-way-up --tune --inner-folds 2 --cross-validate --folds 5` (features that do
# not depend on how the phone sits in the pocket, and every window learnt upside down as well, for a phone that goes
# into the pocket either way up: Benchmarks/Activity/RESULTS.md): nested cross-validation (the grid searched on 2
# subject-disjoint inner folds of each outer fold's training subjects), then the grid searched on all 13 subjects and
# the model trained on them with the choice; the same for 2 s windows (`--window 50 --hop 25`); then `imu-eval` of
# the 4 s model, and of the two averaged, on every recording of the 3 held-out subjects. Same data, same bytes.
# NESTED=0 skips the nested cross-validation (a fifth of the work; the models are the same but their files hold no
# crossValidation).
set -euo pipefail
cd "$(dirname "$0")/../.."
dataset="${1:-../shared/data/motionsense}"
held_out=(sub_8 sub_16 sub_22)
scratch="${SCRATCH_PATH:-.build}"
recordings="${RECORDINGS:-/tmp/imu-bridge-motionsense}"
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-train >&2
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-import >&2
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-eval >&2
"$scratch/release/imu-import" motionsense "$dataset" --output "$recordings" >&2
training="$(mktemp -d)"
held="$(mktemp -d)"
trap 'rm -rf "$training" "$held"' EXIT
for recording in "$recordings"/*.imurec; do
    subject="$(sed -n 's/.*"subject" : "\(.*\)".*/\1/p' "$recording/recording.json")"
    folder="$training"
    [[ " ${held_out[*]} " == *" $subject "* ]] && folder="$held"
    name="$(basename "$recording")"
    mkdir "$folder/$name"
    ln "$recording"/* "$folder/$name/" 2>/dev/null || cp "$recording"/* "$folder/$name/"
done
nested=()
if [[ "${NESTED:-1}" == 1 ]]; then nested=(--cross-validate --folds 5); fi
description="MotionSense (Malekzadeh et al., IoTDI 2019; MIT), A_DeviceMotion_data imported with imu-import motionsense and re-fused by DeviceMotionKit: 13 of its 24 subjects (sub_1 sub_2 sub_4 sub_5 sub_7 sub_10 sub_11 sub_13 sub_14 sub_17 sub_19 sub_20 sub_23), 15 trials each; sub_8, sub_16 and sub_22 held out (Fixtures/heldout, the demo recording); jogging written as running"
resources=Sources/ActivityKit/Resources
"$scratch/release/imu-train" --no-movement-axes --either-way-up --tune --inner-folds 2 "${nested[@]}" "$training" -o "$resources/motionsense.model" \
    --description "$description"
"$scratch/release/imu-train" --no-movement-axes --either-way-up --window 50 --hop 25 --tune --inner-folds 2 "${nested[@]}" "$training" \
    -o "$resources/motionsense-2s.model" --description "$description"
"$scratch/release/imu-eval" --model "$resources/motionsense.model" "$held"
"$scratch/release/imu-eval" --model "$resources/motionsense.model" --model "$resources/motionsense-2s.model" "$held"
