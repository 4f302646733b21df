#!/usr/bin/env bash
# How fast the activity history grows: replays the 18 held-out MotionSense sessions (Fixtures/heldout, 540 s of
# walking, running, stairs, sitting and standing, a change every 30 s: far busier than a day of a real board) through
# `imu-classify --replay --history` REPEAT times into one database, and prints its rows and bytes per stream second
# and per day at that rate; then a typical day in the same schema (1440 step minutes,
# ACTIVITIES activity changes spread over the day, 4 device events), as bytes per day.
#
# Usage: Benchmarks/Activity/history-growth.sh [REPEAT] [ACTIVITIES]   (from the package root; defaults 10 and 300)
# Builds imu-classify in release mode (in $SCRATCH_PATH, default .build); needs python3.
set -euo pipefail

cd "$(dirname "$0")/../.."
repeat="${1:-10}"
changes="${2:-300}"
scratch="${SCRATCH_PATH:-.build}"
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product imu-classify >&2
classify="$PWD/$scratch/release/imu-classify"
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT

files=()
for _ in $(seq "$repeat"); do files+=(Fixtures/heldout); done
"$classify" --replay "${files[@]}" --history "$state/replay.sqlite" --quiet >/dev/null

python3 - "$state/replay.sqlite" "$repeat" "$changes" "$state/day.sqlite" <<"PY"
import os, sqlite3, sys
path, repeat, changes, day_path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
stream_seconds = repeat * (540 + 18)  # 18 sessions of 30 s, a 1 s gap after each
db = sqlite3.connect(path)
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
rows = {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("activities", "steps", "device_events")}
size = os.path.getsize(path)
print(f"replay: {stream_seconds} s of stream -> {size} bytes, rows {rows}; "
      f"{rows['activities'] / stream_seconds * 86400:.0f} activity rows and "
      f"{size / stream_seconds * 86400 / 1e6:.2f} MB per day at this rate")
# A typical day, through the same schema (copied from the database imu-classify made): every minute has steps,
# `changes` activities, 4 device events.
day = sqlite3.connect(day_path)
for (sql,) in db.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"):
    day.execute(sql)
labels = [("walking", "walking"), ("stationary", "sitting"), ("stationary", "standing"), ("running", "running")]
start = 1_795_564_800.0
for i in range(changes):
    kind, label = labels[i % len(labels)]
    begin = start + i * 86400 / changes
    day.execute("INSERT INTO activities (start_date, end_date, kind, label, confidence) VALUES (?, ?, ?, ?, ?)",
                (begin, begin + 86400 / changes, kind, label, ("low", "medium", "high")[i % 3]))
for minute in range(1440):
    day.execute("INSERT INTO steps VALUES (?, ?)", (int(start) + 60 * minute, 40 + minute % 80))
for i, event in enumerate(("started", "added", "removed", "added")):
    day.execute("INSERT INTO device_events (date, event, device) VALUES (?, ?, ?)", (start + i * 3600, event, "lsm6dso"))
day.commit()
day.execute("VACUUM")
pages = day.execute("PRAGMA page_count").fetchone()[0] * day.execute("PRAGMA page_size").fetchone()[0]
print(f"typical day ({changes} activity changes, 1440 step minutes, 4 device events): {pages} bytes; "
      f"30 days (the default retention): {pages * 30 / 1e6:.2f} MB")
PY
