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
