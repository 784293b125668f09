# A name bound to a torch module (`F = nn.functional`) is not followed: its calls are reported
# with what to write, never converted as tensor methods of the module.
import torch
from torch import nn


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.output = nn.Linear(4, 2)

    def forward(self, x):
        F = nn.functional
        return F.softmax(self.output(x), dim=-1)


def act(x):
    # Through an import it converts.
    import torch.nn.functional as G
    return G.relu(x)
