# A torch name imported only for other modules (a `noqa` unused-import marker, or listed in
# `__all__`) is a re-export: those modules call it with PyTorch's arguments. The import stays,
# reported; a torch import merely unused is removed with the file's other conversions.
import torch
from torch.nn import Linear

try:
    from torch.hub import load_state_dict_from_url  # noqa: 401
except ImportError:
    from torch.utils.model_zoo import load_url as load_state_dict_from_url  # noqa: 401
from torch.nn.functional import relu

__all__ = ["relu", "zeros"]


def zeros(n):
    return torch.zeros(n)
