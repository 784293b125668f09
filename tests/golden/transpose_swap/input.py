# Swapping two dimensions: Paddle's transpose takes a whole permutation, which needs the rank;
# moveaxis with both axes swaps them for any rank and for negative dimensions.
import torch

x = torch.rand(2, 3, 5)
a = x.transpose(0, 1)
b = torch.transpose(x, -1, -2)
c = torch.transpose(input=x, dim0=1, dim1=2)
d = x.swapaxes(0, 2)
e = torch.swapaxes(x, 0, 1)
f = torch.swapdims(x, 1, 2)
g = x.swapdims(dim0=0, dim1=-1)
h = (x + 1).transpose(1, 2).contiguous()
k = x.transpose(1, 2).reshape(2, -1)


# Axes that may be one axis (a variable, or 1 and -1 of a 2-D tensor) swap only when they differ:
# PyTorch's swap of an axis with itself is a no-op, moveaxis refuses it.

def swap_any(x: torch.Tensor, axis: int):
    a = x.transpose(0, 1)
    b = x.transpose(axis, -1)
    c = torch.transpose(x, 1, -1)
    d = x.swapaxes(-2, -1)
    e = (x + 1).transpose(axis, 0)
    return a, b, c, d, e
