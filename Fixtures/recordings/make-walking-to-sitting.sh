#!/usr/bin/env bash
# Rebuilds walking-to-sitting.imurec from MotionSense (MIT): 24 s of subject 8 walking (wlk_7) followed by 24 s of
# the same subject sitting (sit_5), rows 501-1700 of each file (skipping the first 10 s of the trial), imported
# with `imu-import motionsense` and concatenated into one session on one timeline. Subject 8 is one of the three
# MotionSense subjects the bundled model never saw (Sources/ActivityKit/Resources/README.md).
#
# Usage: Fixtures/recordings/make-walking-to-sitting.sh [MOTIONSENSE_DIR]    (from the package root; IMU_IMPORT=path
#        to use an imu-import that is already built)
set -euo pipefail
cd "$(dirname "$0")/../.."
dataset="${1:-../shared/data/motionsense}/A_DeviceMotion_data"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for trial in wlk_7 sit_5; do
    mkdir -p "$scratch/src/A_DeviceMotion_data/$trial"
    gzip -dc "$dataset/$trial/sub_8.csv.gz" | sed -n '1p;502,1701p' >"$scratch/src/A_DeviceMotion_data/$trial/sub_8.csv"
done
importer="${IMU_IMPORT:-}"
if [[ -z "$importer" ]]; then
    swift build -c release --product imu-import >&2
    importer=.build/release/imu-import
fi
"$importer" motionsense "$scratch/src" --output "$scratch/out" --rate 25 >&2
rm -rf Fixtures/recordings/walking-to-sitting.imurec
python3 - "$scratch/out" Fixtures/recordings/walking-to-sitting.imurec <<'PY'
import json, os, sys, uuid
source, target = sys.argv[1], sys.argv[2]
parts = [os.path.join(source, "walking-motionsense-wlk_7-sub_8.imurec"), os.path.join(source, "sitting-motionsense-sit_5-sub_8.imurec")]
os.makedirs(target)
def rows(part, name):
    with open(os.path.join(part, name)) as f:
        lines = f.read().splitlines()
    return lines[0], lines[1:]
offset, counts, out = 0.0, {"raw": 0, "motion": 0, "events": 0}, {}
for part in parts:
    meta = json.load(open(os.path.join(part, "recording.json")))
    for table, key in (("raw.csv", "raw"), ("motion.csv", "motion"), ("events.csv", "events")):
        header, body = rows(part, table)
        shifted = []
        for line in body:
            first, rest = line.split(",", 1)
            shifted.append(f"{float(first) + offset:.6f},{rest}")
        out.setdefault(table, [header]).extend(shifted)
        counts[key] += len(body)
    offset += meta["monotonic_end"] + 1 / meta["raw_rate"]
for table, lines in out.items():
    with open(os.path.join(target, table), "w") as f:
        f.write("\n".join(lines) + "\n")
meta.update(
    session_id=str(uuid.uuid5(uuid.NAMESPACE_URL, "imu-bridge/Fixtures/recordings/walking-to-sitting")),
    tag="walking-to-sitting",
    source="imu-import motionsense wlk_7/sub_8 rows 501-1700 + sit_5/sub_8 rows 501-1700, concatenated",
    monotonic_end=offset - 1 / meta["raw_rate"], counts=counts, complete=True)
with open(os.path.join(target, "recording.json"), "w") as f:
    f.write(json.dumps(meta, indent=2, sort_keys=True, separators=(",", " : ")) + "\n")
PY
du -sh Fixtures/recordings/walking-to-sitting.imurec
