#!/usr/bin/python3
"""Gate: every curated mapping (mappings/) and template (rules/) is exercised by a golden case.

A rule that only reports (every case a reason) is exercised when a golden case reports its API.

Converts every tests/golden/*/input.py with the real binary, collects the PyTorch APIs the JSON
report marks converted, and checks that each id named in mappings/*.jsonl and rules/*.jsonl is
among them. Prints the number of distinct converted APIs the golden cases cover.
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
    converted = set()
    reported = set()
    for f in json.loads(report.read_text())["files"]:
        converted |= {u["torch_api"] for u in f["uses"] if u["status"] == "converted"}
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
        ident = entry.get("torch") or entry.get("id")
        if ident:
            curated.add(ident)
        if "id" in entry and all("template" not in c for c in entry.get("cases", [])):
            report_only.add(entry["id"])
missing = sorted((curated - report_only - converted) | (report_only - reported))
print(f"golden coverage: {len(converted)} distinct PyTorch APIs converted by golden cases; "
      f"{len(curated) - len(missing)}/{len(curated)} curated ids exercised")
if missing:
    print("curated mappings/templates without a golden case:")
    for m in missing:
        print("  " + m)
    sys.exit(1)
