# torch.dtype named as a type (annotations, isinstance), as torchvision and torchaudio do:
# Paddle's API reference names no such class, so each use is reported with what to write.
from typing import List, Optional

import torch


def cast(x: torch.Tensor, dtype: Optional[torch.dtype] = None) -> torch.Tensor:
    if dtype is not None and not isinstance(dtype, torch.dtype):
        raise TypeError(dtype)
    return x if dtype is None else x.to(dtype)


def accepted(req_dtypes: List[torch.dtype]) -> bool:
    return torch.float32 in req_dtypes
