# A module alias with a use that is not converted stays torch's module (and keeps its import);
# one the file never uses is there for other modules; one rebound through `global` is an
# ordinary variable.
import torch
import torch.nn as nn

F = nn.functional
H = torch.nn.functional
L = torch.nn.functional


def forward(x):
    y = F.relu(x)
    return F.some_private_helper(y)


def rebinds():
    global L
    L = None
