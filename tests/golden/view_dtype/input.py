# `x.view(dtype)` reinterprets the bytes as another dtype; `x.view(*shape)` reshapes. Paddle's
# `view(shape_or_dtype)` takes either: a dtype goes as it is, never wrapped into a shape list.
import torch


def reinterpret(x: torch.Tensor, d: torch.dtype):
    bits = x.view(torch.int32)
    same = x.view(dtype=torch.int32)
    chosen = x.view(d)
    shaped = x.view(-1, 2)
    flat = x.view(-1)
    return bits, same, chosen, shaped, flat
