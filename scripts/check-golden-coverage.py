#!/usr/bin/python3
"""Gate: every curated mapping (mappings/) and template (rules/) is exercised by a golden case.

A rule that only reports (every case a reason) is exercised when a golden case reports its API.

Converts every tests/golden/*/input.py with the real binary, collects the PyTorch APIs the JSON
report marks converted, and checks that each id named in mappings/*.jsonl and rules/*.jsonl is
among them. Prints the number of distinct converted APIs the golden cases cover.
The PaConvert import (knowledge_graph/paconvert/) gets the same gate: every API it makes
convertible (`BIN kg list --source paconvert --status mapped`) must be converted by a golden case,
and every API whose conversion a decision of mappings/paconvert_decisions.jsonl hands to PaConvert
or to neither side must be used by one (converted or reported).
Usage: check-golden-coverage.py BIN REPO_ROOT
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

binary, root = sys.argv[1], pathlib.Path(sys.argv[2])
golden = root / "tests" / "golden"
tmp = pathlib.Path(tempfile.mkdtemp())
try:
    inputs = tmp / "in"
    for case in sorted(golden.iterdir()):
        if (case / "input.py").is_file():
            (inputs / case.name).mkdir(parents=True)
            shutil.copy(case / "input.py", inputs / case.name / "input.py")
    report = tmp / "report.json"
    subprocess.run([binary, "convert", str(inputs), "-o", str(tmp / "out"), "-q",
                    "--report", f"json={report}"], check=True)
    converted, used, reported = set(), set(), set()
    for f in json.loads(report.read_text())["files"]:
        converted |= {u["torch_api"] for u in f["uses"] if u["status"] == "converted"}
        used |= {u["torch_api"] for u in f["uses"]}
        reported |= {u["torch_api"] for u in f["uses"] if u["status"] == "unsupported"}
finally:
    shutil.rmtree(tmp)

# A rule that only reports (every case a reason, no template) must be reported by a golden case,
# with no curation of its id that converts.
curated = set()
report_only = set()
for path in sorted((root / "mappings").glob("*.jsonl")) + sorted((root / "rules").glob("*.jsonl")):
    for line in path.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        entry = json.loads(line)
        if "decision" in entry:  # paconvert_decisions.jsonl: checked below
            continue
        ident = entry.get("torch") or entry.get("id")
        if ident:
            curated.add(ident)
        if "id" in entry and all("template" not in c for c in entry.get("cases", [])):
            report_only.add(entry["id"])
missing = sorted((curated - report_only - converted) | (report_only - reported))
print(f"golden coverage: {len(converted)} distinct PyTorch APIs converted by golden cases; "
      f"{len(curated) - len(missing)}/{len(curated)} curated ids exercised")
failed = False
if missing:
    print("curated mappings/templates without a golden case:")
    for m in missing:
        print("  " + m)
    failed = True

listing = subprocess.run([binary, "kg", "list", "--source", "paconvert", "--status", "mapped"],
                         check=True, capture_output=True, text=True).stdout
added = {line.split("\t")[0] for line in listing.splitlines() if line}
decided = set()
decisions = root / "mappings" / "paconvert_decisions.jsonl"
if decisions.is_file():
    for line in decisions.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("//"):
            entry = json.loads(line)
            if entry.get("winner") in ("paconvert", "neither") and entry.get("kind") != "paconvert_only":
                decided.add(entry["decision"])
missing_added = sorted(added - converted)
missing_decided = sorted(decided - used - converted)
print(f"PaConvert: {len(added) - len(missing_added)}/{len(added)} APIs it adds converted by a golden case; "
      f"{len(decided) - len(missing_decided)}/{len(decided)} APIs decided for PaConvert or neither used")
if missing_added:
    print("APIs the PaConvert import makes convertible without a golden case:")
    for m in missing_added:
        print("  " + m)
    failed = True
if missing_decided:
    print("APIs a PaConvert decision changes without a golden case using them:")
    for m in missing_decided:
        print("  " + m)
    failed = True
if failed:
    sys.exit(1)
