# torch.dtype named as a type, as torchvision and torchaudio do: inside an annotation it becomes
# paddle.dtype (an annotation does not run); isinstance(d, torch.dtype) runs and is reported.
from typing import List, Optional

import paddle
import torch


def cast(x: paddle.Tensor, dtype: Optional[paddle.dtype] = None) -> paddle.Tensor:
    # TODO(torch2paddle): torch.dtype: the class of PyTorch's dtypes used as a value (annotations become paddle.dtype): Paddle's dtype objects are not of one class in every mode; instead of isinstance(d, torch.dtype) test the dtypes you accept (d in (paddle.float32, paddle.float64))
    if dtype is not None and not isinstance(dtype, torch.dtype):
        raise TypeError(dtype)
    return x if dtype is None else x.to(dtype)


def accepted(req_dtypes: List[paddle.dtype]) -> bool:
    return paddle.float32 in req_dtypes
