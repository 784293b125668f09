# F.linear(x, w): PyTorch's weight is [out, in], Paddle's [in, out]. A tensor of the user's takes
# .T; a converted layer's weight (self.out_proj.weight) is in Paddle's layout already; a weight
# the function is passed may be either, so that call is reported.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Attn(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.out_proj = nn.Linear(d, d)
        self.w = nn.Parameter(torch.empty(d, d))

    def forward(self, x):
        y = F.linear(x, self.out_proj.weight, self.out_proj.bias)
        z = F.linear(x, self.w)
        return project(y, self.out_proj.weight) + z


def project(x, weight, bias=None):
    return F.linear(x, weight, bias)


class MyLinear(nn.Module):
    def __init__(self, i, o):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(o, i))

    def forward(self, x):
        return F.linear(x, self.weight)
