"""tests: a converted notebook is a valid nbformat 4 notebook that differs from its input only in
the sources of code cells, each keeping its shape (a list of lines or one string).

Usage: /usr/bin/python3 check_notebook.py INPUT.ipynb OUTPUT.ipynb  (Debian's python3-nbformat)
"""
import json
import sys

import nbformat


def blanked(doc):
    for cell in doc["cells"]:
        cell["source"] = [] if isinstance(cell["source"], list) else ""
    return doc


def main(before_path, after_path):
    after_nb = nbformat.read(after_path, as_version=4)
    nbformat.validate(after_nb)  # raises ValidationError
    with open(before_path, encoding="utf-8") as f:
        before = json.load(f)
    with open(after_path, encoding="utf-8") as f:
        after = json.load(f)
    problems = []
    for n, (b, a) in enumerate(zip(before["cells"], after["cells"]), 1):
        if type(b["source"]) is not type(a["source"]):
            problems.append(f"cell {n}: the source changed shape")
        if b["cell_type"] != "code" and b["source"] != a["source"]:
            problems.append(f"cell {n}: a {b['cell_type']} cell changed")
        if isinstance(a["source"], list) and any(not line.endswith("\n") for line in a["source"][:-1]):
            problems.append(f"cell {n}: a line of the source list does not end with a line end")
    if blanked(before) != blanked(after):
        problems.append("the notebooks differ outside the code cells' sources")
    for p in problems:
        print(f"{after_path}: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
