# A module-level name bound once to a torch module reads as an import of that module: each call
# through it converts, and once all have, the name binds Paddle's module of the same role.
import torch
from torch import nn

F = nn.functional  # the functional API, as in skorch's tests
optim = torch.optim
T = torch


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return F.softmax(self.fc(x), dim=-1)


def make(net):
    return optim.SGD(net.parameters(), lr=0.1), T.zeros(2, 3)


def local_alias(x):
    # Bound in a function: not followed (only module-level names are).
    G = nn.functional
    return G.relu(x)
