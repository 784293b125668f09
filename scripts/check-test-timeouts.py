#!/usr/bin/env python3
"""Fails when a CTest test has no TIMEOUT property.

A test without one waits for ever when it hangs (ctest's default is 1,500 s, CI has 90 minutes in
all); with one, a hang fails fast and names the test. Usage: check-test-timeouts.py BUILD_DIR
"""
import json
import subprocess
import sys


def main() -> int:
    build = sys.argv[1]
    listing = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, check=True,
                             capture_output=True, text=True).stdout
    tests = json.loads(listing)["tests"]
    missing = [t["name"] for t in tests
               if not any(p["name"] == "TIMEOUT" for p in t.get("properties", []))]
    for name in missing:
        print(f"{name}: no TIMEOUT property (set one a few times its normal time)")
    print(f"{len(tests)} tests, {len(missing)} without a timeout")
    return 1 if missing or not tests else 0


if __name__ == "__main__":
    sys.exit(main())
