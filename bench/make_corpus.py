#!/usr/bin/env python3
"""Generates the benchmark corpus: realistic, varied PyTorch code in nested folders.

Usage: make_corpus.py CORPUS_DIR OUT_DIR [--lines N] [--seed S] [--manifest PATH]

Seeds are corpus/demo/**/*.py and corpus/negative/*.py (copied once as they are). Every other file
is a seed variant plus generated code:
  - identifiers renamed (consistently within a file; attributes, keywords, imports untouched),
  - top-level definitions reordered (a class stays after the classes it derives from),
  - layer types and APIs swapped within groups of mapped APIs (Conv1d/Conv2d/Conv3d,
    torch.cat/stack, torch.zeros/ones/randn, .sum/.mean, ...),
  - numbers changed (channel widths, kernel sizes, learning rates),
  - generated nn.Module classes, tensor helpers, training loops and datasets appended until the
    file has 150-400 lines.
About 5% of the files are pure Python with no "torch" byte at all (the converter's byte-scan skip).
Output is deterministic for a given seed. Every file is checked to parse with python3's ast.
With --manifest, the run is skipped when the manifest says the same inputs were already generated.
"""
import argparse
import ast
import builtins
import hashlib
import io
import json
import keyword
import pathlib
import random
import re
import shutil
import sys
import tokenize

FORMAT_VERSION = 1

# --------------------------------------------------------------------------------------------
# vocabulary
# --------------------------------------------------------------------------------------------
WORDS = ("feat hidden proj attn score logit mask embed token pixel patch query key value gate res "
         "skip norm block stage head enc dec ctx state weight grad loss target pred prob label batch "
         "sample frame audio spec seq pos span window chunk pool scale offset anchor box depth flow "
         "mel voxel graph node edge route expert prior latent noise step phase mix fuse branch").split()
CLASS_WORDS = ("Residual Dense Sparse Gated Shallow Deep Light Wide Causal Local Global Spatial Temporal "
               "Channel Cross Self Multi Fused Dual Tiny Conv Linear Attention Mixer Encoder Decoder "
               "Head Block Stem Neck Bridge Router Expert Adapter Projector Pooler Tokenizer").split()
DIRS = ("models layers blocks heads losses data datasets training engine utils ops vision nlp audio "
        "detection segmentation generation retrieval experiments research tools eval serving").split()
TOP_DIRS = ("project_alpha project_beta lab_code recsys speech vision_suite nlp_suite legacy "
            "platform contrib").split()

# API groups: within one file, each member of a group may be replaced by another member.
# Patterns end where the call's '(' starts, so `torch.zeros` never matches `torch.zeros_like`.
API_GROUPS = [
    ["nn.Conv1d", "nn.Conv2d", "nn.Conv3d"],
    ["nn.BatchNorm1d", "nn.BatchNorm2d", "nn.LayerNorm", "nn.InstanceNorm2d"],
    ["nn.Dropout", "nn.Dropout2d"],
    ["nn.MaxPool2d", "nn.AvgPool2d"],
    ["nn.MSELoss", "nn.L1Loss", "nn.SmoothL1Loss"],
    ["torch.cat", "torch.stack"],
    ["torch.zeros", "torch.ones", "torch.randn", "torch.rand", "torch.empty"],
    ["torch.zeros_like", "torch.ones_like", "torch.randn_like"],
    ["torch.sum", "torch.mean"],
    ["torch.matmul", "torch.mm", "torch.bmm"],
    ["torch.sigmoid", "torch.tanh", "torch.exp"],
    ["torch.maximum", "torch.minimum"],
    ["F.relu", "F.gelu", "F.silu"],
    ["F.softmax", "F.log_softmax"],
    ["F.mse_loss", "F.l1_loss", "F.smooth_l1_loss"],
    ["F.max_pool2d", "F.avg_pool2d"],
    ["optim.Adam", "optim.AdamW", "optim.RMSprop"],
    [".sum", ".mean"],
    [".view", ".reshape"],
    [".max", ".min"],
    [".unsqueeze", ".squeeze"],
]
ACTIVATIONS_NOARG = ["nn.ReLU()", "nn.GELU()", "nn.SiLU()", "nn.Tanh()", "nn.Sigmoid()", "nn.Mish()"]
ACTIVATIONS_INPLACE = ["nn.ReLU(inplace=True)", "nn.SiLU(inplace=True)", "nn.ReLU6(inplace=True)"]

RESERVED = set(dir(builtins)) | set(keyword.kwlist) | {"self", "cls", "torch", "nn", "F", "np", "pd",
                                                        "math", "optim", "super", "__name__"}


# --------------------------------------------------------------------------------------------
# transformations of seed files
# --------------------------------------------------------------------------------------------
def _tokens(text):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _fresh_name(rng, old, taken):
    for _ in range(100):
        if old[:1].isupper() and not old.isupper():
            new = rng.choice(CLASS_WORDS) + rng.choice(CLASS_WORDS)
        elif old.isupper():
            new = "_".join(rng.sample(WORDS, 2)).upper()
        else:
            new = "_".join(rng.sample(WORDS, rng.choice([1, 2, 2]))) + rng.choice(["", "", "s", "_out", "_in", "2"])
        if old.startswith("_") and not old.startswith("__"):
            new = "_" + new
        if new not in taken and new not in RESERVED:
            taken.add(new)
            return new
    return None


def rename_identifiers(text, rng, share=0.6):
    """Renames a share of the names the file defines; every occurrence changes, attributes do not."""
    tree = ast.parse(text)
    imported, keywords_used, class_level, candidates = set(), set(), set(), set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            candidates.add(node.name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                imported.add((a.asname or a.name).split(".")[0])
                imported.add(a.name.split(".")[0])
        elif isinstance(node, ast.keyword) and node.arg:
            keywords_used.add(node.arg)
        elif isinstance(node, ast.ClassDef):
            for stmt in node.body:  # class attributes and methods are reached through attributes
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    class_level.add(stmt.name)
                for sub in ast.walk(stmt) if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)) else []:
                    if isinstance(sub, ast.Name):
                        class_level.add(sub.id)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            candidates.add(node.id)
        elif isinstance(node, ast.arg):
            candidates.add(node.arg)
        elif isinstance(node, ast.Global) or isinstance(node, ast.Nonlocal):
            candidates.update(node.names)
    names = sorted(n for n in candidates if n not in RESERVED and n not in imported and
                   n not in keywords_used and n not in class_level and not n.startswith("__"))
    toks = _tokens(text)
    taken = {t.string for t in toks if t.type == tokenize.NAME}
    mapping = {}
    for n in names:
        if rng.random() < share:
            new = _fresh_name(rng, n, taken)
            if new:
                mapping[n] = new
    if not mapping:
        return text
    lines = text.splitlines(keepends=True)
    edits = []  # (row, col, end_col, new)
    word = re.compile(r"\b(" + "|".join(map(re.escape, sorted(mapping, key=len, reverse=True))) + r")\b")
    prev = None
    for t in toks:
        if t.type == tokenize.NAME and t.string in mapping and not (prev is not None and prev.string == "."):
            edits.append((t.start[0], t.start[1], t.end[1], mapping[t.string]))
        elif t.type == tokenize.STRING and t.start[0] == t.end[0] and re.match(r"(?i)r?fr?['\"]", t.string):
            # f-string: rename inside the replacement fields only
            new = re.sub(r"\{[^{}]*\}", lambda m: word.sub(lambda w: mapping[w.group(1)], m.group(0)), t.string)
            if new != t.string:
                edits.append((t.start[0], t.start[1], t.end[1], new))
        if t.type not in (tokenize.NL, tokenize.COMMENT):
            prev = t
    for row, col, end, new in sorted(edits, reverse=True):
        l = lines[row - 1]
        lines[row - 1] = l[:col] + new + l[end:]
    return "".join(lines)


def _def_time_names(node):
    """Names a top-level definition needs when it is executed (bases, decorators, defaults)."""
    exprs = list(getattr(node, "decorator_list", []))
    if isinstance(node, ast.ClassDef):
        exprs += node.bases + [k.value for k in node.keywords]
    else:
        exprs += node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
    return {n.id for e in exprs for n in ast.walk(e) if isinstance(n, ast.Name)}


def reorder_toplevel(text, rng):
    """Shuffles runs of consecutive top-level defs/classes (with their leading comments)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    chunks, prev_end = [], 0
    for node in tree.body:
        chunks.append((node, lines[prev_end:node.end_lineno]))
        prev_end = node.end_lineno
    tail = lines[prev_end:]
    out, run = [], []

    def flush():
        if len(run) > 1:
            defined = {n.name: i for i, (n, _) in enumerate(run)}
            order = list(range(len(run)))
            rng.shuffle(order)
            placed, result = set(), []
            while order:  # topological order, random among the ready ones
                for k, i in enumerate(order):
                    needs = {defined[n] for n in _def_time_names(run[i][0]) if n in defined} - {i}
                    if needs <= placed:
                        result.append(order.pop(k))
                        placed.add(result[-1])
                        break
                else:
                    result += order
                    order = []
            for i in result:
                body = run[i][1]
                if body and body[0].strip():  # keep a blank line between definitions
                    body = ["\n", "\n"] + body
                out.extend(body)
        else:
            for _, body in run:
                out.extend(body)
        run.clear()

    for node, body in chunks:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            run.append((node, body))
        else:
            flush()
            out.extend(body)
    flush()
    return "".join(out + tail)


def swap_apis(text, rng, share=0.7):
    """Replaces calls within API groups, with one random mapping per group and file."""
    mapping = {}
    for group in API_GROUPS:
        if rng.random() < share:
            for member in group:
                mapping[member] = rng.choice(group)
    for group in (ACTIVATIONS_NOARG, ACTIVATIONS_INPLACE):
        if rng.random() < share:
            for member in group:
                mapping[member] = rng.choice(group)
    calls = sorted((k for k in mapping if not k.endswith(")")), key=len, reverse=True)
    exact = sorted((k for k in mapping if k.endswith(")")), key=len, reverse=True)
    if exact:
        text = re.sub("|".join(map(re.escape, exact)), lambda m: mapping[m.group(0)], text)
    if calls:
        functions = [k for k in calls if not k.startswith(".")]
        if functions:
            pattern = r"(?<![\w])(" + "|".join(map(re.escape, functions)) + r")(?=\()"
            text = re.sub(pattern, lambda m: mapping[m.group(1)], text)
        methods = [k for k in calls if k.startswith(".")]
        if methods:
            mp = r"(?<=[\w\)\]])(" + "|".join(re.escape(k) for k in methods) + r")(?=\()"
            text = re.sub(mp, lambda m: mapping[m.group(1)], text)
    return text


_POW2 = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096]
_SMALL_FLOATS = ["0.1", "0.2", "0.25", "0.5", "0.05", "0.9", "0.99", "0.01", "0.3", "0.02"]
_EXP_FLOATS = ["1e-3", "3e-4", "1e-4", "5e-5", "1e-5", "1e-6", "2e-5", "5e-4"]


def vary_numbers(text, rng, share=0.35):
    lines = text.splitlines(keepends=True)
    edits = []
    for t in _tokens(text):
        if t.type != tokenize.NUMBER or rng.random() >= share:
            continue
        s = t.string
        if re.fullmatch(r"[1-9][0-9]*", s):
            v = int(s)
            if v < 3:
                continue
            if v in _POW2:
                new = str(max(2, v * rng.choice([2, 2, 1, 1]) // rng.choice([1, 2])))
            elif v < 10:
                new = str(rng.choice([3, 5, 7, v]))
            else:
                new = str(max(3, v + rng.randint(-v // 4, v // 4)))
        elif re.fullmatch(r"0\.[0-9]+", s):
            new = rng.choice(_SMALL_FLOATS)
        elif re.fullmatch(r"[0-9]e-[0-9]+", s):
            new = rng.choice(_EXP_FLOATS)
        else:
            continue
        if t.start[0] == t.end[0]:
            edits.append((t.start[0], t.start[1], t.end[1], new))
    for row, col, end, new in sorted(edits, reverse=True):
        l = lines[row - 1]
        lines[row - 1] = l[:col] + new + l[end:]
    return "".join(lines)


# --------------------------------------------------------------------------------------------
# generated code
# --------------------------------------------------------------------------------------------
class Gen:
    def __init__(self, rng, taken):
        self.rng = rng
        self.taken = taken  # top-level names of the file

    def var(self):
        return "_".join(self.rng.sample(WORDS, self.rng.choice([1, 2])))

    def top_name(self, style):
        r = self.rng
        for i in range(1000):
            if style == "class":
                n = r.choice(CLASS_WORDS) + r.choice(CLASS_WORDS) + r.choice(["", "Net", "Module", "Layer", "Block", ""])
            else:
                n = r.choice(["compute", "build", "make", "apply", "merge", "split", "encode", "decode",
                              "score", "normalize", "pool", "gather", "mask", "update", "init", "run"]) + \
                    "_" + "_".join(r.sample(WORDS, r.choice([1, 2])))
            if i > 50:
                n += str(i)
            if n not in self.taken and n not in RESERVED:
                self.taken.add(n)
                return n
        raise RuntimeError("no fresh name")

    def comment(self, indent):
        r = self.rng
        text = r.choice([
            "shapes: (batch, channels, height, width)", "keep the residual path in float32",
            "TODO: fuse these two ops once the kernel lands", "see the paper, section 3.2",
            "the mask is 1 for valid positions", "avoid division by zero", "warm start from the stem",
            "broadcast over the sequence dimension", "this matches the reference implementation",
            "NOTE: order matters for checkpoint compatibility", "cheap approximation, good enough here",
            "(N, L, D) -> (N, D, L)", "reduce over the spatial dimensions", "clip to a safe range",
        ])
        return f"{indent}# {text}"

    def layer(self, cin, chid, cout, p):
        r = self.rng
        k = r.choice([1, 3, 3, 5, 7])
        return r.choice([
            f"nn.Conv2d({cin}, {chid}, kernel_size={k}, padding={k // 2})",
            f"nn.Conv2d({chid}, {chid}, {k}, stride={r.choice([1, 2])}, padding={k // 2}, bias=False)",
            f"nn.Conv1d({cin}, {chid}, kernel_size={k}, padding={k // 2})",
            f"nn.Linear({chid}, {cout})",
            f"nn.Linear({cin}, {chid}, bias={r.choice(['True', 'False'])})",
            f"nn.BatchNorm2d({chid})",
            f"nn.BatchNorm1d({chid}, momentum={r.choice(['0.1', '0.01'])})",
            f"nn.LayerNorm({chid}, eps={r.choice(['1e-5', '1e-6'])})",
            f"nn.GroupNorm({r.choice([4, 8, 16])}, {chid})",
            f"nn.Dropout({p})", f"nn.Dropout(p={p})",
            r.choice(ACTIVATIONS_NOARG), r.choice(ACTIVATIONS_INPLACE),
            f"nn.Embedding({r.choice([1000, 32000, 50257])}, {chid}, padding_idx=0)",
            f"nn.LSTM({chid}, {chid}, num_layers={r.choice([1, 2])}, batch_first=True)",
            f"nn.GRU({chid}, {chid}, batch_first=True, bidirectional={r.choice(['True', 'False'])})",
            f"nn.MultiheadAttention({chid}, num_heads={r.choice([4, 8])}, dropout={p}, batch_first=True)",
            f"nn.Sequential(nn.Linear({chid}, {chid} * 4), {r.choice(ACTIVATIONS_NOARG)}, nn.Linear({chid} * 4, {chid}))",
            f"nn.ModuleList([nn.Linear({chid}, {chid}) for _ in range({r.choice([2, 3, 4])})])",
            f"nn.AdaptiveAvgPool2d(1)", f"nn.MaxPool2d(kernel_size=2, stride=2)", "nn.Flatten()",
            "nn.Identity()", f"nn.ConvTranspose2d({chid}, {cout}, kernel_size=2, stride=2)",
            f"nn.Upsample(scale_factor=2, mode=\"{r.choice(['nearest', 'bilinear'])}\")",
            f"nn.PixelShuffle(2)", f"nn.Softmax(dim=-1)",
        ])

    def forward_stmt(self, x, attrs, indent):
        r = self.rng
        a = r.choice(attrs) if attrs else None
        b = self.var()
        opts = [
            [f"{x} = self.{a}({x})"] if a else [f"{x} = {x} * 2"],
            [f"{x} = F.{r.choice(['relu', 'gelu', 'silu', 'elu', 'leaky_relu'])}({x})"],
            [f"{x} = torch.sigmoid({x}) * {x}"],
            [f"{x} = {x}.view({x}.size(0), -1)"],
            [f"{x} = {x}.reshape({x}.shape[0], -1, {x}.shape[-1])"],
            [f"{x} = {x}.permute(0, 2, 1).contiguous()"],
            [f"{x} = {x}.transpose(1, 2)"],
            [f"{x} = torch.cat([{x}, {x}.mean(dim=1, keepdim=True)], dim=1)"],
            [f"{b} = {x}", f"{x} = self.{a}({x}) + {b}" if a else f"{x} = {x} + {b}"],
            [f"{x} = F.dropout({x}, p={r.choice(['0.1', '0.2', 'self.p'])}, training=self.training)"],
            [f"{x} = {x}.flatten(1)"],
            [f"{b} = torch.matmul({x}, {x}.transpose(-2, -1)) / ({x}.size(-1) ** 0.5)",
             f"{b} = {b}.masked_fill(mask == 0, float(\"-inf\")) if mask is not None else {b}",
             f"{x} = torch.matmul(F.softmax({b}, dim=-1), {x})"],
            [f"{x} = {x}.unsqueeze(1).squeeze(1)"],
            [f"with torch.no_grad():", f"{indent}    self.{b}_stat = {x}.detach().abs().mean().item()"],
            [f"if self.training:", f"{indent}    {x} = {x} + torch.randn_like({x}) * {r.choice(['0.01', '0.05', '1e-3'])}"],
            [f"{x} = torch.clamp({x}, min=-{r.choice([5, 10, 30])}.0, max={r.choice([5, 10, 30])}.0)"],
            [f"{x} = F.layer_norm({x}, {x}.shape[-1:])"],
            [f"{x} = F.interpolate({x}, scale_factor=2, mode=\"nearest\")"],
            [f"{x} = F.normalize({x}, dim=-1)"],
            [f"{b} = torch.zeros({x}.size(0), {r.choice([8, 16, 64])}, device={x}.device, dtype={x}.dtype)",
             f"{x} = torch.cat([{x}.flatten(1), {b}], dim=-1)"],
            [f"{x} = {x}.float().to({x}.device)"],
            [f"{x} = torch.where({x} > 0, {x}, {x} * {r.choice(['0.01', '0.1', '0.2'])})"],
            [f"{x} = {x}.chunk(2, dim=-1)[0]"],
        ]
        lines = [f"{indent}{s}" if not s.startswith(indent + "    ") else s for s in r.choice(opts)]
        return lines

    def module_class(self):
        r = self.rng
        name = self.top_name("class")
        cin, chid, cout = r.choice([3, 16, 32, 64]), r.choice([64, 128, 256, 512, 768]), r.choice([10, 100, 256, 1000])
        p = r.choice(["0.0", "0.1", "0.2", "0.3", "0.5"])
        attrs = list(dict.fromkeys(self.var() for _ in range(r.randint(3, 8))))
        out = [f"class {name}(nn.Module):",
               f'    """{r.choice(CLASS_WORDS)} {r.choice(CLASS_WORDS).lower()} with {len(attrs)} sub-layers."""', "",
               f"    def __init__(self, in_channels={cin}, hidden={chid}, out_features={cout}, p={p}):",
               f"        super().__init__()", "        self.p = p"]
        for a in attrs:
            if r.random() < 0.2:
                out.append(self.comment("        "))
            out.append(f"        self.{a} = {self.layer('in_channels', 'hidden', 'out_features', 'p')}")
        if r.random() < 0.4:
            out.append(f"        self.scale = nn.Parameter(torch.ones(1, hidden))")
        if r.random() < 0.3:
            out.append(f"        self.register_buffer(\"running\", torch.zeros(hidden))")
        out += ["", f"    def forward(self, x, mask=None):"]
        if r.random() < 0.5:
            out.append(f'        """{r.choice(["x: (N, C, H, W)", "x: (batch, seq, dim)", "Returns logits."])}"""')
        for _ in range(r.randint(4, 12)):
            if r.random() < 0.15:
                out.append(self.comment("        "))
            out += self.forward_stmt("x", attrs, "        ")
        out.append("        return x")
        if r.random() < 0.4:
            out += ["", "    @torch.no_grad()", "    def reset_parameters(self):",
                    "        for m in self.modules():",
                    "            if isinstance(m, (nn.Conv2d, nn.Linear)):",
                    f"                nn.init.{r.choice(['kaiming_normal_', 'xavier_uniform_', 'trunc_normal_'])}(m.weight)",
                    "                if m.bias is not None:", "                    nn.init.zeros_(m.bias)"]
        return out

    def tensor_fn(self):
        r = self.rng
        name = self.top_name("fn")
        x, y = r.sample(["pred", "logits", "feats", "x", "inputs", "emb", "scores", "hidden"], 2)
        out = [f"def {name}({x}, {y}, eps={r.choice(['1e-6', '1e-8', '1e-5'])}, dim=-1):"]
        if r.random() < 0.6:
            out.append(f'    """{r.choice(["Compute a normalized similarity.", "Masked reduction helper.", "Loss term used by the trainer.", "Numerically stable version."])}"""')
        v_prev = x
        for _ in range(r.randint(4, 11)):
            v = self.var()
            n = r.choice([2, 4, 8, 16, 32, 128])
            stmt = r.choice([
                f"{v} = torch.zeros({n}, {x}.size(-1), device={x}.device)",
                f"{v} = torch.sum({v_prev} * {y}, dim=dim)",
                f"{v} = ({v_prev} - {y}).abs().mean()",
                f"{v} = torch.where({v_prev} > 0, {v_prev}, torch.zeros_like({v_prev}))",
                f"{v} = torch.stack([{v_prev}, {y}], dim=0)",
                f"{v} = {v_prev}.argmax(dim=-1)",
                f"{v}, _ = torch.max({v_prev}, dim=-1)",
                f"{v} = torch.topk({v_prev}, k={r.choice([1, 5, 10])}, dim=-1).values",
                f"{v} = F.one_hot({y}.long(), num_classes={n}).float()",
                f"{v} = torch.exp(-{v_prev}.clamp(min=0))",
                f"{v} = torch.norm({v_prev}, dim=-1, keepdim=True)",
                f"{v} = {v_prev} / {v_prev}.norm(dim=-1, keepdim=True).clamp(min=eps)",
                f"{v} = torch.einsum(\"bik,bkj->bij\", {v_prev}, {y})",
                f"{v} = torch.arange({n}, device={x}.device).unsqueeze(0)",
                f"{v} = {v_prev}.new_zeros(({n},))",
                f"{v} = torch.randn({n}, {n}) * {r.choice(['0.02', '0.1'])}",
                f"{v} = torch.tensor([{r.random():.3f}, {r.random():.3f}, {r.random():.3f}])",
                f"{v} = torch.log(torch.clamp({v_prev}, min=eps))",
                f"{v} = F.cross_entropy({v_prev}, {y}, reduction=\"none\")",
                f"{v} = F.softmax({v_prev}, dim=dim)",
                f"{v} = torch.mean({v_prev}, dim=0)",
                f"{v} = {v_prev}.sum(dim=1)",
                f"{v} = torch.matmul({v_prev}, {y}.t())",
                f"{v} = torch.cat([{v_prev}, {y}], dim=dim)",
                f"{v} = {v_prev}.detach().cpu().numpy()",
                f"{v} = torch.from_numpy(np.asarray({v_prev}, dtype=np.float32))",
                f"{v} = {v_prev}.size(0)",
                f"{v} = {v_prev}.unsqueeze(-1).expand(-1, -1, {n})",
                f"{v} = {v_prev}.repeat(1, {r.choice([2, 3])})",
                f"{v} = math.sqrt({v_prev}.shape[-1])",
                f"{v} = torch.sqrt(torch.pow({v_prev}, 2).sum(dim=dim) + eps)",
            ])
            if r.random() < 0.2:
                out.append(self.comment("    "))
            out.append("    " + stmt)
            v_prev = v
        out.append(f"    return {v_prev}")
        return out

    def train_fn(self):
        r = self.rng
        name = self.top_name("fn").replace("compute", "train", 1)
        opt = r.choice(["torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)",
                        "torch.optim.Adam(model.parameters(), lr=lr, betas=(0.9, 0.999))",
                        "torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, nesterov=True)",
                        "optim.AdamW(model.parameters(), lr=lr)"])
        sched = r.choice(["torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)",
                          "torch.optim.lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.1)",
                          "optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.95)"])
        crit = r.choice(["nn.CrossEntropyLoss(label_smoothing=0.1)", "nn.CrossEntropyLoss()", "nn.MSELoss()",
                         "nn.BCEWithLogitsLoss()", "nn.L1Loss(reduction=\"mean\")"])
        out = [f"def {name}(model, loader, epochs={r.choice([3, 10, 30, 90])}, lr={r.choice(_EXP_FLOATS)}, device=\"cuda\"):",
               f'    """Train `model` for `epochs` epochs and return the mean loss of the last one."""',
               f"    optimizer = {opt}", f"    scheduler = {sched}", f"    criterion = {crit}",
               "    model.to(device)", "    total = 0.0", "    for epoch in range(epochs):", "        model.train()",
               "        total = 0.0", "        for step, (inputs, targets) in enumerate(loader):",
               "            inputs, targets = inputs.to(device), targets.to(device)",
               "            optimizer.zero_grad()", "            logits = model(inputs)",
               "            loss = criterion(logits, targets)", "            loss.backward()"]
        if r.random() < 0.6:
            out.append(f"            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm={r.choice(['1.0', '5.0'])})")
        out += ["            optimizer.step()", "            total += loss.item()",
                f"            if step % {r.choice([10, 50, 100])} == 0:",
                "                print(f\"epoch {epoch} step {step}: loss {loss.item():.4f}\")",
                "        scheduler.step()"]
        if r.random() < 0.6:
            out += ["        model.eval()", "        correct, seen = 0, 0", "        with torch.no_grad():",
                    "            for inputs, targets in loader:",
                    "                preds = model(inputs.to(device)).argmax(dim=1)",
                    "                correct += (preds == targets.to(device)).sum().item()",
                    "                seen += targets.size(0)",
                    "        print(f\"epoch {epoch}: accuracy {correct / max(seen, 1):.3f}\")"]
        if r.random() < 0.5:
            out.append(f"    torch.save({{\"model\": model.state_dict(), \"optimizer\": optimizer.state_dict()}}, \"{self.var()}.pt\")")
        out.append("    return total / max(len(loader), 1)")
        return out

    def dataset_class(self):
        r = self.rng
        name = self.top_name("class") + "Dataset"
        self.taken.add(name)
        n, d, k = r.choice([256, 1000, 4096]), r.choice([16, 32, 128]), r.choice([2, 10, 100])
        out = [f"class {name}(Dataset):", f'    """Synthetic {r.choice(WORDS)} data: {n} samples of dimension {d}."""', "",
               f"    def __init__(self, n={n}, dim={d}, num_classes={k}, seed={r.randint(0, 9999)}):",
               "        torch.manual_seed(seed)", "        self.x = torch.randn(n, dim)",
               "        self.y = torch.randint(0, num_classes, (n,))"]
        if r.random() < 0.5:
            out += ["        # standardise the features once", "        mean = self.x.mean(dim=0, keepdim=True)",
                    "        std = self.x.std(dim=0, keepdim=True)", "        self.x = (self.x - mean) / (std + 1e-6)"]
        out += ["", "    def __len__(self):", "        return len(self.x)", "",
                "    def __getitem__(self, index):", "        return self.x[index], self.y[index]", "", "",
                f"def make_{name.lower()}_loader(batch_size={r.choice([16, 32, 64, 256])}, shuffle=True):",
                f"    dataset = {name}()",
                f"    return DataLoader(dataset, batch_size=batch_size, shuffle=shuffle, num_workers={r.choice([0, 2, 4])}, drop_last=True)"]
        self.taken.add(f"make_{name.lower()}_loader")
        return out

    def pure_fn(self):
        """Plain Python: no torch, no tensor-looking code (and never the bytes 't','o','r','c','h' in a row)."""
        r = self.rng
        name = self.top_name("fn")
        a, b = self.var(), self.var()
        body = r.choice([
            [f"def {name}(items, sep=\",\"):", f'    """Split, strip and de-duplicate {r.choice(WORDS)} names."""',
             "    seen, out = set(), []", "    for item in items:", "        for part in item.split(sep):",
             "            part = part.strip().lower()", "            if part and part not in seen:",
             "                seen.add(part)", "                out.append(part)", "    return out"],
            [f"def {name}(config, prefix=\"{r.choice(WORDS)}\"):", "    # flatten a nested dict into dotted keys",
             "    flat = {}", "    stack = [(prefix, config)]", "    while stack:", "        key, value = stack.pop()",
             "        if isinstance(value, dict):", "            for k, v in sorted(value.items()):",
             "                stack.append((f\"{key}.{k}\" if key else k, v))", "        else:",
             "            flat[key] = value", "    return flat"],
            [f"def {name}(path, encoding=\"utf-8\"):", f'    """Read a key=value file; lines starting with # are ignored."""',
             f"    {a} = {{}}", "    with open(path, encoding=encoding) as fh:", "        for line in fh:",
             "            line = line.strip()", "            if not line or line.startswith(\"#\"):", "                continue",
             "            key, _, value = line.partition(\"=\")", f"            {a}[key.strip()] = value.strip()", f"    return {a}"],
            [f"def {name}(values, window={r.choice([3, 5, 10])}):", "    # simple moving average, shorter at the start",
             f"    {b} = []", "    acc = 0.0", "    for i, v in enumerate(values):", "        acc += v",
             "        if i >= window:", "            acc -= values[i - window]",
             f"        {b}.append(acc / min(i + 1, window))", f"    return {b}"],
            [f"def {name}(seconds):", "    minutes, seconds = divmod(int(seconds), 60)", "    hours, minutes = divmod(minutes, 60)",
             "    if hours:", "        return f\"{hours}h{minutes:02d}m{seconds:02d}s\"", "    return f\"{minutes}m{seconds:02d}s\""],
        ])
        return body

    def pure_class(self):
        r = self.rng
        name = self.top_name("class")
        f1, f2 = r.sample(WORDS, 2)
        return [f"class {name}:", f'    """Keeps {f1} and {f2} counters."""', "",
                f"    def __init__(self, {f1}=0, {f2}=None):", f"        self.{f1} = {f1}", f"        self.{f2} = {f2} or []", "",
                f"    def add(self, value):", f"        self.{f1} += 1", f"        self.{f2}.append(value)", "        return self", "",
                "    def summary(self):", f"        n = max(self.{f1}, 1)",
                f"        return {{\"count\": self.{f1}, \"mean\": sum(self.{f2}) / n}}", "",
                "    def __repr__(self):", f"        return f\"{name}({{self.{f1}}})\""]


TORCH_IMPORTS = {
    "torch": "import torch", "nn": "import torch.nn as nn", "F": "import torch.nn.functional as F",
    "np": "import numpy as np", "math": "import math", "optim": "import torch.optim as optim",
    "Dataset": "from torch.utils.data import DataLoader, Dataset", "DataLoader": None,
}


def module_bindings(tree):
    """(names bound by imports, names bound otherwise) at module level."""
    imported, other = set(), set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                imported.add(a.asname or a.name.split(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(node.name)
        else:
            for sub in ast.walk(node):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    other.add(sub.id)
    return imported, other


def add_imports(text, names, tree):
    """Adds the missing imports after the last top-level import; `tree` is the parse of the head
    of `text` (the lines up to the last import are unchanged since)."""
    imported, _ = module_bindings(tree)
    wanted = [TORCH_IMPORTS[n] for n in names if n not in imported and TORCH_IMPORTS[n]]
    wanted = list(dict.fromkeys(wanted))
    if not wanted:
        return text
    lines = text.splitlines(keepends=True)
    at = 0
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            at = node.end_lineno
        elif at == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            at = node.end_lineno  # after the module docstring
        elif at:
            break
    block = [w + "\n" for w in wanted]
    if at == 0:
        block.append("\n")
    return "".join(lines[:at] + block + lines[at:])


# --------------------------------------------------------------------------------------------
# driver
# --------------------------------------------------------------------------------------------
def count_lines(text):
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def make_file(seed_text, rng, target, pure):
    text = seed_text
    steps = [("rename", rename_identifiers), ("reorder", reorder_toplevel), ("numbers", vary_numbers)]
    if not pure:
        steps.append(("apis", swap_apis))
    for _, fn in steps:
        if rng.random() < 0.85:
            try:
                new = fn(text, rng)
                ast.parse(new)
                text = new
            except (SyntaxError, ValueError, tokenize.TokenError):
                pass
    tree = ast.parse(text)
    imported, other = module_bindings(tree)
    gen = Gen(rng, imported | other)
    torch_ok = not pure and not (other & set(TORCH_IMPORTS))
    blocks = []
    lines = count_lines(text)
    kinds = (["module"] * 4 + ["tensor"] * 4 + ["train"] * 1 + ["dataset"] * 1 + ["pure"] * 1) if torch_ok else ["pure", "pure_class"]
    while lines < target:
        kind = rng.choice(kinds)
        b = {"module": gen.module_class, "tensor": gen.tensor_fn, "train": gen.train_fn,
             "dataset": gen.dataset_class, "pure": gen.pure_fn, "pure_class": gen.pure_class}[kind]()
        blocks.append(b)
        lines += len(b) + 2
    if blocks:
        lines = text.splitlines(keepends=True)
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        generated = "".join("\n\n" + "\n".join(b) + "\n" for b in blocks)
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.If) and "__name__" in ast.unparse(last.test):
            # generated definitions go before the `if __name__ == "__main__":` block
            cut = last.lineno - 1
            text = "".join(lines[:cut]).rstrip("\n") + "\n" + generated + "\n\n" + "".join(lines[cut:])
        else:
            text = "".join(lines) + generated
        if torch_ok:
            text = add_imports(text, ["math", "np", "torch", "nn", "F", "optim", "Dataset"], tree)
    return text


def inputs_digest(seeds, args):
    h = hashlib.sha256()
    h.update(pathlib.Path(__file__).read_bytes())
    h.update(json.dumps([args.lines, args.seed, FORMAT_VERSION, sys.version_info[:2]]).encode())
    for rel, text in seeds:
        h.update(rel.encode() + b"\0" + text.encode() + b"\0")
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("out")
    ap.add_argument("--lines", type=int, default=330_000)
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--manifest")
    args = ap.parse_args()
    corpus, out = pathlib.Path(args.corpus), pathlib.Path(args.out)
    paths = sorted(corpus.glob("demo/**/*.py")) + sorted(corpus.glob("negative/*.py"))
    seeds = [(p.relative_to(corpus).as_posix(), p.read_text()) for p in paths]
    digest = inputs_digest(seeds, args)
    if args.manifest and pathlib.Path(args.manifest).is_file() and out.is_dir():
        old = json.loads(pathlib.Path(args.manifest).read_text())
        if old.get("digest") == digest:
            print(f"make_corpus: {out} is up to date ({old['files']} files, {old['lines']} lines)")
            return 0
    rng = random.Random(args.seed)
    # Pure seeds: the torch-free helper, with the word that would defeat the byte scan rewritten.
    pure_seeds = [re.sub(r"(?i)torch", "framework", t) for rel, t in seeds if "import torch" not in t and "from torch" not in t]
    pure_seeds = [t for t in pure_seeds if len(t.splitlines()) > 20]
    torch_seeds = [t for _, t in seeds if "torch" in t]

    if out.exists():
        shutil.rmtree(out)
    files = {}
    for rel, text in seeds:
        files["seed/" + rel] = text
    total = sum(count_lines(t) for t in files.values())
    index = 0
    dir_pool = []
    for top in TOP_DIRS:
        for _ in range(rng.randint(3, 6)):
            depth = rng.choice([0, 1, 1, 2])
            dir_pool.append("/".join([top] + rng.sample(DIRS, depth)))
    pure_count = 0
    while total < args.lines:
        index += 1
        pure = index % 20 == 0  # 5% pure Python
        seed_text = rng.choice(pure_seeds if pure else torch_seeds)
        text = make_file(seed_text, rng, rng.randint(150, 400), pure)
        if pure:
            if "torch" in text:
                raise SystemExit("make_corpus: a pure file mentions torch (generator bug)")
            pure_count += 1
        d = rng.choice(dir_pool)
        rel = f"{d}/{rng.choice(WORDS)}_{rng.choice(DIRS)}_{index:04d}.py"
        files[rel] = text
        total += count_lines(text)

    nbytes = 0
    for rel in sorted(files):
        ast.parse(files[rel], filename=rel)
        p = out / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        data = files[rel].encode()
        p.write_bytes(data)
        nbytes += len(data)
    manifest = {"digest": digest, "seed": args.seed, "files": len(files), "lines": total, "bytes": nbytes,
                "pure_python_files": pure_count, "seed_files": len(seeds)}
    if args.manifest:
        pathlib.Path(args.manifest).write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"make_corpus: {len(files)} files ({pure_count} pure Python), {total} lines, "
          f"{nbytes / 1e6:.1f} MB in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
