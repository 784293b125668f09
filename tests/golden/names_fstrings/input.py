# Names used inside f-strings are references: converted there, and their imports stay while
# something still uses them; a Paddle form that would need the f-string's own quote is reported.
# Torch classes named in type comments and string annotations are renamed to their Paddle class;
# a name with no Paddle class there is reported and keeps its import.
import torch
import torch.nn as nn


def describe(x, width=8):
    print(f"torch {torch.__version__}, {torch.cuda.device_count()} devices")
    print(f"{x.size(0)!r:>{width}} rows, mean {x.mean(dim=0)}")
    print(f"nested {f'{torch.float32}'}")
    long_in_double = f"{x.long()}"
    long_in_single = f'{x.long()}'
    return long_in_double, long_in_single


def scale(x, factor):
    # type: (torch.Tensor, float) -> torch.Tensor
    return x * factor


def head(features: "torch.Tensor") -> "nn.Module":
    return nn.Linear(features.shape[-1], 2)


def seeded(g, n):
    # type: (torch.Generator, int) -> torch.Tensor
    print(f"generator {torch.Generator}")
    return n


def draw(g: "torch.Generator", n: int) -> "Optional[torch.Tensor]":
    return None
