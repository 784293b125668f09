# PyTorch internals have no Paddle counterpart: each family is reported with what to write.
import paddle
import torch
from torch._C import _add_docstr
from torch.utils.data import IterDataPipe, functional_datapipe
from torch.utils.hooks import RemovableHandle


def relu(x):
    return paddle.nn.functional.relu(x)


# TODO(torch2paddle): torch._C._add_docstr: PyTorch internal API that sets the docstring of a built-in function; Paddle has no counterpart: for a Python function write fn.__doc__ = doc, else delete the call
relu2 = _add_docstr(paddle.nn.functional.relu, "relu, again")
tracing = None
# TODO(torch2paddle): torch.typename: PyTorch's type string ('torch.FloatTensor' for a float tensor, else module and class name), which Paddle lacks: write type(obj).__module__ + '.' + type(obj).__qualname__, or str(x.dtype) for a tensor
name = torch.typename(paddle.zeros([1]))


# TODO(torch2paddle): torch.utils.data.IterDataPipe: data pipes (composable iterables, now torchdata), which Paddle lacks: write a paddle.io.IterableDataset whose __iter__ does the steps (map, filter, batch) as generator code, and load it with paddle.io.DataLoader
# TODO(torch2paddle): torch.utils.data.functional_datapipe: data pipes (composable iterables, now torchdata), which Paddle lacks: write a paddle.io.IterableDataset whose __iter__ does the steps (map, filter, batch) as generator code, and load it with paddle.io.DataLoader
@functional_datapipe("double")
class Double(IterDataPipe):
    def __init__(self, source):
        self.source = source

    def __iter__(self):
        for x in self.source:
            yield x * 2


# TODO(torch2paddle): torch.utils.hooks.RemovableHandle: the handle that register_*_hook returns; Paddle's hook registrations return a HookRemoveHelper with the same remove(): keep the object they return and drop the annotation or isinstance check naming the class
def remove(handle: RemovableHandle) -> None:
    handle.remove()


# TODO(torch2paddle): torch.contiguous_format: a memory format: Paddle tensors have none (they are always contiguous): drop memory_format= arguments and defaults that name it
def copy(x, fmt=torch.contiguous_format):
    return x.clone()
