#!/usr/bin/env python3
"""Print the failing pairs of a `torch2paddle kg conformance --json PATH` report in full (known
docs errors are left out, and so are the reviewed equivalents unless --equivalents is given).

usage: scripts/conformance-failures.py REPORT.json [--category C ...] [--id PREFIX] [--outcome O ...] [--equivalents]
Each failure shows the doc and pair index, the PyTorch side, the docs' Paddle side, what the
converter produced and the uses it left, so that a rule (or a known docs error) can be judged.
"""
import argparse
import json
import sys


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report")
    ap.add_argument("--category", action="append", help="doc category (torch_more_args, composite, ...)")
    ap.add_argument("--id", default="", help="only torch ids starting with this prefix")
    ap.add_argument("--outcome", action="append", help="differs, not_converted, ... (default: both)")
    ap.add_argument("--equivalents", action="store_true", help="also the reviewed equivalents, with their reason")
    args = ap.parse_args()
    outcomes = set(args.outcome or ["differs", "not_converted", "engine_error", "parse_error"])
    with open(args.report, encoding="utf-8") as f:
        report = json.load(f)
    shown = 0
    for r in report["results"]:
        if r["outcome"] not in outcomes or r.get("docs_error"):
            continue
        if r.get("reviewed_equivalent") and not args.equivalents:
            continue
        if args.category and r["category"] not in args.category:
            continue
        if not r["torch_id"].startswith(args.id):
            continue
        shown += 1
        print(f"=== {r['doc']} #{r['pair']} [{r['category']}] {r['outcome']}")
        for title, key in (("torch", "torch"), ("docs paddle", "expected"), ("ours", "got")):
            print(f"--- {title}")
            print((r.get(key) or "").rstrip())
        for left in r.get("left") or []:
            print(f"    left: {left}")
        if r.get("reviewed_equivalent"):
            print(f"    reviewed equal: {r['equivalent_reason']}")
    print(f"{shown} failures", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
