#!/usr/bin/python3
"""The extension example's targets (CTest cpp.extension_example, docs/cpp-extensions.md).

Converts EXAMPLE_DIR (corpus/extension_fused_act) with the real binary and checks, for its C, C++
and CUDA sources:
  1. every output parses with the tree-sitter C++ grammar (tests/cpp/parse_check.cpp)
  2. every torch/at/c10 symbol of the input is converted or reported: each one left in the output
     sits on a line the JSON report has a finding for, under a `// TODO(torch2paddle)` line
  3. the run converts the example's Python files too, and fails no file
Prints the figures (symbols found, converted, reported; findings by status).
Usage: check_extension.py BIN PARSE_CHECK EXAMPLE_DIR
"""
import collections
import json
import pathlib
import subprocess
import sys
import tempfile

binary, parse_check, example = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
CPP = {".cpp", ".cc", ".cxx", ".cu", ".h", ".hpp", ".cuh"}
failures = []


def symbols(files):
    """{file: [(line, text)]} and {file: parse verdict} from parse_check."""
    out = subprocess.run([parse_check, *map(str, files)], capture_output=True, text=True)
    syms, verdict = collections.defaultdict(list), {}
    for line in out.stdout.splitlines():
        path, kind, rest = line.split(" ", 2)
        if kind == "symbol":
            no, text = rest.split(" ", 1)
            syms[path].append((int(no), text))
        else:
            verdict[path] = rest
    return syms, verdict


with tempfile.TemporaryDirectory() as tmp:
    out = pathlib.Path(tmp) / "out"
    report = pathlib.Path(tmp) / "report.json"
    run = subprocess.run([binary, "convert", str(example), "-o", str(out), "-q", "--report", f"json={report}"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        failures.append(f"convert exited {run.returncode}: {run.stderr.strip()}")
    data = json.loads(report.read_text())
    files = {f["path"]: f for f in data["files"]}
    sources = sorted(p.relative_to(example).as_posix() for p in example.rglob("*") if p.suffix in CPP)
    in_syms, _ = symbols([example / s for s in sources])
    out_syms, verdict = symbols([out / s for s in sources])
    status = collections.Counter()
    found = converted = reported = 0
    for rel in sources:
        f = files.get(rel)
        if f is None:
            failures.append(f"{rel}: not in the report (not routed to the C++ converter)")
            continue
        if f["status"] == "failed":
            failures.append(f"{rel}: failed: {f.get('error')}")
        v = verdict.get(str(out / rel), "missing")
        if v != "ok":
            failures.append(f"{rel}: the output does not parse with the C++ grammar: {v}")
        uses = f.get("uses", [])
        status.update(u["status"] for u in uses)
        lines_with_findings = {u["line"] for u in uses if u["status"] != "converted"}
        n_in = len(in_syms.get(str(example / rel), []))
        left = out_syms.get(str(out / rel), [])
        found += n_in
        out_lines = (out / rel).read_text().splitlines()
        # The findings' lines are the input's; a TODO line above shifts the output by one per TODO.
        for no, text in left:
            above = out_lines[no - 2].strip() if no >= 2 else ""
            todos_before = sum(1 for l in out_lines[:no - 1] if l.strip().startswith("// TODO(torch2paddle)"))
            in_line = no - todos_before
            if above.startswith("// TODO(torch2paddle)") or in_line in lines_with_findings:
                reported += 1
            else:
                failures.append(f"{rel}:{no}: {text} left in the output without a finding or TODO")
        converted += n_in - len(left)
        print(f"{rel}: {n_in} torch/at/c10 symbols, {n_in - len(left)} converted, {len(left)} left "
              f"(reported), output parses: {v}")
    py = [p for p, f in files.items() if p.endswith(".py")]
    for p in py:
        if files[p]["status"] == "failed":
            failures.append(f"{p}: failed: {files[p].get('error')}")
    print(f"C++/CUDA: {len(sources)} files, {found} symbols: {converted} converted, {reported} reported "
          f"({100.0 * (converted + reported) / max(found, 1):.1f}% converted or reported); findings by status: "
          + ", ".join(f"{k} {v}" for k, v in sorted(status.items())))
    summary = data.get("summary", {})
    print("whole example: " + ", ".join(f"{k} {summary[k]}" for k in ("files", "api_uses", "converted", "unsupported", "needs_review") if k in summary))

for f in failures:
    print("FAIL: " + f)
sys.exit(1 if failures else 0)
