# torch.dtype named as a type, as torchvision and torchaudio do: inside an annotation it becomes
# paddle.dtype (an annotation does not run); isinstance(d, torch.dtype) runs and is reported.
from typing import List, Optional

import torch


def cast(x: torch.Tensor, dtype: Optional[torch.dtype] = None) -> torch.Tensor:
    if dtype is not None and not isinstance(dtype, torch.dtype):
        raise TypeError(dtype)
    return x if dtype is None else x.to(dtype)


def accepted(req_dtypes: List[torch.dtype]) -> bool:
    return torch.float32 in req_dtypes
