# Paddle's slice_scatter takes lists for axes/starts/ends/strides and needs every one of them.
import torch
x = torch.zeros(8, 8)
src = torch.ones(2, 8)
a = x.slice_scatter(src, dim=0, start=1, end=5, step=2)
b = torch.slice_scatter(x, src, start=6)
c = torch.slice_scatter(x, src, 1, 0, 8, 4)
d = x.slice_scatter(src)
e = torch.slice_scatter(x, src, end=None)
