#!/usr/bin/env python3
"""Writes mappings/reexports.jsonl: PyTorch's re-exports as aliases (defining module -> public name).

  scripts/gen-reexports.py [DIST_PACKAGES]   (default /usr/lib/python3/dist-packages)

Reads the `from .module import A, B` lines of the package __init__.py files listed below in an
installed PyTorch/torchvision (Debian's python3-torch 1.13.1, python3-torchvision 0.14.1) and
writes one alias per name whose public id has a record in the graph and whose defining id has
neither a record nor an alias yet. Rerun after an import of the docs or PaConvert.
"""
import ast, json, pathlib, re, sys

root = pathlib.Path(__file__).resolve().parent.parent
dist = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/python3/dist-packages")
# package whose __init__ re-exports -> its public prefix
packages = ["torch.nn", "torch.nn.modules", "torch.utils.data", "torch.optim", "torch.distributions",
            "torch.nn.utils", "torch.autograd", "torchvision.ops", "torchvision.models", "torchvision.datasets",
            "torchvision.transforms", "torch.utils.data.datapipes", "torch.ao.quantization", "torch.quantization", "torch.ao.nn", "torch.nn.quantized"]
public = {"torch.nn.modules": "torch.nn"}  # torch/nn/__init__.py: `from .modules import *`


def read(path):
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.split("//", 1)[0].strip() if line.lstrip().startswith("//") else line.strip()
        if line:
            out.append(json.loads(line))
    return out


records, aliases = set(), set()
for f in (root / "knowledge_graph" / "edges").glob("*.jsonl"):
    for j in read(f):
        if "alias" in j: aliases.add(j["alias"])
        elif "torch" in j: records.add(j["torch"])
alias_target = {}
for f in (root / "knowledge_graph" / "edges").glob("*.jsonl"):
    for j in read(f):
        if "alias" in j: alias_target[j["alias"]] = j["canonical"]
for j in read(root / "knowledge_graph" / "paconvert" / "aliases.jsonl"):
    aliases.add(j["alias"])
    alias_target.setdefault(j["alias"], j["canonical"])
for j in read(root / "knowledge_graph" / "paconvert" / "edges.jsonl"): records.add(j["torch"])
for f in (root / "mappings").glob("*.jsonl"):
    if f.name == "reexports.jsonl": continue
    for j in read(f):
        if "torch" in j: records.add(j["torch"])
for f in (root / "rules").glob("*.jsonl"):
    for j in read(f): records.add(j["id"])

# Every module-level `from M import N` of a file of these packages makes `file_module.N` the same
# object as `M.N`; `from .modules import *` (torch/nn/__init__.py) makes `torch.nn.N` the same
# as `torch.nn.modules.N`. Names joined so form classes of one object each.
parent = {}


def find(x):
    parent.setdefault(x, x)
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


why = {}
star = []
exported = {}  # module -> its literal __all__
for pkg in packages:
    base = dist / pkg.replace(".", "/")
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(dist).with_suffix("")
        parts = list(rel.parts)
        is_init = parts[-1] == "__init__"
        if is_init: parts = parts[:-1]
        modname = ".".join(parts)
        package = modname if is_init else ".".join(parts[:-1])
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id == "__all__" and isinstance(node.value, (ast.List, ast.Tuple))):
                exported[modname] = {e.value for e in node.value.elts if isinstance(e, ast.Constant)}
        rebound = set()  # names the module binds again: not the imported object everywhere
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)): rebound.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                    rebound.update(x.id for x in ast.walk(t) if isinstance(x, ast.Name))
        seen = set()
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for a in node.names:
                    n = (a.asname or a.name).split(".")[0]
                    if n in seen: rebound.add(n)
                    seen.add(n)
        for node in tree.body:
            if not isinstance(node, ast.ImportFrom): continue
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(up + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if not (module.startswith("torch") or module.startswith("torchvision")): continue
            for a in node.names:
                if a.name == "*":
                    star.append((modname, module))
                    continue
                if (a.asname or a.name) in rebound: continue
                sub = dist / module.replace(".", "/") / a.name
                if sub.is_dir() or sub.with_suffix(".py").exists(): continue  # a module (`from torch import nn`)
                local, target = f"{modname}.{a.asname or a.name}", f"{module}.{a.name}"
                why.setdefault(local, f"{path.relative_to(dist)}: from {'.' * node.level}{node.module or ''} import {a.name}")
                parent[find(local)] = find(target)
                why.setdefault(target, f"{path.relative_to(dist)}: from {'.' * node.level}{node.module or ''} import {a.name}")
names = list(parent)
for importer, module in star:
    for n in names:
        short = n[len(module) + 1:]
        if n.startswith(module + ".") and "." not in short and not short.startswith("_") and (
                module not in exported or short in exported[module]):
            local = f"{importer}.{n[len(module) + 1:]}"
            why.setdefault(local, f"{importer.replace('.', '/')}/__init__.py: from {module} import *")
            parent[find(local)] = find(n)
classes = {}
for n in list(parent):
    classes.setdefault(find(n), []).append(n)
modules = set()
for f in (root / "knowledge_graph" / "apis").glob("*.jsonl"):
    for j in read(f):
        if j.get("kind") == "module": modules.add(j["id"])
lines = {}
for members in classes.values():
    targets = {alias_target.get(m, m) for m in members if m in records or m in alias_target}
    targets = {t for t in targets if t in records}
    if len(targets) != 1: continue  # no record, or two records: not ours to join
    canonical = targets.pop()
    if canonical in modules or canonical.rsplit(".", 1)[-1].startswith("_"): continue  # `nn` in a module's namespace
    for m in members:
        if m == canonical or m in records or m in aliases or m not in why: continue
        lines[m] = {"alias": m, "canonical": canonical, "reason": why[m]}
out = root / "mappings" / "reexports.jsonl"
with open(out, "w", encoding="utf-8") as f:
    f.write("// PyTorch's re-exports: a class or function named by its defining module is the public one\n")
    f.write("// (written by scripts/gen-reexports.py from python3-torch 1.13.1, python3-torchvision 0.14.1).\n")
    for k in sorted(lines):
        f.write(json.dumps(lines[k], separators=(",", ":")) + "\n")
print(f"{out}: {len(lines)} aliases")
