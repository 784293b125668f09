#!/usr/bin/env python3
"""Measures torch2paddle on the real-code corpus (`make coverage`; docs/coverage.md).

Usage:
  coverage.py --bin build/torch2paddle [--corpus corpus-real] [--out build/coverage]
              [--packages a,b] [--jobs N]
  coverage.py --no-convert --corpus DIR --work DIR --out DIR     (recount existing outputs)

Every folder of CORPUS is one package. Each is converted with the real binary into
WORK/out/<package>/, with its JSON report in WORK/reports/<package>.json (WORK defaults to OUT),
then input and output are compared file by file:
  - lines of output that still use a torch name (NAME tokens bound by torch imports, or `torch`),
  - new "undefined name" messages of pyflakes3 (output minus input, per file and name),
  - output files that python3's ast cannot parse,
  - comment tokens of the input missing from the output (tokenize, as a multiset per file).
The figures are printed per package and in total, and written to OUT/summary.json.
A file that fails (in the tool or in this script) is counted and named; the run goes on.
Python 3.11 standard library only, plus the pyflakes3 command (Debian package pyflakes3).
"""
import argparse
import ast
import collections
import datetime
import io
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import tokenize

TOP = 30  # APIs listed in the unsupported / needs-review tables
EXAMPLES = 20  # new undefined names listed
LISTED = 20  # other per-file lists (parse failures, lost comments, failed files)
CONVERT_TIMEOUT = 3600  # seconds for one package
UNDEFINED = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?:\d+:?)? undefined name '(?P<name>[^']+)'")

COLUMNS = [  # (key, label) in the printed table, in order
    ("files", "files"),
    ("lines", "lines"),
    ("api_uses", "API uses"),
    ("converted", "converted"),
    ("unsupported", "unsupported"),
    ("needs_review", "needs review"),
    ("per_kloc", "(unsupported + needs review) / 1,000 lines"),
    ("convert_rate", "convert rate (converted / API uses)"),
    ("torch_lines_in", "input lines using torch"),
    ("torch_lines_out", "output lines still using torch"),
    ("new_undefined", "new undefined names"),
    ("output_unparsable", "output files that do not parse"),
    ("input_unparsable", "  of which the input does not parse either"),
    ("comments_lost", "comments lost"),
    ("files_failed", "files the tool failed"),
    ("analysis_errors", "files this script could not analyse"),
    ("seconds", "conversion wall time (s)"),
    ("lines_per_second", "lines / second"),
]
COUNTS = [k for k, _ in COLUMNS if k not in ("per_kloc", "convert_rate", "lines_per_second")]


# ---------------------------------------------------------------------------------------------
# Per-file measures (pure functions of text: the unit test exercises them through a fixture)

def decode(data):
    """Source bytes -> str, with the encoding Python would use (PEP 263), else UTF-8."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        encoding = "utf-8"
    return data.decode(encoding, "surrogateescape")


def parse_error(text):
    """None when `text` parses with ast, else a short message."""
    try:
        ast.parse(text)
        return None
    except (SyntaxError, ValueError) as e:
        line = getattr(e, "lineno", None)
        return f"{e.__class__.__name__}: {getattr(e, 'msg', e)}" + (f" at line {line}" if line else "")


def tokens(text):
    """(tokens, error): the tokens of `text` up to the first tokenize error, and that error or None."""
    toks = []
    try:
        for t in tokenize.generate_tokens(io.StringIO(text).readline):
            toks.append(t)
    except (tokenize.TokenError, SyntaxError) as e:
        return toks, f"{e.__class__.__name__}: {e}"
    return toks, None


def comments(toks):
    """Multiset of the `#` comment tokens' texts."""
    return collections.Counter(t.string for t in toks if t.type == tokenize.COMMENT)


def module_of(rel):
    """'pkg/sub/mod.py' -> ('pkg.sub.mod', is_package)."""
    parts = list(pathlib.PurePosixPath(rel).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    return ".".join(parts), is_package


def absolute_module(node, rel):
    """The absolute module an `ImportFrom` reads, resolving relative imports against `rel`."""
    if not node.level:
        return node.module or ""
    module, is_package = module_of(rel)
    parts = module.split(".") if module else []
    if not is_package:
        parts = parts[:-1]
    if node.level > 1:
        parts = parts[: len(parts) - (node.level - 1)] if node.level - 1 <= len(parts) else []
    if node.module:
        parts.append(node.module)
    return ".".join(parts)


def torch_names(tree, rel):
    """Names a file binds to torch: `torch`, plus every name an import from a torch module binds
    (`import torch.nn as nn`, `from torch import nn`, `from ..functional import relu` inside
    torch's own sources)."""
    names = {"torch"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "torch":
                    names.add(a.asname or a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if absolute_module(node, rel).split(".")[0] == "torch":
                names.update(a.asname or a.name for a in node.names if a.name != "*")
    return names


def imported_names(tree):
    """Every name an import binds."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                if a.name != "*":
                    names.add(a.asname or a.name.split(".")[0])
    return names


def torch_lines(toks, names):
    """(line numbers, Counter of dotted uses): the lines holding a NAME token that is one of `names`
    (attribute names after `.` are not names: `self.nn` does not count), and each such use with
    its attribute chain (`torch.jit.is_scripting`)."""
    lines, uses = set(), collections.Counter()
    code = [t for t in toks if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT,
                                              tokenize.INDENT, tokenize.DEDENT)]
    for i, t in enumerate(code):
        if t.type != tokenize.NAME or t.string not in names or (i and code[i - 1].string == "."):
            continue
        lines.add(t.start[0])
        chain, j = [t.string], i + 1
        while j + 1 < len(code) and code[j].string == "." and code[j + 1].type == tokenize.NAME:
            chain.append(code[j + 1].string)
            j += 2
        uses[".".join(chain)] += 1
    return lines, uses


def measure_file(in_data, out_data, rel):
    """Figures for one input/output pair (bad sources are figures, not exceptions).
    A line of output still uses torch when it holds a name the output binds to torch, or a name
    the input bound to torch that no import of the output rebinds (`nn.Foo` left behind after
    `import torch.nn as nn` was removed counts; `Linear` imported from paddle instead does not)."""
    r = {"torch_lines_in": 0, "torch_lines_out": 0, "torch_left": collections.Counter(),
         "comments_lost": 0, "lost": [],
         "output_unparsable": None, "input_unparsable": None, "notes": []}
    in_text, out_text = decode(in_data), decode(out_data)
    r["input_unparsable"] = parse_error(in_text)
    r["output_unparsable"] = parse_error(out_text)
    in_toks, in_error = tokens(in_text)
    out_toks, out_error = tokens(out_text)
    if in_error:
        r["notes"].append(f"input does not tokenize: {in_error}")
    if out_error:
        r["notes"].append(f"output does not tokenize: {out_error}")
    # a file that does not parse: only the name `torch` is known to be torch's
    in_names = torch_names(ast.parse(in_text), rel) if r["input_unparsable"] is None else {"torch"}
    r["torch_lines_in"] = len(torch_lines(in_toks, in_names)[0])
    if r["output_unparsable"] is None:
        out_tree = ast.parse(out_text)
        out_names = torch_names(out_tree, rel) | (in_names - imported_names(out_tree))
    else:
        out_names = in_names
    out_lines, r["torch_left"] = torch_lines(out_toks, out_names)
    r["torch_lines_out"] = len(out_lines)
    # comments: every comment token of the input (as a multiset) must be in the output. A type
    # comment (`# type: (Tensor) -> None`) is converted like code (its torch names take their
    # Paddle spelling), so it counts as kept when the output holds as many type comments.
    have = comments(out_toks)
    in_comments = comments(in_toks)
    is_type = lambda text: re.match(r"#\s*type:", text) is not None
    type_in = sum(n for text, n in in_comments.items() if is_type(text))
    type_out = sum(n for text, n in have.items() if is_type(text))
    type_rewritten = max(0, min(type_in, type_out) - sum(min(n, have.get(text, 0)) for text, n in in_comments.items() if is_type(text)))
    for text, n in in_comments.items():
        missing = n - have.get(text, 0)
        if missing > 0 and is_type(text) and type_rewritten > 0:
            excused = min(missing, type_rewritten)
            type_rewritten -= excused
            missing -= excused
        if missing > 0:
            line = next(t.start[0] for t in in_toks if t.type == tokenize.COMMENT and t.string == text)
            r["comments_lost"] += missing
            r["lost"].append({"line": line, "comment": text, "count": missing})
    return r


# ---------------------------------------------------------------------------------------------
# pyflakes3

def undefined_names(root, timeout=1800):
    """{relative path: [(line, name)]} of pyflakes3's "undefined name" messages below `root`.
    Raises RuntimeError when pyflakes3 cannot run."""
    exe = shutil.which("pyflakes3")
    if not exe:
        raise RuntimeError("pyflakes3 not found (apt-get install pyflakes3)")
    root = os.path.abspath(root)
    p = subprocess.run([exe, root], capture_output=True, timeout=timeout,
                       env=dict(os.environ, LC_ALL="C.UTF-8"))
    if p.returncode not in (0, 1):
        raise RuntimeError(f"pyflakes3 exited with {p.returncode}: {p.stderr.decode(errors='replace')[:500]}")
    found = collections.defaultdict(list)
    for raw in p.stdout.decode("utf-8", "replace").splitlines():
        m = UNDEFINED.match(raw)
        if not m:
            continue
        path = os.path.relpath(m["path"], root).replace(os.sep, "/")
        found[path].append((int(m["line"]), m["name"]))
    return found


def new_undefined(before, after):
    """[(line, name)] of `after` beyond `before`, per name (the first surplus occurrences)."""
    have = collections.Counter(n for _, n in before)
    extra = collections.Counter(n for _, n in after) - have
    out = []
    for line, name in sorted(after):
        if extra[name] > 0:
            extra[name] -= 1
            out.append((line, name))
    return out


# ---------------------------------------------------------------------------------------------
# One package

def py_files(root):
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for f in filenames:
            p = os.path.join(dirpath, f)
            if f.endswith(".py") and os.path.isfile(p) and not os.path.islink(p):
                found.append(os.path.relpath(p, root).replace(os.sep, "/"))
    return sorted(found)


def line_at(path, line):
    try:
        with open(path, "rb") as f:
            for i, text in enumerate(f, 1):
                if i == line:
                    return decode(text).strip()
    except OSError:
        pass
    return ""


def convert(binary, src, dst, report, jobs):
    """Runs the binary; returns (seconds, problem or None)."""
    shutil.rmtree(dst, ignore_errors=True)
    if os.path.exists(report):
        os.remove(report)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    os.makedirs(os.path.dirname(report), exist_ok=True)
    cmd = [binary, "convert", src, "-o", dst, "--report", f"json={report}", "-q", "-j", str(jobs)]
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=CONVERT_TIMEOUT)
    except subprocess.TimeoutExpired:
        return time.monotonic() - start, f"timed out after {CONVERT_TIMEOUT} s"
    seconds = time.monotonic() - start
    if p.returncode not in (0, 1):
        return seconds, f"exit code {p.returncode}: {p.stderr.decode(errors='replace')[-500:]}"
    return seconds, None


def measure_package(name, src, dst, report_path, seconds, problem):
    pkg = {k: 0 for k in COUNTS}
    pkg["seconds"] = round(seconds, 3)
    details = {"failed": [], "analysis_errors": [], "unparsable": [], "lost": [], "undefined": [],
               "unsupported": [], "needs_review": [], "torch_left": collections.Counter(),
               "problem": problem}
    report = None
    try:
        with open(report_path, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        details["problem"] = (problem + "; " if problem else "") + f"no report: {e}"
    files = py_files(src)
    if report:
        s = report.get("summary", {})
        for k in ("files", "lines", "api_uses", "converted", "unsupported", "needs_review"):
            pkg[k] = s.get(k, 0)
        pkg["files_failed"] = s.get("files_failed", 0)
        for entry in report.get("files", []):
            if entry.get("status") == "failed":
                err = entry.get("error", {})
                details["failed"].append({"file": f"{name}/{entry.get('path')}", "line": err.get("line"),
                                          "code": err.get("code"), "message": err.get("message")})
            for use in entry.get("uses", []):
                if use.get("status") in ("unsupported", "needs_review"):
                    details[use["status"]].append({"api": use.get("torch_api", "?"),
                                                   "reason": use.get("reason", ""),
                                                   "where": f"{name}/{entry.get('path')}:{use.get('line')}"})
    else:
        pkg["files"] = len(files)
    # pyflakes on both trees (a failure there is one analysis error for the package)
    try:
        before = undefined_names(src)
        after = undefined_names(dst) if os.path.isdir(dst) else {}
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
        before, after = {}, {}
        details["analysis_errors"].append({"file": f"{name}/", "error": f"pyflakes3: {e}"})
        pkg["analysis_errors"] += 1
    counted_lines = 0
    for rel in files:
        label = f"{name}/{rel}"
        try:
            with open(os.path.join(src, rel), "rb") as f:
                in_data = f.read()
            counted_lines += len(in_data.splitlines())
            out_path = os.path.join(dst, rel)
            if not os.path.exists(out_path):
                raise RuntimeError("no output file")
            with open(out_path, "rb") as f:
                out_data = f.read()
            r = measure_file(in_data, out_data, rel)
        except Exception as e:  # noqa: BLE001 -- one bad file is counted and named, never fatal
            pkg["analysis_errors"] += 1
            details["analysis_errors"].append({"file": label, "error": f"{e.__class__.__name__}: {e}"})
            continue
        pkg["torch_lines_in"] += r["torch_lines_in"]
        pkg["torch_lines_out"] += r["torch_lines_out"]
        pkg["comments_lost"] += r["comments_lost"]
        for lost in r["lost"]:
            details["lost"].append(dict(file=label, **lost))
        if r["output_unparsable"]:
            pkg["output_unparsable"] += 1
            if r["input_unparsable"]:
                pkg["input_unparsable"] += 1
            details["unparsable"].append({"file": label, "error": r["output_unparsable"],
                                          "input_parses": r["input_unparsable"] is None})
        details["torch_left"].update(r["torch_left"])
        new = collections.Counter(new_undefined(before.get(rel, []), after.get(rel, [])))
        for (line, undefined), n in sorted(new.items()):  # one entry per line and name
            pkg["new_undefined"] += n
            details["undefined"].append({"where": f"{label}:{line}", "name": undefined, "count": n,
                                         "text": line_at(os.path.join(dst, rel), line)})
    if not report:
        pkg["lines"] = counted_lines
    return pkg, details


# ---------------------------------------------------------------------------------------------
# Totals and printing

def derive(row):
    lines = row["lines"] or 0
    row["per_kloc"] = round((row["unsupported"] + row["needs_review"]) * 1000 / lines, 2) if lines else 0.0
    row["convert_rate"] = round(row["converted"] / row["api_uses"], 4) if row["api_uses"] else 1.0
    row["seconds"] = round(row["seconds"], 3)
    row["lines_per_second"] = round(lines / row["seconds"]) if row["seconds"] else 0
    return row


def top(uses, n=TOP):
    by_api = collections.defaultdict(list)
    for u in uses:
        by_api[u["api"]].append(u)
    ranked = sorted(by_api.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:n]
    return [{"api": api, "count": len(us),
             "reasons": [{"reason": r, "count": c} for r, c in
                         sorted(collections.Counter(u["reason"] for u in us).items(), key=lambda rc: (-rc[1], rc[0]))],
             "example": us[0]["where"]} for api, us in ranked]


def fmt(v):
    return f"{v:,.2f}" if isinstance(v, float) else f"{v:,}"


def print_summary(summary, out=sys.stdout):
    names = list(summary["packages"]) + ["total"]
    rows = dict(summary["packages"], total=summary["total"])
    label_w = max(len(label) for _, label in COLUMNS)
    col_w = [max(len(n), 12) for n in names]
    p = lambda s="": print(s, file=out)  # noqa: E731
    p(f"torch2paddle coverage on {summary['corpus']} ({summary['date']}, commit {summary['commit']})")
    p()
    p(" " * label_w + "  " + "  ".join(n.rjust(w) for n, w in zip(names, col_w)))
    for key, label in COLUMNS:
        p(label.ljust(label_w) + "  " + "  ".join(fmt(rows[n].get(key, 0)).rjust(w) for n, w in zip(names, col_w)))
    for title, key in (("unsupported", "top_unsupported"), ("needs-review", "top_needs_review")):
        p()
        p(f"Top {TOP} {title} APIs (count, API, reasons with counts, first place):")
        for t in summary[key]:
            reasons = "; ".join(f"{r['reason']!r} x{r['count']}" for r in t["reasons"][:3])
            more = f" (+{len(t['reasons']) - 3} more reasons)" if len(t["reasons"]) > 3 else ""
            p(f"  {t['count']:6,}  {t['api']}  {reasons}{more}  [{t['example']}]")
    u = summary["new_undefined_names"]
    p()
    p()
    p(f"Top {TOP} torch uses left in the output (name with its attribute chain, count):")
    for t in summary["top_torch_left"]:
        p(f"  {t['count']:6,}  {t['use']}")
    p()
    p(f"New undefined names: {u['count']:,} (by name: " + ", ".join(f"{n} x{c}" for n, c in u["by_name"][:10])
      + f"); first {len(u['first'])} places:")
    for e in u["first"]:
        p(f"  {e['where']}: {e['name']}" + (f" x{e['count']}" if e["count"] > 1 else "") + f"    {e['text']}")
    lists = (("Output files that do not parse", "unparsable",
              lambda e: f"{e['file']}: {e['error']}" + ("" if e["input_parses"] else " (input does not parse either)")),
             ("Comments lost", "comments_lost",
              lambda e: f"{e['file']}:{e['line']}: {e['comment']}" + (f" x{e['count']}" if e["count"] > 1 else "")),
             ("Files the tool failed", "failed_files",
              lambda e: f"{e['file']}:{e['line']}: {e['code']}: {e['message']}"),
             ("Files this script could not analyse", "analysis_errors", lambda e: f"{e['file']}: {e['error']}"))
    for title, key, show in lists:
        entries = summary[key]
        p()
        p(f"{title}: {len(entries):,}" + (f" (first {LISTED})" if len(entries) > LISTED else ""))
        for e in entries[:LISTED]:
            p("  " + show(e))
    for name, problem in summary["problems"].items():
        p(f"PROBLEM {name}: {problem}")
    t = summary["total"]
    p()
    p(f"Wall time: {t['seconds']:,.2f} s of conversion for {t['lines']:,} lines ({t['lines_per_second']:,} lines/s); "
      f"the whole measurement took {summary['measure_seconds']:,.1f} s")


def git_commit(root):
    try:
        return subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, timeout=30).stdout.strip() or "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default="build/torch2paddle", help="the torch2paddle binary")
    ap.add_argument("--corpus", default="corpus-real", help="one folder per package")
    ap.add_argument("--out", default="build/coverage", help="where summary.json goes")
    ap.add_argument("--work", help="where out/<package>/ and reports/<package>.json go (default: --out)")
    ap.add_argument("--packages", help="comma-separated subset of the corpus folders")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="jobs for the binary (default 2)")
    ap.add_argument("--no-convert", action="store_true", help="measure existing outputs and reports")
    ap.add_argument("--date", help="date to record (default: now, UTC)")
    ap.add_argument("--commit", help="commit to record (default: git rev-parse --short HEAD)")
    args = ap.parse_args(argv)
    start = time.monotonic()
    work = args.work or args.out
    if not os.path.isdir(args.corpus):
        print(f"coverage: no corpus folder {args.corpus} (run scripts/fetch-real-code.sh)", file=sys.stderr)
        return 2
    names = sorted(d for d in os.listdir(args.corpus) if os.path.isdir(os.path.join(args.corpus, d)))
    if args.packages:
        wanted = args.packages.split(",")
        unknown = [n for n in wanted if n not in names]
        if unknown:
            print(f"coverage: no package folder(s) {', '.join(unknown)} in {args.corpus}", file=sys.stderr)
            return 2
        names = wanted
    if not args.no_convert and not os.access(args.bin, os.X_OK):
        print(f"coverage: binary {args.bin} not found (make build)", file=sys.stderr)
        return 2
    packages, all_details = {}, {}
    for name in names:
        src = os.path.join(args.corpus, name)
        dst = os.path.join(work, "out", name)
        report = os.path.join(work, "reports", f"{name}.json")
        seconds, problem = 0.0, None
        if not args.no_convert:
            print(f"coverage: converting {name} ...", file=sys.stderr, flush=True)
            seconds, problem = convert(args.bin, src, dst, report, args.jobs)
        pkg, details = measure_package(name, src, dst, report, seconds, problem)
        packages[name] = derive(pkg)
        all_details[name] = details
    total = derive({k: sum(p[k] for p in packages.values()) for k in COUNTS})
    every = lambda key: [e for d in all_details.values() for e in d[key]]  # noqa: E731
    undefined = every("undefined")
    by_name, torch_left = collections.Counter(), collections.Counter()
    for e in undefined:
        by_name[e["name"]] += e["count"]
    for d in all_details.values():
        torch_left.update(d["torch_left"])
    summary = {
        "version": 1,
        "date": args.date or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": args.commit or git_commit(os.path.dirname(os.path.abspath(__file__))),
        "corpus": args.corpus,
        "columns": {k: label.strip() for k, label in COLUMNS},
        "packages": packages,
        "total": total,
        "top_unsupported": top(every("unsupported")),
        "top_needs_review": top(every("needs_review")),
        "top_torch_left": [{"use": u, "count": c}
                           for u, c in sorted(torch_left.items(), key=lambda uc: (-uc[1], uc[0]))[:TOP]],
        "new_undefined_names": {
            "count": total["new_undefined"],
            "by_name": sorted(by_name.items(), key=lambda nc: (-nc[1], nc[0])),
            "first": undefined[:EXAMPLES],
            "all": undefined},
        "unparsable": every("unparsable"),
        "comments_lost": every("lost"),
        "failed_files": every("failed"),
        "analysis_errors": every("analysis_errors"),
        "problems": {n: d["problem"] for n, d in all_details.items() if d["problem"]},
        "measure_seconds": round(time.monotonic() - start, 1),
    }
    os.makedirs(args.out, exist_ok=True)
    tmp = os.path.join(args.out, "summary.json.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, os.path.join(args.out, "summary.json"))
    print_summary(summary)
    print(f"\nJSON: {os.path.join(args.out, 'summary.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
