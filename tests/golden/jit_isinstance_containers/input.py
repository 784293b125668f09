from typing import Dict, List, Optional, Tuple, Union

import torch
from torch import Tensor


def f(input, d, t, o, self_x):
    if torch.jit.isinstance(input, List[str]):
        return 1
    elif torch.jit.isinstance(input, List[List[str]]):
        return 2
    elif torch.jit.isinstance(d, Dict[str, Tensor]):
        return 3
    elif torch.jit.isinstance(t, Tuple[int, str]):
        return 4
    elif torch.jit.isinstance(o, Optional[List[int]]):
        return 5
    elif torch.jit.isinstance(o, (int, List[float])):
        return 6
    elif torch.jit.isinstance(self_x.y, Union[int, None]):
        return 7
    elif torch.jit.isinstance(input, str):
        return 8
    elif torch.jit.isinstance(make(), List[int]):
        return 9
    return torch.jit.isinstance(t, Tuple[int, ...])
