"""Negative corpus: lists, dicts, sets and strings with tensor-like methods.

Only the few ``# positive:`` lines touch torch.  Everything tagged
``# negative:`` is a builtin Python object and must be left alone, including
torch-looking text inside string literals.
"""

import torch
import torch.nn.functional as F


def tensor_baseline():
    t = torch.ones(4)  # positive: real tensor
    s = t.sum()  # positive: tensor method
    r = F.relu(t - 0.5)  # positive: functional call
    return s, r


def list_methods():
    xs = [5, 3, 1, 3, 2]
    pos = xs.index(3)  # negative: list.index
    dup = xs.copy()  # negative: list.copy
    dup.sort()  # negative: list.sort (in place, no dim)
    dup.reverse()  # negative: list.reverse
    count = xs.count(3)  # negative: list.count
    xs.extend([9, 8])  # negative: list.extend
    xs.insert(0, 0)  # negative: list.insert
    last = xs.pop()  # negative: list.pop
    xs.remove(5)  # negative: list.remove
    return pos, dup, count, last, xs


def dict_methods():
    cfg = {"lr": 0.1, "epochs": 3}
    overrides = {"lr": 0.01, "momentum": 0.9}
    cfg.update(overrides)  # negative: dict.update
    lr = cfg.get("lr")  # negative: dict.get
    snapshot = cfg.copy()  # negative: dict.copy
    keys = list(cfg.keys())  # negative: dict.keys
    pairs = sorted(cfg.items())  # negative: dict.items
    wd = cfg.pop("weight_decay", 0.0)  # negative: dict.pop with default
    cfg.setdefault("device", "cpu")  # negative: dict.setdefault
    return lr, snapshot, keys, pairs, wd


def string_methods():
    s = "  cat,dog,bird  "
    parts = s.strip().split(",")  # negative: str.strip / str.split
    joined = "-".join(parts)  # negative: str.join
    swapped = joined.replace("dog", "wolf")  # negative: str.replace
    where = swapped.index("w")  # negative: str.index
    starts = swapped.startswith("cat")  # negative: str.startswith
    upper = swapped.upper()  # negative: str.upper
    found = s.find("bird")  # negative: str.find
    padded = "7".zfill(3)  # negative: str.zfill
    return parts, where, starts, upper, found, padded


def path_strings(ckpt_dir):
    name = "model.pt"
    stem, ext = name.rsplit(".", 1)  # negative: str.rsplit
    full = ckpt_dir.rstrip("/") + "/" + stem + "_best." + ext  # negative: str.rstrip
    return full


def torch_in_literals():
    # the converter must not rewrite code that only lives in strings
    hint = "use torch.cat([a, b], dim=0) to join tensors"  # negative: text in a string
    template = 'x.view(x.size(0), -1)'  # negative: code inside a string literal
    log_line = f"loaded torch.load('{hint[:5]}')"  # negative: f-string text
    doc = """torch.nn.functional.relu(x) is not called here"""  # negative: triple-quoted text
    key = {"torch.float32": 4, "torch.long": 8}  # negative: dict keys that look like dtypes
    return hint, template, log_line, doc, key["torch.float32"]


def set_and_tuple():
    seen = {1, 2}
    seen.add(3)  # negative: set.add
    seen.update({4, 5})  # negative: set.update
    both = seen.union({6})  # negative: set.union
    shape = (2, 3)
    idx = shape.index(3)  # negative: tuple.index
    n = shape.count(2)  # negative: tuple.count
    return both, idx, n


def byte_strings():
    raw = b"a,b,c"
    fields = raw.split(b",")  # negative: bytes.split
    text = raw.decode("utf-8")  # negative: bytes.decode
    return fields, text.split(",")  # negative: str.split


def collect_metrics(values):
    stats = dict(max=max(values), min=min(values), sum=sum(values))  # negative: builtins max/min/sum
    total = sum(v * 2 for v in values)  # negative: builtin sum over a generator
    biggest = max(values, key=abs)  # negative: builtin max with key=
    rounded = round(total / len(values), 3)  # negative: builtin round
    as_float = float("3.5")  # negative: builtin float()
    return stats, biggest, rounded, as_float


def mixed_with_tensors():
    names = ["a", "b", "c"]
    t = torch.arange(3)  # positive: real tensor
    pos = names.index("b")  # negative: list.index
    val = t[pos].item()  # positive: tensor item
    names_copy = names.copy()  # negative: list.copy
    cloned = t.clone()  # positive: tensor method
    return val, names_copy, cloned


if __name__ == "__main__":
    print(tensor_baseline())
    print(list_methods())
    print(dict_methods())
    print(string_methods())
    print(path_strings("/tmp/ckpt/"))
    print(torch_in_literals())
    print(set_and_tuple())
    print(byte_strings())
    print(collect_metrics([1, -4, 2]))
    print(mixed_with_tensors())
