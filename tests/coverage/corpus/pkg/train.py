# Training loop (this comment survives)
import torch
import torch.nn as nn
from torch.nn import functional as F


class Net(nn.Module):  # a torch module
    def __init__(self):
        super().__init__()
        self.nn = None  # attribute named nn: not a torch name
        self.fc = nn.Linear(2, 2)

    def forward(self, x):
        # the word torch in a comment does not count
        y = "torch"
        return F.relu(self.fc(x)) + torch.zeros(2)


def typed(x):
    # type: (torch.Tensor) -> torch.Tensor
    return x


def broken():
    return undefined_before  # undefined in the input already
# duplicated comment
# duplicated comment
