# A torch name imported only for other modules (a `noqa` unused-import marker, or listed in
# `__all__`) is a re-export: those modules call it with PyTorch's arguments. The import stays,
# reported; a torch import merely unused is removed with the file's other conversions.
import paddle

try:
    # TODO(torch2paddle): torch.hub.load_state_dict_from_url: load_state_dict_from_url is imported here for other modules (noqa), which call PyTorch's torch.hub.load_state_dict_from_url with PyTorch's arguments: the import stays; import Paddle's counterpart in those modules and convert their calls
    from torch.hub import load_state_dict_from_url  # noqa: 401
except ImportError:
    # TODO(torch2paddle): torch.utils.model_zoo.load_url: load_state_dict_from_url is imported here for other modules (noqa), which call PyTorch's torch.utils.model_zoo.load_url with PyTorch's arguments: the import stays; import Paddle's counterpart in those modules and convert their calls
    from torch.utils.model_zoo import load_url as load_state_dict_from_url  # noqa: 401
# TODO(torch2paddle): torch.nn.functional.relu: relu is imported here for other modules (__all__), which call PyTorch's torch.nn.functional.relu with PyTorch's arguments: the import stays; import Paddle's counterpart in those modules and convert their calls
from torch.nn.functional import relu

__all__ = ["relu", "zeros"]


def zeros(n):
    return paddle.zeros([n])
