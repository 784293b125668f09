# A class or function imported from the module that defines it (`torch.nn.modules.container`)
# is the public one (`torch.nn.ModuleList`): PyTorch's package __init__ files re-export it.
from torch.nn.modules.container import ModuleList, Sequential
from torch.nn.modules.linear import Linear
from torch.utils.data.dataset import Subset
import torch.nn.modules.activation


class Head(torch.nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = ModuleList([Linear(a, b) for a, b in zip(sizes, sizes[1:])])
        self.act = torch.nn.modules.activation.ReLU()
        self.body = Sequential(Linear(4, 4), torch.nn.modules.activation.Tanh())


def first_half(dataset):
    return Subset(dataset, list(range(len(dataset) // 2)))
