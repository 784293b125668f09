#!/usr/bin/env python3
"""Proof tests of `--emit-tests` (docs/testing-your-migration.md), through the real binary and
the real pytest: the suite is written, pytest collects every test it counts, every torch half
runs and records, and every Paddle half is skipped with "paddle is not installed".

Usage: run_proof.py BINARY SOURCE_DIR WORK_DIR demo|golden|forms
  demo    corpus/demo: no test may fail
  golden  tests/golden/*/input.py: the torch halves that fail are exactly those listed, with the
          reason, in tests/emit_tests/golden_torch_failures.txt
  forms   tests/emit_tests/forms/input.py: the forms, tests and listed reasons of expected.json
"""
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

PYTHON = "/usr/bin/python3"  # Debian's, which has python3-torch and python3-pytest


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def generate(binary, source_dir, inputs, out, extra=()):
    shutil.rmtree(out, ignore_errors=True)
    cmd = [binary, "check", *inputs, "--emit-tests", out, "--fail-on", "never", *extra]
    r = subprocess.run(cmd, cwd=source_dir, capture_output=True, text=True)
    if r.returncode != 0:
        fail("%s exited %d:\n%s" % (" ".join(cmd), r.returncode, r.stderr[-3000:]))
    m = re.search(r"per-API tests: (\d+) distinct converted call forms, (\d+) tests generated", r.stderr)
    if not m:
        fail("no per-API test summary in the output:\n" + r.stderr[-2000:])
    print(m.group(0))
    return int(m.group(1)), int(m.group(2))


def paddle_installed():
    return subprocess.run([PYTHON, "-c", "import paddle"], capture_output=True).returncode == 0


def collect(out):
    r = subprocess.run([PYTHON, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"], cwd=out,
                       capture_output=True, text=True)
    m = re.search(r"(\d+) tests? collected", r.stdout)
    if r.returncode != 0 or not m:
        fail("pytest --collect-only failed:\n" + r.stdout[-3000:] + r.stderr[-2000:])
    return int(m.group(1))


def run(out):
    """{test id: (outcome, message)} from pytest's junit xml; outcome passed, skipped, failed."""
    xml = os.path.join(out, "junit.xml")
    subprocess.run([PYTHON, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "--junitxml", xml], cwd=out,
                   capture_output=True, text=True)
    results = {}
    for case in ET.parse(xml).getroot().iter("testcase"):
        test_id = "%s::%s" % (case.get("classname").split(".")[-1], case.get("name"))
        outcome, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error"):
                outcome, message = "failed", (child.get("message") or "")[:200]
            elif child.tag == "skipped":
                outcome, message = "skipped", child.get("message") or ""
        results[test_id] = (outcome, message)
    return results


def recorded(out, test_id):
    module, name = test_id.split("::")
    return os.path.exists(os.path.join(out, "records", module, name + ".npz"))


def check_halves(out, results, allowed_failures):
    """Every test: torch half recorded and Paddle half skipped (or passed where Paddle is
    installed); a torch half may be skipped only because torch here lacks the API or package;
    the failures are exactly `allowed_failures`."""
    with_paddle = paddle_installed()
    failed = {t for t, (o, _) in results.items() if o == "failed"}
    unexpected = sorted(failed - set(allowed_failures))
    fixed = sorted(set(allowed_failures) - failed)
    if unexpected:
        fail("torch halves that fail:\n  " + "\n  ".join("%s: %s" % (t, results[t][1]) for t in unexpected))
    if fixed:
        fail("listed as failing but not failing (remove them from the list):\n  " + "\n  ".join(fixed))
    counts = {"recorded, paddle skipped": 0, "torch half skipped": 0, "passed": 0, "failed (listed)": len(failed)}
    for t, (outcome, message) in sorted(results.items()):
        if outcome == "failed":
            continue
        torch_missing = "installed here has no" in message or (message.endswith("is not installed") and "paddle" not in message)
        if outcome == "skipped" and torch_missing:
            counts["torch half skipped"] += 1
            continue
        if not recorded(out, t):
            fail("%s: no record of its torch half" % t)
        if outcome == "skipped" and message == "paddle is not installed" and not with_paddle:
            counts["recorded, paddle skipped"] += 1
        elif outcome == "passed" and with_paddle:
            counts["passed"] += 1
        else:
            fail("%s: %s (%s)" % (t, outcome, message))
    print(", ".join("%s: %d" % kv for kv in counts.items()))


def main():
    binary, source_dir, work, mode = sys.argv[1:5]
    binary = os.path.abspath(binary)
    out = os.path.join(os.path.abspath(work), "emit-tests-" + mode)
    here = os.path.join(source_dir, "tests", "emit_tests")
    if mode == "demo":
        forms, generated = generate(binary, source_dir, ["corpus/demo"], out)
        allowed = []
    elif mode == "golden":
        forms, generated = generate(binary, source_dir, ["tests/golden"], out, ["--exclude", "expected.py"])
        allowed = []
        with open(os.path.join(here, "golden_torch_failures.txt")) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    allowed.append(line)
    elif mode == "forms":
        forms, generated = generate(binary, source_dir, ["tests/emit_tests/forms/input.py"], out)
        allowed = []
        with open(os.path.join(here, "forms", "expected.json")) as f:
            expected = json.load(f)
        module = os.path.join(out, "test_tests_emit_tests_forms_input.py")
        if not os.path.exists(module):
            module = [os.path.join(out, m) for m in os.listdir(out) if m.startswith("test_")][0]
        text = open(module).read()
        bodies = {m.group(1): m.group(0) for m in re.finditer(r"def (test_\w+)\(\):.*?(?=\ndef |\Z)", text, re.S)}
        if sorted(bodies) != sorted(expected["tests"]):
            fail("tests %s, expected %s" % (sorted(bodies), sorted(expected["tests"])))
        for name, snippets in expected["tests"].items():
            for s in snippets:
                if s not in bodies[name]:
                    fail("%s lacks %r:\n%s" % (name, s, bodies[name]))
        untested = json.load(open(os.path.join(out, "untested.json")))
        got = [{k: u[k] for k in ("line", "torch_api", "kind")} for u in untested]
        want = [{k: u[k] for k in ("line", "torch_api", "kind")} for u in expected["untested"]]
        if got != want:
            fail("untested.json lists %s, expected %s" % (got, want))
        for u, e in zip(untested, expected["untested"]):
            if not u["reason"] or not u["reason"].startswith(e.get("reason", "")):
                fail("reason %r, expected it to start with %r" % (u["reason"], e.get("reason", "")))
        readme = open(os.path.join(out, "README.md")).read()
        for u in untested:
            if u["reason"] not in readme.replace("|", " "):
                fail("README.md does not list: " + u["reason"])
    else:
        fail("mode is demo, golden or forms")
    collected = collect(out)
    if collected != generated:
        fail("pytest collects %d tests, the summary counts %d" % (collected, generated))
    check_halves(out, run(out), allowed)
    print("ok: %d forms, %d tests, all collected" % (forms, generated))


if __name__ == "__main__":
    main()
