#!/usr/bin/env python3
"""Independent checker of the healthsig conformance vectors (TestVectors/*.json).

Usage: python3 tools/check_vectors.py [DIR]     (DIR defaults to TestVectors at the repo root)

Python 3.11 standard library plus `cryptography`; derived from the specifications only.
Prints one line per file, each failing tcId with expected vs got, then `N passed, N failed`.
Exit code 0 only when nothing failed and at least one test ran.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from vectorcheck.families import run_file  # noqa: E402

REQUIRED_FILES = ("der.json", "cms.json", "records.json", "samples.json", "keys.json", "batch.json", "revocation.json",
                  "timestamps.json")


def main(argv: list[str]) -> int:
    if len(argv) > 2 or (len(argv) == 2 and argv[1] in ("-h", "--help")):
        print(__doc__.strip())
        return 2
    directory = Path(argv[1]) if len(argv) == 2 else Path(__file__).resolve().parent.parent / "TestVectors"
    if not directory.is_dir():
        print(f"not a directory: {directory}", file=sys.stderr)
        return 2
    passed = failed = 0
    # README "Running them": a missing file is an error, never a pass.
    for name in REQUIRED_FILES:
        if not (directory / name).is_file():
            print(f"{name}: missing")
            failed += 1
    for path in sorted(directory.glob("*.json")):
        if path.name == "vectors.schema.json":
            continue
        try:
            res = run_file(path)
        except Exception as e:  # noqa: BLE001 - an unreadable file is a failure, not a crash
            print(f"{path.name}: cannot be read: {e}")
            failed += 1
            continue
        if res.skipped:
            print(f"{path.name}: skipped ({res.skipped})")
            continue
        print(f"{path.name}: {res.passed} passed, {res.failed} failed")
        for f in res.failures:
            print(f"  tcId {f.tc_id}: expected {f.expected}, got {f.got}" + (f"  [{f.comment}]" if f.comment else ""))
        passed += res.passed
        failed += res.failed
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
