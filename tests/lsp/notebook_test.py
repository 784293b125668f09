#!/usr/bin/env python3
"""Drives `torch2paddle lsp` with an LSP 3.17 notebook document, as VS Code sends one.

Checks: the notebook sync capability; diagnostics published per code cell, in the cell's own
lines and UTF-16 columns, with a later cell knowing the imports of an earlier one; hover and a
quick fix on a cell; the fix-all action equal, cell for cell, to what `convert` writes for the
same `.ipynb`; cell text edits, a cell inserted (one that does not parse alone: an error on that
cell) and removed (its diagnostics cleared); closing the notebook clears every cell.

usage: notebook_test.py TORCH2PADDLE
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import protocol_test as p  # noqa: E402  (Client, check, text helpers; reads the binary from argv)

NB = "file:///work/nb/train.ipynb"
C1, C2, C3, MD = (NB.replace("file:", "vscode-notebook-cell:") + "#" + k for k in ("c1", "c2", "c3", "md"))
CELL1 = "import torch\nimport torch.nn as nn\n%matplotlib inline\n"
CELL2 = "x = torch.zeros(2, 3)  # 中文 😀\n%timeit x.sum()\nlayer = nn.Linear(2, 3)\n"


def cell(uri, code=True):
    return {"kind": 2 if code else 1, "document": uri}


def item(uri, text, version=1):
    return {"uri": uri, "languageId": "python", "version": version, "text": text}


def diagnostics_until(c, uri, pred, what):
    """The first diagnostics published for `uri` that satisfy `pred`."""
    m = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
               and pred(m["params"]["diagnostics"]), what)
    return m["params"]["diagnostics"] if m else None


def codes(diags):
    return sorted(d["code"] for d in diags)


def convert_with_cli(cells, tmp):
    """The code cells' sources after `torch2paddle convert` of the same notebook as a file."""
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "c%d" % k, "metadata": {}, "outputs": [],
                     "source": text} for k, text in enumerate(cells)],
          "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    src, out = os.path.join(tmp, "nb.ipynb"), os.path.join(tmp, "out.ipynb")
    with open(src, "w", encoding="utf-8") as f:
        json.dump(nb, f, ensure_ascii=False)
    subprocess.run([p.BINARY, "convert", src, "-o", out, "-q"], check=True, timeout=2 * p.TIMEOUT)
    with open(out, encoding="utf-8") as f:
        return [c["source"] if isinstance(c["source"], str) else "".join(c["source"]) for c in json.load(f)["cells"]]


def main():
    tmp = tempfile.mkdtemp(prefix="t2p-lsp-nb-")
    c = p.Client()
    rid = c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    r = c.response(rid)
    sync = ((r or {}).get("result", {}).get("capabilities", {}).get("notebookDocumentSync") or {})
    selector = sync.get("notebookSelector", [{}])[0]
    p.check(selector.get("notebook", {}).get("notebookType") == "jupyter-notebook" and
            selector.get("cells") == [{"language": "python"}], "notebook sync announced: %s" % sync)
    c.notify("initialized", {})

    c.notify("notebookDocument/didOpen", {
        "notebookDocument": {"uri": NB, "notebookType": "jupyter-notebook", "version": 1,
                             "cells": [cell(C1), cell(MD, code=False), cell(C2)]},
        "cellTextDocuments": [item(C1, CELL1), {"uri": MD, "languageId": "markdown", "version": 1, "text": "# Title"},
                              item(C2, CELL2)]})
    d2 = diagnostics_until(c, C2, lambda d: True, "diagnostics of cell 2") or []
    by_code = {d["code"]: d for d in d2}
    p.check({"convert:torch.zeros", "convert:torch.nn.Linear"} <= set(by_code),
            "cell 2 knows cell 1's imports: %s" % codes(d2))
    zeros = by_code.get("convert:torch.zeros")
    if zeros:
        p.check(zeros["range"]["start"] == {"line": 0, "character": 4}, "torch.zeros at line 0 of its cell: %s" % zeros)
    linear = by_code.get("convert:torch.nn.Linear")
    if linear:
        p.check(linear["range"]["start"] == {"line": 2, "character": 8}, "nn.Linear at line 2 of its cell: %s" % linear)
    p.check(diagnostics_until(c, C1, lambda d: True, "diagnostics of cell 1") is not None, "cell 1 gets its own list")

    # Hover and a quick fix in cell 2.
    rid = c.request("textDocument/hover", {"textDocument": {"uri": C2}, "position": {"line": 0, "character": 7}})
    hover = ((c.response(rid) or {}).get("result") or {}).get("contents", {}).get("value", "")
    p.check("paddle.zeros" in hover, "hover on a cell: %r" % hover)
    if zeros:
        rid = c.request("textDocument/codeAction", {"textDocument": {"uri": C2}, "range": zeros["range"],
                                                    "context": {"diagnostics": [zeros], "only": ["quickfix"]}})
        actions = (c.response(rid) or {}).get("result") or []
        p.check(len(actions) == 1, "one quick fix: %s" % actions)
        if actions:
            changes = actions[0]["edit"]["changes"]
            fixed2 = p.apply_text_edits(CELL2, changes.get(C2, []))
            fixed1 = p.apply_text_edits(CELL1, changes.get(C1, []))
            p.check(fixed2.startswith("x = paddle.zeros([2, 3])  # 中文 😀\n") and "nn.Linear" in fixed2,
                    "the quick fix converts the call in its cell:\n" + fixed2)
            p.check("import paddle\n" in fixed1 + fixed2, "and adds the import:\n%s---\n%s" % (fixed1, fixed2))

    # Fix all == `convert` of the same notebook, cell for cell.
    rid = c.request("textDocument/codeAction", {"textDocument": {"uri": C1},
                                                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                                                "context": {"diagnostics": [], "only": ["source.fixAll"]}})
    actions = (c.response(rid) or {}).get("result") or []
    p.check([a["kind"] for a in actions] == ["source.fixAll.torch2paddle"], "the fix-all action: %s" % actions)
    if actions:
        changes = actions[0]["edit"]["changes"]
        got = [p.apply_text_edits(CELL1, changes.get(C1, [])), p.apply_text_edits(CELL2, changes.get(C2, []))]
        want = convert_with_cli([CELL1, CELL2], tmp)
        p.check(got == want, "fix-all equals convert's notebook:\n%s\n---\n%s" % (got, want))
        p.check(MD not in changes, "the markdown cell is not touched")

    # A cell's text edited.
    c.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 2},
        "change": {"cells": {"textContent": [{"document": {"uri": C2, "version": 2},
                                              "changes": [{"text": "y = torch.ones(4)\n"}]}]}}})
    d2 = diagnostics_until(c, C2, lambda d: "convert:torch.ones" in codes(d), "cell 2 after its edit")
    p.check(d2 is not None and codes(d2) == ["convert:torch.ones"], "cell 2 re-checked: %s" % d2)

    # A cell inserted that does not parse on its own: an error on that cell only.
    c.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 3},
        "change": {"cells": {"structure": {"array": {"start": 3, "deleteCount": 0, "cells": [cell(C3)]},
                                           "didOpen": [item(C3, "def f(:\n    return torch.zeros(1)\n")]}}}})
    d3 = diagnostics_until(c, C3, lambda d: len(d) > 0, "cell 3's error")
    p.check(d3 is not None and len(d3) == 1 and d3[0]["severity"] == 1 and d3[0]["range"]["start"]["line"] == 0,
            "a cell that does not parse alone is an error on it: %s" % d3)
    # ... and removed: its diagnostics cleared, the others back.
    c.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 4},
        "change": {"cells": {"structure": {"array": {"start": 3, "deleteCount": 1},
                                           "didClose": [{"uri": C3}]}}}})
    p.check(diagnostics_until(c, C3, lambda d: d == [], "cell 3 cleared") is not None, "a removed cell is cleared")
    p.check(diagnostics_until(c, C2, lambda d: "convert:torch.ones" in codes(d), "cell 2 again") is not None,
            "the notebook converts again once the bad cell is gone")

    c.notify("notebookDocument/didClose", {"notebookDocument": {"uri": NB}, "cellTextDocuments": [{"uri": C1}, {"uri": C2}]})
    for u in (C1, C2):
        p.check(diagnostics_until(c, u, lambda d: d == [], "closing clears " + u) is not None, "closing clears " + u)

    rid = c.request("shutdown", None)
    c.response(rid)
    c.notify("exit", None)
    rc = c.proc.wait(timeout=p.TIMEOUT)
    p.check(rc == 0, "exit after shutdown -> 0 (got %s)" % rc)
    if p.failures:
        print(c.proc.stderr.read().decode(errors="replace"), file=sys.stderr)
        print("%d failure(s)" % len(p.failures), file=sys.stderr)
        return 1
    print("lsp notebooks: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
