from .. import functional as F  # relative import of torch.functional inside torch's own sources
from .module import Module
from .helpers import *


class Block(Module):
    def forward(self, x):
        return F.relu(x)
