# PyTorch internals with an exact eager equivalent (mappings/internals.jsonl): torch._six's
# constants, the tracing state (None outside torch.jit.trace) and TorchScript decorators that
# return the function unchanged; a decorator's trailing comment stays on its line. A shape read
# as a tensor keeps PyTorch's int64; a Dirichlet sample from a seeded generator is reported.
import torch
import torch.nn as nn
from torch.onnx import operators
from torch._jit_internal import _copy_to_script_wrapper
from torch._six import string_classes


def check_name(name, limit=torch._six.inf):
    if not isinstance(name, torch._six.string_classes):
        raise TypeError(name)
    if isinstance(limit, string_classes):
        limit = float(limit)
    return torch._six.nan if limit < 0 else limit


class Stack(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.layers = nn.ModuleList(layers)

    @_copy_to_script_wrapper
    def __len__(self):
        return len(self.layers)

    @torch.jit._overload_method  # noqa: F811
    def forward(self, x: torch.Tensor, scale: float) -> torch.Tensor:
        pass

    @torch._jit_internal._overload_method
    def forward(self, x: torch.Tensor, scale: int) -> torch.Tensor:
        pass

    def forward(self, x, scale=1.0):  # noqa: F811
        tracing = torch._C._get_tracing_state()
        if tracing is None and not torch._C._get_tracing_state():
            x = x * scale
        for layer in self.layers:
            x = layer(x)
        return x


@torch.jit._overload
def double(x: int) -> int:
    pass


@torch._jit_internal._overload
def double(x: float) -> float:
    pass


def double(x):
    return x * 2


def image_size(image):
    return operators.shape_as_tensor(image)[-2:]


def axis_size(input, axis):
    return torch._shape_as_tensor(input)[axis].unsqueeze(0)


def mixing_weights(alpha, generator):
    weights = torch._sample_dirichlet(alpha)
    return weights, torch._sample_dirichlet(alpha, generator)
