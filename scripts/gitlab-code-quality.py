#!/usr/bin/env python3
"""Turns a torch2paddle JSON report (docs/report.md) into GitLab's code quality report (a JSON
array of CodeClimate issues: description, check_name, fingerprint, severity, location), printed
on stdout. Python 3 standard library only.

usage: gitlab-code-quality.py REPORT.json > gl-code-quality.json
"""
import hashlib
import json
import sys

SEVERITY = {"note": "info", "warning": "minor", "error": "major"}


def issues(report):
    for f in report.get("files", []):
        if f.get("status") == "failed" and "error" in f:
            e = f["error"]
            yield {
                "description": f"{f['path']}: {e['message']}",
                "check_name": "file:" + e["code"],
                "severity": "major",
                "location": {"path": f["path"], "lines": {"begin": e.get("line", 1)}},
            }
        for u in f.get("uses", []):
            yield {
                "description": u["message"],
                "check_name": u["id"],
                "severity": SEVERITY[u["level"]],
                "location": {"path": f["path"], "lines": {"begin": u["line"]}},
            }


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as fh:
        report = json.load(fh)
    out = []
    seen = {}
    for issue in issues(report):
        # Stable across runs: the rule, the file and the line, numbered when they repeat.
        key = f"{issue['check_name']}|{issue['location']['path']}|{issue['location']['lines']['begin']}"
        seen[key] = seen.get(key, 0) + 1
        issue["fingerprint"] = hashlib.sha256(f"{key}|{seen[key]}".encode()).hexdigest()
        out.append(issue)
    json.dump(out, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
