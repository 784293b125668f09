"""tests: a notebook converts exactly as the Python file it was cut from.

Every golden input and corpus file that mentions torch is cut into code cells before each
top-level statement that follows a blank line (the blank line goes; each cell keeps its line end,
so the cells joined with the one line end the converter puts after each cell are the file again). Half the notebooks are written as nbformat
writes them (sources as lists of lines, UTF-8), half with single-string sources, two-space
indentation and \\u escapes. Both the files and the notebooks are converted; then each converted
notebook must validate with nbformat, differ from its input only in code-cell sources, and hold
in its cells exactly the converted Python file. Prints the figures.

Usage: /usr/bin/python3 same_as_python.py BINARY SOURCE_DIR
"""
import ast
import glob
import json
import os
import subprocess
import sys
import tempfile

import nbformat

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_notebook  # noqa: E402


def cells_of(src):
    lines = src.splitlines(keepends=True)
    starts = [min([n.lineno] + [d.lineno for d in getattr(n, "decorator_list", [])]) for n in ast.parse(src).body]
    cuts = [s for s in starts if s > 2 and lines[s - 2].strip() == ""]
    cells, at = [], 0
    for s in cuts:
        cells.append("".join(lines[at:s - 2]))  # up to the blank line, which the separator replaces
        at = s - 1
    cells.append("".join(lines[at:]))
    return cells


def notebook_of(src, index):
    cells = cells_of(src)
    if index % 2 == 0:
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
        for i, c in enumerate(nb.cells):
            c["id"] = f"c{i}"
        return nbformat.writes(nb) + "\n"
    doc = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
           "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None,
                      "outputs": [], "source": c} for i, c in enumerate(cells)]}
    return json.dumps(doc, indent=2, ensure_ascii=True)


def main(binary, root):
    sources = sorted(glob.glob(f"{root}/tests/golden/*/input.py")) + sorted(glob.glob(f"{root}/corpus/**/*.py", recursive=True))
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(f"{tmp}/py")
        os.makedirs(f"{tmp}/nb")
        names = []
        cell_count = 0
        for path in sources:
            with open(path, encoding="utf-8") as f:
                src = f.read()
            if "torch" not in src:
                continue
            name = os.path.relpath(path, root).replace("/", "__")[:-3]
            with open(f"{tmp}/py/{name}.py", "w", encoding="utf-8") as f:
                f.write(src)
            with open(f"{tmp}/nb/{name}.ipynb", "w", encoding="utf-8") as f:
                f.write(notebook_of(src, len(names)))
            cell_count += len(cells_of(src))
            names.append(name)
        for kind in ("py", "nb"):
            subprocess.run([binary, "convert", f"{tmp}/{kind}", "-o", f"{tmp}/out_{kind}", "-q"], check=False)
        failures = []
        for name in names:
            out = f"{tmp}/out_nb/{name}.ipynb"
            if check_notebook.main(f"{tmp}/nb/{name}.ipynb", out) != 0:
                failures.append(name)
                continue
            with open(out, encoding="utf-8") as f:
                cells = ["".join(c["source"]) for c in json.load(f)["cells"]]
            with open(f"{tmp}/out_py/{name}.py", encoding="utf-8") as f:
                if "\n".join(cells) != f.read():
                    print(f"{name}: the notebook's cells differ from the converted Python file")
                    failures.append(name)
        print(f"{len(names)} notebooks ({cell_count} code cells), {len(names) - len(failures)} converted exactly as their Python file, "
              f"{len(failures)} not")
        return 1 if failures or not names else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
