#!/usr/bin/env python3
"""Helpers for tests/safety/run.sh (python3 only, no third-party modules).

  check_output.py report REPORT.json OUT_TSV OUT_NOTES
      Flattens the JSON report: one line per file "path<TAB>status<TAB>code<TAB>message" and one
      line per notice. Exit 1 when the report is missing or not JSON, 3 (after writing both
      files) when the summary counts do not add up.

  check_output.py preserved INPUT.py OUTPUT.py
      Checks that a converted file kept the bytes it did not need to touch:
        - every input line that does not mention torch is in the output, in order, byte for byte
          (line endings, tabs, form feeds, comments included);
        - a UTF-8 BOM stays at byte 0 and appears once;
        - a CRLF file stays CRLF on every line, including inserted ones (import, TODO, ...);
        - a file indented with tabs only gets no space indentation;
        - the output compiles with python3 (the input must have compiled too).
      Prints one reason per line and exits 1 on a problem.

  check_output.py gen-big PATH MEGABYTES | gen-nested PATH DEPTH | gen-long-line PATH BYTES
      Writes the generated torch sources used by the size scenarios.
"""
import json
import sys

BOM = b"\xef\xbb\xbf"


def cmd_report(report, tsv, notes):
    try:
        with open(report, "rb") as f:
            doc = json.loads(f.read().decode("utf-8"))
    except Exception as e:  # noqa: BLE001 - any problem means "no usable report"
        print(f"report {report}: {e}", file=sys.stderr)
        return 1
    with open(tsv, "w", encoding="utf-8") as out:
        for f in doc.get("files", []):
            err = f.get("error") or {}
            msg = str(err.get("message", "")).replace("\t", " ").replace("\n", " ")
            out.write(f"{f.get('path')}\t{f.get('status')}\t{err.get('code', '')}\t{msg}\n")
    with open(notes, "w", encoding="utf-8") as out:
        for n in doc.get("notices", []):
            out.write(str(n).replace("\n", " ") + "\n")
    # The summary must add up: python files are converted, unchanged or failed.
    sm = doc.get("summary", {})
    parts = sm.get("files_converted", 0) + sm.get("files_unchanged", 0) + sm.get("files_failed", 0)
    if parts != sm.get("files", 0):
        print(f"summary does not add up: files={sm.get('files')} but converted+unchanged+failed={parts}"
              f" (files_copied={sm.get('files_copied')})")
        return 3
    return 0


def split_lines(data):
    return data.splitlines(keepends=True)


def indentation(line):
    i = 0
    while i < len(line) and line[i:i + 1] in (b" ", b"\t", b"\x0c"):
        i += 1
    return line[:i]


def compiles(data):
    try:
        compile(data, "<file>", "exec", dont_inherit=True)
        return None
    except (SyntaxError, ValueError) as e:
        return str(e)


def cmd_preserved(inp, outp):
    src = open(inp, "rb").read()
    out = open(outp, "rb").read()
    problems = []
    # Lines without torch: kept in order.
    # The BOM is checked on its own below: compare the text after it.
    out_lines = split_lines(out[len(BOM):] if out.startswith(BOM) else out)
    j = 0
    for line in split_lines(src[len(BOM):] if src.startswith(BOM) else src):
        if b"torch" in line:
            continue
        while j < len(out_lines) and out_lines[j] != line:
            j += 1
        if j == len(out_lines):
            problems.append(f"input line {line!r} not kept byte for byte")
            break
        j += 1
    if src.startswith(BOM):
        if not out.startswith(BOM):
            problems.append(f"BOM not at byte 0 of the output (BOM at offset {out.find(BOM)})")
        if out.count(BOM) != 1:
            problems.append(f"{out.count(BOM)} BOMs in the output")
    src_lines = split_lines(src)
    if src_lines and all(l.endswith(b"\r\n") for l in src_lines):
        bare = [i + 1 for i, l in enumerate(out_lines) if not l.endswith(b"\r\n")]
        if bare:
            problems.append(f"CRLF file has LF-only lines in the output: {bare[:5]}")
    src_indents = [indentation(l) for l in src_lines if l.strip()]
    if any(b"\t" in i for i in src_indents) and not any(b" " in i for i in src_indents):
        spaced = [i + 1 for i, l in enumerate(out_lines) if l.strip() and b" " in indentation(l)]
        if spaced:
            problems.append(f"tab-indented file got space indentation on output lines {spaced[:5]}")
    if compiles(src) is None:
        err = compiles(out)
        if err:
            problems.append(f"output does not compile: {err}")
    for p in problems:
        print(p)
    return 1 if problems else 0


BLOCK = '''
class Block{i}(nn.Module):
    """Block {i}: a small layer."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 8)

    def forward(self, x):
        y = torch.zeros(2, 3) + torch.ones(2, 3)  # comment {i}
        return torch.cat([x, y], dim=1)
'''


def cmd_gen_big(path, megabytes):
    limit = int(megabytes) * 1024 * 1024
    parts = ["import torch\nimport torch.nn as nn\n"]
    size = len(parts[0])
    i = 0
    while size < limit:
        s = BLOCK.format(i=i)
        parts.append(s)
        size += len(s)
        i += 1
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(parts))
    return 0


def cmd_gen_nested(path, depth):
    n = int(depth)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("import torch\nx = " + "(" * n + "torch.zeros(1)" + ")" * n + "\n")
    return 0


def cmd_gen_long_line(path, nbytes):
    term = "torch.zeros(1) + "
    k = int(nbytes) // len(term)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("import torch\nx = " + term * k + "torch.zeros(1)\n")
    return 0


def main(argv):
    cmds = {
        "report": (cmd_report, 3),
        "preserved": (cmd_preserved, 2),
        "gen-big": (cmd_gen_big, 2),
        "gen-nested": (cmd_gen_nested, 2),
        "gen-long-line": (cmd_gen_long_line, 2),
    }
    if len(argv) < 2 or argv[1] not in cmds or len(argv) - 2 != cmds[argv[1]][1]:
        print(__doc__, file=sys.stderr)
        return 2
    fn, _ = cmds[argv[1]]
    return fn(*argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
