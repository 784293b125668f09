# Names used inside f-strings are references: converted there, and their imports stay while
# something still uses them; a Paddle form that would need the f-string's own quote is reported.
# Torch classes named in type comments and string annotations are renamed to their Paddle class;
# a name with no Paddle class there is reported and keeps its import.
import paddle
import torch


def describe(x, width=8):
    print(f"torch {paddle.__version__}, {paddle.device.cuda.device_count()} devices")
    print(f"{x.shape[0]!r:>{width}} rows, mean {x.mean(axis=0)}")
    print(f"nested {f'{paddle.float32}'}")
    long_in_double = f"{x.astype(dtype='int64')}"
    # TODO(torch2paddle): torch.Tensor.long: inside an f-string, the Paddle form would write a single quote, which Python before 3.12 does not allow there; rewrite by hand
    long_in_single = f'{x.long()}'
    return long_in_double, long_in_single


def scale(x, factor):
    # type: (paddle.Tensor, float) -> paddle.Tensor
    return x * factor


def head(features: "paddle.Tensor") -> "paddle.nn.Layer":
    return paddle.nn.Linear(features.shape[-1], 2)


# TODO(torch2paddle): torch.Generator: named in a type comment with no Paddle type to name there; its import is kept
def seeded(g, n):
    # type: (torch.Generator, int) -> paddle.Tensor
    # TODO(torch2paddle): torch.Generator has no Paddle equivalent yet
    print(f"generator {torch.Generator}")
    return n


# TODO(torch2paddle): torch.Generator: named in a string annotation with no Paddle type to name there; its import is kept
def draw(g: "torch.Generator", n: int) -> "Optional[paddle.Tensor]":
    return None
