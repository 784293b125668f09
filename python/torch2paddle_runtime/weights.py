"""Converts a PyTorch checkpoint (a state_dict) into a Paddle `.pdparams` file.

What a torch key becomes in Paddle depends on the kind of layer that owns it (`fc.weight` of a
Linear is transposed, `bn.running_mean` of a BatchNorm is renamed `bn._mean`). The rules are data,
`layer_params.jsonl` (copied here from knowledge_graph/weights/ at build time); the layer kinds
come from the model (`model=`: built and walked with `named_modules()`) or from the source the
engine read (`layers=`: the table `torch2paddle weights --source` computes). Without either, a key
whose meaning depends on its layer kind is not guessed: the conversion refuses and names it.

Command line: `python3 -m torch2paddle_runtime.weights IN.pt -o OUT.pdparams ...` (what
`torch2paddle weights` runs); Python: `convert_checkpoint(...)`, `convert_state_dict(...)`,
`copy_layer_weights(torch_layer, paddle_layer)`.
"""

import argparse
import fnmatch
import importlib
import json
import os
import pickle
import re
import sys
import tempfile

import numpy as np

def _rules_file():
    """layer_params.jsonl beside this file (the build copies it there, the install too), else in
    the source tree (knowledge_graph/weights/, for running from a checkout)."""
    here = os.path.dirname(os.path.abspath(__file__))
    beside = os.path.join(here, "layer_params.jsonl")
    if os.path.exists(beside):
        return beside
    return os.path.join(here, os.pardir, os.pardir, "knowledge_graph", "weights", "layer_params.jsonl")


RULES_FILE = _rules_file()
TRANSFORMS = ("none", "transpose", "split_qkv", "split_qkv_transpose", "unsqueeze0", "drop", "unsupported")

# What happened to a key, as the report names it.
KEPT, RENAMED, TRANSPOSED, SPLIT, RESHAPED, DROPPED, UNKNOWN, AMBIGUOUS, UNSUPPORTED = (
    "kept", "renamed", "transposed", "split", "reshaped", "dropped", "unknown", "ambiguous", "unsupported")


class WeightsError(Exception):
    """A problem with the user's input (file, key, model, layer table): the message says what."""


# --- the rules ------------------------------------------------------------------------------------

class Rules:
    """layer_params.jsonl: (torch layer, torch param pattern) -> paddle param(s) and transform."""

    def __init__(self, path=RULES_FILE):
        self.by_layer = {}
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("//"):
                    continue
                try:
                    row = json.loads(line)
                except ValueError as e:
                    raise WeightsError(f"{path}:{n}: not JSON: {e}")
                for field in ("torch_layer", "torch_param", "paddle_param", "transform", "why"):
                    if field not in row:
                        raise WeightsError(f"{path}:{n}: missing field '{field}'")
                if row["transform"] not in TRANSFORMS:
                    raise WeightsError(f"{path}:{n}: transform '{row['transform']}' is not one of {', '.join(TRANSFORMS)}")
                splits = row["transform"].startswith("split")
                if splits != isinstance(row["paddle_param"], list):
                    raise WeightsError(f"{path}:{n}: a split names a list of Paddle params, any other transform one")
                self.by_layer.setdefault(row["torch_layer"], []).append(row)
        # Layers whose rules name entries of their sublayers (`out_proj.weight`).
        self.composite = {layer for layer, rows in self.by_layer.items() if any("." in r["torch_param"] for r in rows)}

    def layers(self):
        return self.by_layer.keys()

    def find(self, layer, param):
        """The rule of `layer` for its entry `param` (`weight`, `out_proj.bias`, `weight_ih_l0`), or None."""
        for row in self.by_layer.get(layer, ()):
            if fnmatch.fnmatchcase(param, row["torch_param"]):
                return row
        return None

    def candidates(self, param):
        """Every rule of any layer for the entry name `param`: what a key could become, layer unknown."""
        return [(layer, row) for layer, rows in sorted(self.by_layer.items()) for row in rows
                if fnmatch.fnmatchcase(param, row["torch_param"])]


def _paddle_names(row, param):
    """The Paddle entry name(s) of `param` under `row` (`*` in the pattern carries over)."""
    target = row["paddle_param"]
    if "*" not in row["torch_param"]:
        return target
    m = re.fullmatch(re.escape(row["torch_param"]).replace(r"\*", "(.*)"), param)
    star = m.group(1) if m else ""
    return [t.replace("*", star) for t in target] if isinstance(target, list) else target.replace("*", star)


# --- which layer owns a key ------------------------------------------------------------------------

def layer_kind(module, rules):
    """The torch layer a module is, as the rules name it (`torch.nn.Linear`), through its classes:
    a subclass of nn.Linear (torch's own NonDynamicallyQuantizableLinear, a user's) is a Linear."""
    for cls in type(module).__mro__:
        if cls.__module__.startswith("torch.nn.modules"):
            name = "torch.nn." + cls.__name__
            if name in rules.by_layer:
                return name
    return None


def _class_name(module):
    return type(module).__module__ + "." + type(module).__qualname__


def owners_from_model(model, rules):
    """state_dict key -> (module path, entry name, layer kind or None, class name), from the model."""
    owners = {}
    for path, module in model.named_modules():
        prefix = path + "." if path else ""
        kind = layer_kind(module, rules)
        # What state_dict saves: parameters and persistent buffers that are not None (`bias=False`
        # leaves a None parameter).
        names = [n for n, v in module._parameters.items() if v is not None] + [
            n for n, v in module._buffers.items()
            if v is not None and n not in getattr(module, "_non_persistent_buffers_set", ())]
        for name in names:
            owners.setdefault(prefix + name, (path, name, kind, _class_name(module)))
    # A composite layer whose rules name entries of its sublayers (MultiheadAttention's
    # out_proj.weight) claims them: the data knows its inside.
    for path, module in model.named_modules():
        kind = layer_kind(module, rules)
        if kind not in rules.composite:
            continue
        prefix = path + "." if path else ""
        for key in list(owners):
            if key.startswith(prefix) and "." in key[len(prefix):] and rules.find(kind, key[len(prefix):]):
                owners[key] = (path, key[len(prefix):], kind, _class_name(module))
    return owners


class SourceLayers:
    """The engine's table of layer attributes (`torch2paddle weights --source`): for each class of
    the sources, attribute path -> torch layer API (`fc` -> torch.nn.Linear, `features.0` ->
    torch.nn.Conv2d, `blocks.*` for a ModuleList built by a comprehension)."""

    def __init__(self, table):
        self.entries = []  # (components, api, where)
        for cls in table.get("classes", []):
            for a in cls.get("attributes", []):
                where = f"{cls.get('file', '?')}:{a.get('line', '?')} {cls.get('class') or '<module>'}.{a['name']}"
                self.entries.append((a["name"].split("."), a["api"], where))

    def kinds(self, path_parts):
        """The layer APIs the module path may be, by its most specific matching attribute paths."""
        best, found = 0, {}
        for parts, api, where in self.entries:
            n = len(parts)
            if n > len(path_parts) or n < best:
                continue
            tail = path_parts[len(path_parts) - n:]
            if all(p == "*" and t.isdigit() or p == t for p, t in zip(parts, tail)):
                if n > best:
                    best, found = n, {}
                found.setdefault(api, []).append(where)
        return found


def owner_from_source(key, source, rules):
    """(module path, entry name, layer kind or None, why) for `key` from the source table; kind None
    with a reason when the attribute name is ambiguous or not in the sources."""
    parts = key.split(".")
    # A composite layer claims its inside first (`attn` is a MultiheadAttention: `attn.out_proj.weight`
    # is its out_proj.weight), then the direct owner's attribute decides.
    for cut in range(1, len(parts)):
        kinds = source.kinds(parts[:cut])
        rest = ".".join(parts[cut:])
        if len(kinds) == 1:
            (api, wheres), = kinds.items()
            if api in rules.by_layer and "." in rest and rules.find(api, rest):
                return ".".join(parts[:cut]), rest, api, wheres[0]
    module = parts[:-1]
    if module:
        kinds = source.kinds(module)
        if len(kinds) > 1:
            return ".".join(module), parts[-1], None, "attribute '%s' is %s" % (
                module[-1], " or ".join(f"{api} ({w[0]})" for api, w in sorted(kinds.items())))
        if len(kinds) == 1:
            (api, wheres), = kinds.items()
            return ".".join(module), parts[-1], api, wheres[0]
    return ".".join(module), parts[-1], None, "no attribute of the sources names its module"


# --- the conversion ---------------------------------------------------------------------------------

def _to_numpy(key, value, notes):
    try:
        import torch
    except ImportError:  # a state_dict of numpy arrays (replay's record) needs no torch
        torch = None
    if torch is not None and isinstance(value, torch.Tensor):
        t = value.detach().cpu()
        if t.dtype == torch.bfloat16:
            notes.append(f"{key}: bfloat16 has no numpy dtype; written as float32")
            t = t.float()
        return t.numpy()  # shares the tensor's memory: the checkpoint is not copied twice
    if isinstance(value, np.ndarray):
        return value
    raise WeightsError(f"entry '{key}' is a {type(value).__name__}, not a tensor")


class Report:
    """What happened to every key: rows of (torch key, action, paddle keys, layer, detail)."""

    def __init__(self):
        self.rows = []
        self.notes = []
        self.missing = []  # model entries the checkpoint lacks (model given)

    def add(self, key, action, paddle_keys, layer, detail):
        self.rows.append({"torch": key, "action": action, "paddle": paddle_keys, "layer": layer, "detail": detail})

    def count(self, action):
        return sum(1 for r in self.rows if r["action"] == action)

    def refused(self):
        return [r for r in self.rows if r["action"] in (AMBIGUOUS, UNSUPPORTED)]

    def to_json(self):
        counts = {a: self.count(a) for a in (KEPT, RENAMED, TRANSPOSED, SPLIT, RESHAPED, DROPPED, UNKNOWN, AMBIGUOUS, UNSUPPORTED)}
        return {"keys": len(self.rows), "counts": counts, "entries": self.rows, "notes": self.notes,
                "missing_from_checkpoint": self.missing}

    def summary(self):
        """The console summary: counts; each kind of change once with its count and an example;
        every key that is ambiguous, unsupported, unknown or missing by name (the JSON report
        lists every key)."""
        c = self.to_json()["counts"]
        lines = [f"{len(self.rows)} keys: " + ", ".join(f"{n} {a}" for a, n in c.items() if n)]
        groups = {}
        for r in self.rows:
            if r["action"] in (KEPT, AMBIGUOUS, UNSUPPORTED, UNKNOWN):
                continue
            old = r["torch"].rsplit(".", 1)[-1]
            new = ", ".join(p.rsplit(".", 1)[-1] if r["action"] != SPLIT else p.split(".")[-2] + "." + p.rsplit(".", 1)[-1]
                            for p in r["paddle"]) or "-"
            groups.setdefault((r["action"], r["layer"], old, new), []).append(r)
        for (action, layer, old, new), rows in groups.items():
            name = (layer or "").replace("torch.nn.", "")
            lines.append(f"  {action:<11} {len(rows):>4} x {name} {old} -> {new}  (e.g. {rows[0]['torch']}): {rows[0]['detail']}")
        for action in (UNKNOWN, UNSUPPORTED, AMBIGUOUS):
            for r in self.rows:
                if r["action"] == action:
                    lines.append(f"  {action:<11} {r['torch']}: {r['detail']}")
        for n in self.notes:
            lines.append("  note: " + n)
        for m in self.missing:
            lines.append(f"  missing     {m}: the model has it, the checkpoint does not")
        return "\n".join(lines)


def _apply(key, module_path, param, kind, row, value, out, report, detail):
    prefix = module_path + "." if module_path else ""
    transform = row["transform"]
    if transform == "drop":
        report.add(key, DROPPED, [], kind, row["why"])
        return
    if transform == "unsupported":
        report.add(key, UNSUPPORTED, [], kind, row["why"])
        return
    names = _paddle_names(row, param)
    if transform.startswith("split"):
        if value.ndim < 1 or value.shape[0] % 3:
            raise WeightsError(f"{key}: shape {list(value.shape)} does not split in three along its first axis")
        parts = np.split(value, 3, axis=0)
        targets = [prefix + n for n in names]
        for t, v in zip(targets, parts):
            out[t] = np.ascontiguousarray(v.T) if transform == "split_qkv_transpose" else v
        report.add(key, SPLIT, targets, kind, row["why"])
        return
    target = prefix + names
    if transform == "transpose":
        if value.ndim != 2:
            raise WeightsError(f"{key}: a {kind} weight should be 2-D, it is {list(value.shape)}")
        out[target] = np.ascontiguousarray(value.T)
        report.add(key, TRANSPOSED, [target], kind, row["why"])
    elif transform == "unsqueeze0":
        out[target] = value.reshape((1,) + value.shape)
        report.add(key, RESHAPED, [target], kind, row["why"])
    else:
        out[target] = value
        report.add(key, RENAMED if target != key else KEPT, [target], kind, row["why"] if target != key else detail)


def convert_state_dict(state_dict, model=None, layers=None, rules=None, owners=None):
    """Converts a torch state_dict (tensors or numpy arrays) to Paddle's names and layouts.

    `model`: a torch.nn.Module (its modules tell each key's layer kind); `layers`: the engine's
    source table (a dict, see SourceLayers); `owners`: what owners_from_model gave for the model
    (replay records it); none of them: only keys whose every possible layer agrees
    are converted, and any 2-D weight is ambiguous. Returns (dict name -> numpy array, Report);
    the caller decides what a refusal (`report.refused()`) means.
    """
    rules = rules or Rules()
    report = Report()
    out = {}
    if owners is None and model is not None:
        owners = owners_from_model(model, rules)
    source = SourceLayers(layers) if layers is not None else None
    for key, tensor in state_dict.items():
        value = _to_numpy(key, tensor, report.notes)
        if owners is not None:
            if key not in owners:
                out[key] = value
                report.add(key, UNKNOWN, [key], None, "the model has no such entry; kept as is")
                continue
            module_path, param, kind, cls = owners[key]
            if kind is None:
                out[key] = value
                if cls.startswith("torch.nn."):  # a torch layer the rules do not know (EmbeddingBag, ...)
                    report.add(key, UNKNOWN, [key], None, f"{cls} has no rule in layer_params.jsonl; kept as is")
                else:  # the model's own parameter (a ViT's class_token): its code converts with it
                    report.add(key, KEPT, [key], None, f"an entry of {cls}, not of a torch layer: name and layout kept")
                continue
            row = rules.find(kind, param)
            if row is None:
                out[key] = value
                report.add(key, UNKNOWN, [key], kind, f"no rule for {kind}'s entry '{param}'; kept as is")
                continue
            _apply(key, module_path, param, kind, row, value, out, report, "")
            continue
        if source is not None:
            module_path, param, kind, why = owner_from_source(key, source, rules)
            if kind is not None:
                row = rules.find(kind, param)
                if row is None:
                    out[key] = value
                    report.add(key, UNKNOWN, [key], kind, f"no rule for {kind}'s entry '{param}' ({why}); kept as is")
                    continue
                _apply(key, module_path, param, kind, row, value, out, report, why)
                continue
        else:
            module_path, param = (key.rsplit(".", 1) if "." in key else ("", key))
            why = "no model and no source tell its layer"
        _by_name_only(key, module_path, param, value, out, report, rules, why)
    if owners is not None:
        have = set(state_dict)
        report.missing = sorted(k for k in owners if k not in have)
    return out, report


def _short_layers(layers):
    """`torch.nn.Conv1d`, `torch.nn.Conv2d`, `torch.nn.LazyConv2d` -> `Conv*d`: a readable list."""
    out = []
    for l in layers:
        n = l.replace("torch.nn.", "")
        if n.startswith("Lazy"):
            continue
        n = re.sub(r"[123]d$", "*d", n)
        if n not in out:
            out.append(n)
    return "/".join(out)


def _outcomes(candidates, param):
    """What an entry named `param` may become, by layer: "kept (Conv*d/...), transposed (Linear)"."""
    by = {}
    for layer, row in candidates:
        names = _paddle_names(row, param)
        t = row["transform"]
        what = {"none": "kept" if names == param else f"renamed {names}", "transpose": "transposed",
                "drop": "dropped", "unsupported": "unsupported", "unsqueeze0": "reshaped to [1, n]"}.get(t, f"split into {names}")
        by.setdefault(what, []).append(layer)
    return ", ".join(f"{what} ({_short_layers(layers)})" for what, layers in by.items())


def _by_name_only(key, module_path, param, value, out, report, rules, why):
    """The layer is unknown: convert only when every layer with an entry of this name agrees and
    the key is not a 2-D weight (Linear's is transposed, Embedding's is not: never guessed)."""
    candidates = rules.candidates(param)
    outcomes = {(json.dumps(_paddle_names(row, param)), row["transform"]) for _, row in candidates}
    if value.ndim == 2 and param.endswith("weight") or len(outcomes) > 1:
        report.add(key, AMBIGUOUS, [], None,
                   f"{why}; by its layer a '{param}' is " + (_outcomes(candidates, param) or "unknown")
                   + " (give --model or --source)")
        return
    if not candidates:
        out[key] = value
        report.add(key, UNKNOWN, [key], None, f"{why}; no layer in the rules has an entry '{param}'; kept as is")
        return
    layer, row = candidates[0]
    _apply(key, module_path, param, None, row, value, out, report,
           "every layer with this entry name converts it alike")


# --- files ------------------------------------------------------------------------------------------

def load_state_dict(path, key=None):
    """The state_dict in a torch checkpoint: the file's dict itself, or the dict under `key`."""
    try:
        import torch
    except ImportError:
        raise WeightsError("reading a torch checkpoint needs torch (Debian: python3-torch)")
    if not os.path.isfile(path):
        raise WeightsError(f"{path}: no such file")
    try:
        obj = torch.load(path, map_location="cpu")
    except Exception as e:  # torch raises many kinds for a file that is not a checkpoint
        raise WeightsError(f"{path}: not a torch checkpoint ({type(e).__name__}: {e})")
    if isinstance(obj, torch.nn.Module):
        raise WeightsError(f"{path}: holds a whole pickled model ({type(obj).__name__}), not a state_dict; "
                           "save model.state_dict() instead, or load it and pass its state_dict()")
    if not isinstance(obj, dict):
        raise WeightsError(f"{path}: holds a {type(obj).__name__}, not a state_dict (a dict of tensors)")
    if key is not None:
        if key not in obj:
            raise WeightsError(f"{path}: no key '{key}'; the file's keys are: {_key_list(obj)}")
        obj = obj[key]
        if isinstance(obj, torch.nn.Module):
            obj = obj.state_dict()
        if not isinstance(obj, dict):
            raise WeightsError(f"{path}: '{key}' holds a {type(obj).__name__}, not a state_dict")
    tensors = {k: v for k, v in obj.items() if isinstance(v, torch.Tensor)}
    if len(tensors) != len(obj):
        others = [k for k, v in obj.items() if not isinstance(v, torch.Tensor)]
        raise WeightsError(f"{path}: not a state_dict: {', '.join(map(str, others[:8]))} "
                           f"{'are' if len(others) > 1 else 'is'} not tensors; "
                           f"name the state_dict with --key (the file's keys are: {_key_list(obj)})")
    if not tensors:
        raise WeightsError(f"{path}: the state_dict is empty")
    return obj


def _key_list(obj):
    keys = [str(k) for k in obj]
    return ", ".join(keys[:20]) + (f", ... ({len(keys)} keys)" if len(keys) > 20 else "")


def build_object(spec, args=None):
    """`pkg.module:name` -> name(*args) or name(**args): the model a factory or class builds."""
    if ":" not in spec:
        raise WeightsError(f"'{spec}': name a model as pkg.module:factory_or_class")
    module_name, attr = spec.split(":", 1)
    try:
        module = importlib.import_module(module_name)
    except Exception as e:
        raise WeightsError(f"'{spec}': cannot import {module_name} ({type(e).__name__}: {e})")
    target = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise WeightsError(f"'{spec}': {module_name} has no '{attr}'")
        target = getattr(target, part)
    if args is None:
        args = []
    try:
        return target(**args) if isinstance(args, dict) else target(*args)
    except Exception as e:
        raise WeightsError(f"'{spec}': building it failed ({type(e).__name__}: {e})")


def build_structure(spec, args=None, notes=None):
    """The model `spec` builds, for its structure only (module paths, which module owns which
    entry): built with every tensor on PyTorch's `meta` device, so that no weight is allocated
    or initialised (ViT-B/16: 0.02 s instead of 2 s). A model whose constructor needs real
    values (reads a tensor, calls .item()) is built again normally."""
    try:
        import torch
        from torch.overrides import TorchFunctionMode
    except ImportError:
        return build_object(spec, args)
    factories = {getattr(torch, n) for n in ("empty", "zeros", "ones", "full", "rand", "randn", "randint", "randperm",
                                             "arange", "linspace", "logspace", "eye", "tensor", "empty_strided")
                 if hasattr(torch, n)}

    class OnMeta(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = dict(kwargs or {})
            if func in factories:
                kwargs["device"] = "meta"
            return func(*args, **kwargs)

    try:
        with OnMeta():
            return build_object(spec, args)
    except Exception as e:  # not only WeightsError: the constructor may fail on meta tensors alone
        if notes is not None:
            notes.append(f"{spec}: built with its real weights (on the meta device: {type(e).__name__}: {e})")
        return build_object(spec, args)


def write_pdparams(params, path, force=False):
    """Writes `params` (name -> numpy array) as a pickled dict, what paddle.load reads; atomically."""
    if os.path.exists(path) and not force:
        raise WeightsError(f"{path}: exists; pass --force to overwrite it")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise WeightsError(f"{path}: folder {folder} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".t2p-", suffix=".pdparams", dir=folder)
    except OSError as e:
        raise WeightsError(f"{path}: cannot write in {folder} ({e.strerror})")
    try:
        with os.fdopen(fd, "wb") as f:
            pickle.dump(params, f, protocol=4)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except OSError as e:
        raise WeightsError(f"{path}: cannot write it ({e.strerror}); nothing written")
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _write_json(data, path):
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".t2p-", suffix=".json", dir=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def convert_checkpoint(checkpoint, output, key=None, model=None, model_args=None, layers=None, report=None,
                       force=False):
    """`torch2paddle weights` as a function. Reads the torch checkpoint `checkpoint` (its state_dict,
    or the one under `key`), converts it (`model`: a torch.nn.Module or `pkg.module:factory`;
    `layers`: the engine's source table, a dict or a JSON file's path) and writes `output`
    (`.pdparams`; refuses to overwrite unless `force`). `report`: a path for the JSON report.
    Returns the Report; raises WeightsError when a key is ambiguous or unsupported (nothing written).
    """
    state = load_state_dict(checkpoint, key)
    build_notes = []
    if isinstance(model, str):
        model = build_structure(model, model_args, build_notes)
    if isinstance(layers, (str, os.PathLike)):
        with open(layers, encoding="utf-8") as f:
            layers = json.load(f)
    if os.path.exists(output) and not force:
        raise WeightsError(f"{output}: exists; pass --force to overwrite it")
    for path in (output, report):
        if path and not os.path.isdir(os.path.dirname(os.path.abspath(path))):
            raise WeightsError(f"{path}: folder {os.path.dirname(os.path.abspath(path))} does not exist")
    params, rep = convert_state_dict(state, model=model, layers=layers)
    rep.notes[:0] = build_notes
    if report:
        _write_json(rep.to_json(), report)
    refused = rep.refused()
    if refused:
        raise WeightsError(f"{checkpoint}: {len(refused)} of {len(rep.rows)} keys cannot be converted without a guess; "
                           f"nothing written\n" + refusal_text(refused))
    write_pdparams(params, output, force=force)
    return rep


def refusal_text(refused):
    """The refused keys, grouped by reason: every key named, each reason said once."""
    groups = {}
    for r in refused:
        groups.setdefault((r["action"], r["detail"]), []).append(r["torch"])
    return "\n".join(f"  {action}: {detail}\n    {', '.join(keys)}" for (action, detail), keys in groups.items())


def copy_layer_weights(torch_layer, paddle_layer):
    """Copies a torch layer's weights into its Paddle counterpart (the generated layer tests'
    helper): the state_dict converted with the layer kinds of `torch_layer.named_modules()`, then
    `paddle_layer.set_state_dict`. Raises WeightsError for an entry it cannot convert."""
    params, rep = convert_state_dict(torch_layer.state_dict(), model=torch_layer)
    refused = rep.refused()
    if refused:
        raise WeightsError("cannot copy the weights of " + type(torch_layer).__name__ + ":\n" + refusal_text(refused))
    paddle_layer.set_state_dict(params)
    return rep


# --- command line -------------------------------------------------------------------------------

def main(argv=None):
    p = argparse.ArgumentParser(prog="torch2paddle weights",
                                description="convert a torch checkpoint to a Paddle .pdparams file")
    p.add_argument("checkpoint")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--key", help="the checkpoint's entry holding the state_dict")
    p.add_argument("--model", help="pkg.module:factory_or_class building the torch model")
    p.add_argument("--args", help="constructor arguments for --model, JSON (list: positional, object: keywords)")
    p.add_argument("--layers", help="the engine's layer table of the sources (JSON file)")
    p.add_argument("--report-json", help="write the report as JSON")
    p.add_argument("--force", action="store_true", help="overwrite OUTPUT")
    p.add_argument("--quiet", action="store_true")
    a = p.parse_args(argv)
    try:
        args = json.loads(a.args) if a.args else None
    except ValueError as e:
        print(f"torch2paddle weights: --args is not JSON: {e}", file=sys.stderr)
        return 2
    sys.path.insert(0, os.getcwd())  # --model names the user's own modules
    try:
        rep = convert_checkpoint(a.checkpoint, a.output, key=a.key, model=a.model, model_args=args, layers=a.layers,
                                 report=a.report_json, force=a.force)
    except (WeightsError, OSError) as e:  # OSError: an output that cannot be written (permissions, disk full)
        print(f"torch2paddle weights: {e}", file=sys.stderr)
        return 1
    if not a.quiet:
        print(rep.summary(), file=sys.stderr)
        print(f"wrote {a.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
