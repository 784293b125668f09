"""Negative corpus: names that shadow the torch imports.

The module imports ``torch``, ``torch.nn as nn`` and
``torch.nn.functional as F`` and uses them for real (``# positive:``), but
several functions rebind those names locally -- as parameters, loop
variables, ``with`` targets, local imports or local definitions.  Inside
those scopes the name is NOT the torch module and must not be converted.
"""

import types

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.functional import softmax


def tensor_baseline():
    t = torch.zeros(3)  # positive: real tensor
    r = F.relu(t)  # positive: functional call
    layer = nn.Linear(3, 2)  # positive: real layer
    p = softmax(t, dim=0)  # positive: imported functional
    return r, layer, p


# ---------------------------------------------------------------------------
# parameters that shadow the imports
# ---------------------------------------------------------------------------

def apply_activation(F, x):
    """`F` is whatever activation namespace the caller passes in."""
    return F.relu(x)  # negative: F is a parameter, not torch.nn.functional


def build_layer(nn, width):
    return nn.Linear(width, width)  # negative: nn is a parameter (a user factory)


def make_buffer(torch, n):
    return torch.zeros(n)  # negative: torch is a parameter (a fake backend)


class ListBackend:
    """A fake backend with a torch-like surface, returning python lists."""

    @staticmethod
    def zeros(n):
        return [0.0] * n

    @staticmethod
    def relu(xs):
        return [max(0.0, v) for v in xs]

    class Linear:
        def __init__(self, a, b):
            self.shape = (a, b)


def use_fake_backend():
    backend = ListBackend()
    buf = make_buffer(backend, 4)
    act = apply_activation(backend, [-1.0, 2.0])
    lin = build_layer(ListBackend, 8)
    return buf, act, lin.shape


# ---------------------------------------------------------------------------
# local definitions that shadow imported names
# ---------------------------------------------------------------------------

def relu(values):
    """A module-level helper called `relu` -- it is not F.relu."""
    return [v if v > 0 else 0 for v in values]


def clean(values):
    return relu(values)  # negative: calls the local relu() defined above


def numpy_probs(values):
    def softmax(xs, dim=0):
        import math
        exps = [math.exp(v) for v in xs]
        total = sum(exps)
        return [e / total for e in exps]

    return softmax(values, dim=0)  # negative: nested def shadows the imported softmax


def tensor_probs():
    t = torch.tensor([1.0, 2.0, 3.0])  # positive: real tensor
    return softmax(t, dim=0)  # positive: the imported softmax again


def local_import():
    import numpy as torch  # negative: local import rebinds the name torch
    arr = torch.zeros(3)  # negative: this is numpy.zeros
    return arr.sum(axis=0)  # negative: numpy sum


# ---------------------------------------------------------------------------
# other binding forms
# ---------------------------------------------------------------------------

def open_files(paths):
    sizes = []
    for p in paths:
        with open(p) as F:  # negative: F bound by `with ... as`
            sizes.append(len(F.read()))  # negative: file.read
    return sizes


def loop_variable(namespaces):
    out = []
    for nn in namespaces:  # negative: loop variable named nn
        out.append(nn.Linear)  # negative: attribute of the loop variable
    return out


def comprehension_names(files):
    return [F.split(".")[0] for F in files]  # negative: comprehension variable F


def lambda_param():
    size_of = lambda torch: torch.size()  # negative: lambda parameter named torch
    return size_of


def walrus(items):
    if (nn := len(items)) > 2:  # negative: nn bound by assignment expression
        return nn
    return 0


def attribute_names():
    cfg = types.SimpleNamespace(torch="2.1", nn="mlp", F=0.5)  # negative: keyword args named like modules
    ns = types.SimpleNamespace()
    ns.torch = cfg.torch  # negative: attribute named torch
    ns.F = cfg.F  # negative: attribute named F
    return ns


class Wrapper:
    def __init__(self, F):
        self.F = F  # negative: attribute holding a parameter named F

    def act(self, x):
        return self.F.relu(x)  # negative: self.F is whatever was passed in


def after_shadowing():
    # back in a scope where the imports are visible again
    x = torch.ones(2, 3)  # positive: real tensor
    y = F.relu(x)  # positive: functional call
    z = nn.functional.softmax(y, dim=1)  # positive: nn is the torch module here
    return z


if __name__ == "__main__":
    print(tensor_baseline())
    print(use_fake_backend())
    print(clean([-1, 2, -3]))
    print(numpy_probs([1.0, 2.0]))
    print(tensor_probs())
    print(local_import())
    print(comprehension_names(["a.py", "b.txt"]))
    print(walrus([1, 2, 3]))
    print(vars(attribute_names()))
    print(Wrapper(ListBackend).act([-2.0, 3.0]))
    print(after_shadowing())
