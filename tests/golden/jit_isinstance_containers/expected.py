from typing import Dict, List, Optional, Tuple, Union

import paddle
import torch


def f(input, d, t, o, self_x):
    # TODO(torch2paddle): torch.jit.isinstance: argument 'obj' of torch.jit.isinstance must be a name or a value without calls: the Paddle form writes it twice
    if (isinstance(input, list) and all(isinstance(t2p_e, str) for t2p_e in input)):
        return 1
    elif (isinstance(input, list) and all((isinstance(t2p_e, list) and all(isinstance(t2p_e1, str) for t2p_e1 in t2p_e)) for t2p_e in input)):
        return 2
    elif (isinstance(d, dict) and all(isinstance(t2p_k, str) and isinstance(t2p_v, paddle.Tensor) for t2p_k, t2p_v in d.items())):
        return 3
    elif (isinstance(t, tuple) and len(t) == 2 and isinstance(t[0], int) and isinstance(t[1], str)):
        return 4
    elif (o is None or (isinstance(o, list) and all(isinstance(t2p_e, int) for t2p_e in o))):
        return 5
    elif (isinstance(o, int) or (isinstance(o, list) and all(isinstance(t2p_e, float) for t2p_e in o))):
        return 6
    elif (self_x.y is None or isinstance(self_x.y, int)):
        return 7
    elif isinstance(input, str):
        return 8
    elif torch.jit.isinstance(make(), List[int]):
        return 9
    # TODO(torch2paddle): torch.jit.isinstance: torch.jit.isinstance: a variable-length Tuple[..., ...]: write the check by hand
    return torch.jit.isinstance(t, Tuple[int, ...])
