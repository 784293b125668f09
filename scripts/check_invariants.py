#!/usr/bin/env python3
"""The checks behind scripts/check-invariants.sh (run that script, not this one).

Usage: check_invariants.py CORPUS_DIR OUT_DIR AGAIN_DIR REPORT_JSON
  CORPUS_DIR   the inputs
  OUT_DIR      torch2paddle's output for CORPUS_DIR
  AGAIN_DIR    torch2paddle's output for OUT_DIR (idempotence)
  REPORT_JSON  the --report json=PATH of the first run

Prints one line per check, then a summary line; exits 1 listing the offending files and lines
when a check fails.

Dependency files (`requirements*.txt`, `setup.py`, `setup.cfg`, `pyproject.toml`,
`environment.yml`) take a seventh check, "dependency lines": every line the output changes is a
line where the report has a `deps:` finding (one naming a package it converts); all others are
byte-identical. (A setup.py the Python converter converts too, one building a torch extension,
is checked as Python only.)

Notebooks (`*.ipynb`) are checked on their code: the code cells joined, IPython lines blanked
(`notebook_code`), take checks 1, 3 and 4; idempotence compares the files' bytes; and a sixth
check, "notebooks valid", reads the output as nbformat 4 (validated with nbformat when python3
has it) differing from its input only in the sources of code cells.
"""
import ast
import collections
import difflib
import io
import json
import pathlib
import re
import sys
import tokenize

try:
    import nbformat as NBFORMAT
except ImportError:  # the JSON checks still run; scripts/setup.sh installs python3-nbformat
    NBFORMAT = None

NEGATIVE_TAG = "# negative:"
MAX_LISTED = 40  # offending items printed per check
MAX_NOTES = 5  # files the tool reports failed, printed as notes


def read(path):
    return path.read_bytes()


def lines_of(data):
    """Lines of a file without their line ends (bytes decoded losslessly)."""
    return data.decode("utf-8", "surrogateescape").splitlines()


def parses(data):
    """None when `data` parses with python3's ast, else the error text."""
    try:
        ast.parse(data)
        return None
    except (SyntaxError, ValueError) as e:
        line = getattr(e, "lineno", None)
        return f"{e.__class__.__name__}: {getattr(e, 'msg', e)}" + (f" at line {line}" if line else "")


def trailing_comments(data):
    """(line, text) of comments that follow code on their line; [] when the file does not tokenize."""
    out = []
    try:
        for tok in tokenize.tokenize(io.BytesIO(data).readline):
            if tok.type == tokenize.COMMENT and tok.line[: tok.start[1]].strip():
                out.append((tok.start[0], tok.string))
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError):
        return []
    return out


def torch_imports(data):
    """(line, text) of `import torch...` / `from torch... import` statements."""
    text = lines_of(data)
    found = []
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        pattern = re.compile(r"^\s*(import\s+torch\b|from\s+torch\b)")
        return [(i + 1, l) for i, l in enumerate(text) if pattern.match(l)]
    for node in ast.walk(tree):
        hit = False
        if isinstance(node, ast.Import):
            hit = any(a.name == "torch" or a.name.startswith("torch.") for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            hit = node.module == "torch" or node.module.startswith("torch.")
        if hit:
            found.append((node.lineno, text[node.lineno - 1].strip()))
    return sorted(found)


# Cell magics whose body is Python; any other cell magic (%%bash, %%writefile) holds no Python.
PYTHON_CELL_MAGICS = ("%%time", "%%timeit", "%%capture", "%%prun")
IPYTHON_LINE = re.compile(r"^\s*([%!?]|\w+\s*=\s*[%!])|^\s*[\w.]+(\(\))?\?\??\s*$")


def dependency_file(rel):
    name = rel.rsplit("/", 1)[-1]
    return (name.startswith("requirements") and name.endswith(".txt")) or name in (
        "setup.py", "setup.cfg", "pyproject.toml", "environment.yml", "environment.yaml")


def changed_lines_without_finding(src, out, entry):
    """Input line numbers the output changes (a replaced, removed or, for an insertion, the line
    before) where the report has no `deps:` finding."""
    found = {u.get("line") for u in entry.get("uses", []) if str(u.get("rule", "")).startswith("deps:")}
    a, b = lines_of(src), lines_of(out)
    bad = []
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        span = range(i1 + 1, i2 + 1) if i2 > i1 else range(max(i1, 1), max(i1, 1) + 1)
        bad += [n for n in span if n not in found]
    return bad


def cell_source(cell):
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def notebook_code(data):
    """The code cells of a notebook joined as one module, IPython lines blanked, as bytes: a crude
    stand-in for the tool's masking, applied alike to input and output. None when not JSON."""
    try:
        doc = json.loads(data)
    except ValueError:
        return None
    parts = []
    for cell in doc.get("cells", []) if isinstance(doc, dict) else []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        lines = cell_source(cell).splitlines()
        if lines and lines[0].lstrip().startswith("%%"):
            if not lines[0].lstrip().startswith(PYTHON_CELL_MAGICS):
                continue
            lines = lines[1:]
        if len(lines) == 1 and re.match(r"^\s*(pip|conda|cd|ls) ", lines[0]):
            continue  # automagic: IPython reads a one-line cell `pip install x` as %pip
        parts += ["" if IPYTHON_LINE.match(l) else l for l in lines]
    return ("\n".join(parts) + "\n").encode("utf-8")


def notebook_problems(src, out):
    """What makes the output notebook wrong: not nbformat 4, or a change outside code sources."""
    try:
        before, after = json.loads(src), json.loads(out)
    except ValueError as e:
        return [f"the output is not JSON: {e}"]
    problems = []
    if NBFORMAT is not None:
        try:
            NBFORMAT.validate(NBFORMAT.reads(out.decode("utf-8"), as_version=4))
        except Exception as e:  # nbformat raises several kinds: any is a failed validation
            problems.append(f"not a valid nbformat 4 notebook: {str(e).splitlines()[0]}")
    cells_b, cells_a = before.get("cells", []), after.get("cells", [])
    if len(cells_b) != len(cells_a):
        return problems + ["the number of cells changed"]
    for n, (b, a) in enumerate(zip(cells_b, cells_a), 1):
        if b.get("cell_type") != "code" and b.get("source") != a.get("source"):
            problems.append(f"cell {n}: a {b.get('cell_type')} cell changed")
        b["source"] = a["source"] = None
    if before != after:
        problems.append("the notebooks differ outside the code cells' sources")
    return problems


class Check:
    def __init__(self, name):
        self.name = name
        self.ok = 0
        self.total = 0
        self.problems = []

    def count(self, good, problem=None):
        self.total += 1
        if good:
            self.ok += 1
        elif problem:
            self.problems.append(problem)

    @property
    def failed(self):
        return self.ok != self.total

    def figure(self):
        return f"{self.ok}/{self.total}"


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    corpus, out_dir, again_dir = (pathlib.Path(a) for a in argv[1:4])
    report = json.loads(pathlib.Path(argv[4]).read_text())
    by_path = {f["path"]: f for f in report.get("files", [])}

    files = sorted(p.relative_to(corpus).as_posix() for p in corpus.rglob("*")
                   if p.is_file() and (p.suffix in (".py", ".ipynb") or dependency_file(p.name)))
    parse_check = Check("outputs parse")
    idem_check = Check("idempotent")
    comment_check = Check("comments kept")
    torch_check = Check("no torch left")
    negative_check = Check("false conversions")  # ok = tagged lines kept
    notebook_check = Check("notebooks valid")
    dependency_check = Check("dependency lines")
    notes = []

    for rel in files:
        src = read(corpus / rel)
        out_path, again_path = out_dir / rel, again_dir / rel
        if not out_path.is_file():
            parse_check.count(False, f"{rel}: no output file")
            continue
        out_bytes = read(out_path)
        out = out_bytes
        entry = by_path.get(rel, {})
        # A setup.py the Python converter converts too (one building a torch extension,
        # docs/cpp-extensions.md) changes lines no `deps:` finding names (its imports, setup()):
        # those are Python edits, held by the checks below; the dependency lines are not told
        # apart there, so the check is for setup.py files with `deps:` findings only.
        python_converted = rel.endswith("setup.py") and any(
            not str(u.get("rule", "")).startswith("deps:") and u.get("status") == "converted"
            for u in entry.get("uses", []))
        if dependency_file(rel) and not python_converted:
            src_lines = lines_of(src)
            for n in changed_lines_without_finding(src, out_bytes, entry):
                dependency_check.count(False, f"{rel}:{n}: changed without a finding: {src_lines[n - 1] if n <= len(src_lines) else ''}")
            dependency_check.count(True)
            if not rel.endswith(".py"):
                again = read(again_dir / rel) if (again_dir / rel).is_file() else None
                idem_check.count(again == out_bytes, f"{rel}: converting the output again changes it")
                continue
        if rel.endswith(".ipynb"):
            problems = notebook_problems(src, out_bytes)
            notebook_check.count(not problems, f"{rel}: " + "; ".join(problems))
            src, out = notebook_code(src) or b"", notebook_code(out_bytes) or b""
        if entry.get("status") == "failed":
            err = entry.get("error", {})
            notes.append(f"{rel}: the tool reports it failed ({err.get('code')}: {err.get('message')})")

        # 1. the output parses (for every input that parses)
        if parses(src) is None:
            err = parses(out)
            parse_check.count(err is None, f"{rel}: output does not parse: {err}")

        # 2. idempotence
        again = read(again_path) if again_path.is_file() else None
        if again is None:
            idem_check.count(False, f"{rel}: second conversion wrote no file")
        else:
            same = again == out_bytes
            diff = ""
            if not same:
                d = difflib.unified_diff(lines_of(out_bytes), lines_of(again), "output", "converted again", lineterm="", n=1)
                diff = "\n".join("      " + l for l in list(d)[:20])
            idem_check.count(same, f"{rel}: converting the output again changes it:\n{diff}")

        # 3. comments: comment lines as lines (leading whitespace ignored), trailing ones as substrings
        src_lines, out_lines = lines_of(src), lines_of(out)
        have = collections.Counter(l.lstrip() for l in out_lines if l.lstrip().startswith("#"))
        for i, l in enumerate(src_lines, 1):
            c = l.lstrip()
            if not c.startswith("#"):
                continue
            kept = have[c] > 0
            if kept:
                have[c] -= 1
            comment_check.count(kept, f"{rel}:{i}: comment line lost: {c}")
        out_text = out.decode("utf-8", "surrogateescape")
        seen = collections.Counter()
        for line, text in trailing_comments(src):
            seen[text] += 1
            kept = out_text.count(text) >= seen[text]
            comment_check.count(kept, f"{rel}:{line}: trailing comment lost: {text}")

        # 4. fully converted files import no torch
        if entry and entry.get("status") != "failed":
            open_uses = [u for u in entry.get("uses", []) if u.get("status") in ("unsupported", "needs_review")]
            if not open_uses:
                left = torch_imports(out)
                torch_check.count(not left)
                torch_check.problems += [
                    f"{rel}:{n}: torch import left in a file reported fully converted: {t}" for n, t in left]

        # 5. negative corpus: tagged lines byte-identical (matched by content; extra lines allowed)
        if rel.startswith("negative/") and rel.count("/") == 1:
            pool = collections.Counter(out_lines)
            for i, l in enumerate(src_lines, 1):
                if NEGATIVE_TAG not in l:
                    continue
                kept = pool[l] > 0
                if kept:
                    pool[l] -= 1
                    negative_check.count(True)
                    continue
                tag = l[l.index(NEGATIVE_TAG):]
                became = [o for o in out_lines if o.endswith(tag) and o != l]
                shown = became[0] if became else "(no output line with this tag)"
                negative_check.count(False, f"{rel}:{i}: false conversion\n      - {l}\n      + {shown}")

    false_conversions = negative_check.total - negative_check.ok
    checks = [parse_check, idem_check, comment_check, torch_check, notebook_check, dependency_check]
    print(f"outputs parse: {parse_check.figure()} files whose input parses")
    print(f"idempotent: {idem_check.figure()} files unchanged by a second conversion")
    print(f"comments kept: {comment_check.figure()} comment lines and trailing comments")
    print(f"no torch left: {torch_check.figure()} files reported fully converted import no torch")
    print(f"false conversions: {false_conversions} of {negative_check.total} lines tagged '{NEGATIVE_TAG}'")
    print(f"dependency lines: {dependency_check.ok} dependency files, {dependency_check.total - dependency_check.ok} "
          "changed lines without a finding")
    print(f"notebooks valid: {notebook_check.figure()} notebooks differing only in code sources"
          + ("" if NBFORMAT is not None else " (nbformat missing: checked as JSON only)"))
    print(f"invariants: {len(files)} files, outputs parse {parse_check.figure()}, idempotent {idem_check.figure()}, "
          f"comments kept {comment_check.figure()}, torch-free {torch_check.figure()}, "
          f"false conversions {false_conversions}")
    for n in notes[:MAX_NOTES]:
        print(f"note: {n}")
    if len(notes) > MAX_NOTES:
        print(f"note: ... and {len(notes) - MAX_NOTES} more files the tool reports as failed")

    failed = False
    for c in checks + [negative_check]:
        if not c.failed:
            continue
        failed = True
        print(f"FAILED {c.name} ({c.total - c.ok}):")
        for p in c.problems[:MAX_LISTED]:
            print(f"  {p}")
        if len(c.problems) > MAX_LISTED:
            print(f"  ... and {len(c.problems) - MAX_LISTED} more")
    if failed:
        print("check-invariants: FAILED")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
