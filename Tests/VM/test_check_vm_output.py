#!/usr/bin/env python3
"""Tests of check_vm_output.py's reading of the results channel: which copy it checks (the transcript the guest sends
last, or what was streamed), what it says about that, and how it splits the blocks. The VM run exercises only the
path where both copies arrived intact; these are the others, built the way guest-init.sh sends them.

Usage: python3 -m unittest discover -s Tests/VM -p 'test_*.py'
"""

from __future__ import annotations

import hashlib
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_vm_output import CheckFailure, parse_results, read_results  # noqa: E402

RUN = (
    "@@imutest start kernel=6.1.0-28-amd64 samples=20\n"
    "@@imutest begin hwdb query\n"
    "ACCEL_MOUNT_MATRIX=0, 1, 0; -1, 0, 0; 0, 0, 1\n"
    "@@imutest end hwdb query exit=0\n"
    "@@imutest begin hwdb list\n"
    '{"name":"accel_3d"}\n'
    "@@imutest stderr\n"
    "imu-list: warning\n"
    "@@imutest end hwdb list exit=0\n"
    "@@imutest done\n"
).encode()


def transcript_frame(transcript: bytes) -> bytes:
    """The frame guest-init.sh's send_transcript puts around the transcript: `wc -l` lines and `sha256sum`."""
    digest = hashlib.sha256(transcript).hexdigest()
    return b"@@imutest transcript lines=%d sha256=%s\n" % (transcript.count(b"\n"), digest.encode()) + transcript + (
        b"@@imutest transcript end\n")


def over_serial(data: bytes) -> bytes:
    """What the host reads from the guest's ttyS1: every newline sent as CR LF (the tty's onlcr)."""
    return data.replace(b"\n", b"\r\n")


class ReadResultsTests(unittest.TestCase):
    def test_both_intact_checks_the_transcript_and_says_so(self) -> None:
        text, source = read_results(over_serial(RUN + transcript_frame(RUN)))
        self.assertEqual(text, RUN.decode())
        self.assertEqual(source, "results: the transcript (10 lines, SHA-256 verified), as streamed")

    def test_a_line_lost_from_the_stream_is_named_and_the_transcript_checked(self) -> None:
        streamed = RUN.replace(b"@@imutest begin hwdb list\n", b"")
        text, source = read_results(over_serial(streamed + transcript_frame(RUN)))
        self.assertEqual(text, RUN.decode())
        self.assertEqual(
            source,
            "results: the streamed copy differs from the transcript from line 5 ('@@imutest begin hwdb list'): "
            "checking the transcript (10 lines, SHA-256 verified)")
        # The block whose begin line the stream lost is there to check: CI failed without it.
        self.assertEqual(parse_results(text).block("hwdb", "list").stdout, ['{"name":"accel_3d"}'])

    def test_a_stream_cut_short_names_its_end(self) -> None:
        streamed = RUN[: RUN.index(b"@@imutest done")]
        _, source = read_results(streamed + transcript_frame(RUN))
        self.assertIn("from line 10 ('@@imutest done')", source)

    def test_no_transcript_checks_the_stream(self) -> None:
        text, source = read_results(over_serial(RUN))
        self.assertEqual(text, RUN.decode())
        self.assertEqual(source, "results: no transcript arrived: checking what was streamed")

    def test_a_damaged_transcript_is_not_trusted(self) -> None:
        frame = transcript_frame(RUN)
        damaged = {
            "a changed byte": frame.replace(b'"accel_3d"', b'"accel_3X"'),
            "a lost line": frame.replace(b"@@imutest stderr\n", b"", 1),
            "no end line": frame[: frame.rindex(b"@@imutest transcript end")],
            "cut in its middle": frame[: len(frame) // 2],
        }
        for name, copy in damaged.items():
            with self.subTest(name):
                text, source = read_results(over_serial(RUN + copy))
                self.assertEqual(text, RUN.decode())
                self.assertEqual(source, "results: the transcript arrived damaged: checking what was streamed")

    def test_an_empty_transcript_is_intact(self) -> None:
        # A guest that sent nothing before its transcript: `wc -l` says 0 and the end line follows the header.
        text, source = read_results(transcript_frame(b""))
        self.assertEqual(text, "")
        self.assertEqual(source, "results: the transcript (0 lines, SHA-256 verified), as streamed")

    def test_bytes_that_are_not_utf8_do_not_stop_the_check(self) -> None:
        run = RUN.replace(b"warning", b"warn\xffing")
        text, _ = read_results(run + transcript_frame(run))
        self.assertIn("warn\ufffding", text)


class ParseResultsTests(unittest.TestCase):
    def test_blocks_their_streams_and_exit_statuses(self) -> None:
        results = parse_results(RUN.decode())
        self.assertEqual(results.settings, {"kernel": "6.1.0-28-amd64", "samples": "20"})
        self.assertTrue(results.completed)
        block = results.block("hwdb", "list")
        self.assertEqual((block.stdout, block.stderr, block.exit_status), (['{"name":"accel_3d"}'], ["imu-list: warning"], 0))
        self.assertEqual(results.block("hwdb", "query").stdout, ["ACCEL_MOUNT_MATRIX=0, 1, 0; -1, 0, 0; 0, 0, 1"])

    def test_a_missing_block_fails_its_check_by_name(self) -> None:
        results = parse_results(RUN.decode().replace("@@imutest begin hwdb list\n", ""))
        with self.assertRaises(CheckFailure) as failure:
            results.block("hwdb", "list")
        self.assertEqual(str(failure.exception), "the guest printed no output for 'hwdb list'")

    def test_a_block_cut_off_has_no_exit_status_and_a_run_cut_off_is_not_completed(self) -> None:
        results = parse_results(RUN.decode()[: RUN.decode().index("@@imutest end hwdb list")])
        self.assertIsNone(results.block("hwdb", "list").exit_status)
        self.assertFalse(results.completed)
        with self.assertRaises(CheckFailure):
            results.block("hwdb", "list").require_success()


if __name__ == "__main__":
    unittest.main()
