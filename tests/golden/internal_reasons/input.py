# PyTorch internals have no Paddle counterpart: each family is reported with what to write.
import torch
from torch._C import _add_docstr
from torch.utils.data import IterDataPipe, functional_datapipe
from torch.utils.hooks import RemovableHandle


def relu(x):
    return torch.relu(x)


relu2 = _add_docstr(torch.relu, "relu, again")
tracing = torch._C._get_tracing_state()
name = torch.typename(torch.zeros(1))


@functional_datapipe("double")
class Double(IterDataPipe):
    def __init__(self, source):
        self.source = source

    def __iter__(self):
        for x in self.source:
            yield x * 2


def remove(handle: RemovableHandle) -> None:
    handle.remove()


def copy(x, fmt=torch.contiguous_format):
    return x.clone()
