# A module alias with a use that is not converted stays torch's module (and keeps its import);
# one the file never uses is there for other modules; one rebound through `global` is an
# ordinary variable.
import paddle
import torch
import torch.nn as nn

F = nn.functional
# TODO(torch2paddle): torch.nn.functional: H is bound to the module torch.nn.functional and not used in this file, so other modules use it with PyTorch's names: bind Paddle's module there and convert what they call through it
H = torch.nn.functional
# TODO(torch2paddle): torch.nn.functional has no Paddle equivalent yet
L = torch.nn.functional


def forward(x):
    y = paddle.nn.functional.relu(x)
    # TODO(torch2paddle): torch.nn.functional.some_private_helper has no Paddle equivalent yet
    return F.some_private_helper(y)


def rebinds():
    global L
    L = None
