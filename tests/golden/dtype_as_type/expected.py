# torch.dtype named as a type (annotations, isinstance), as torchvision and torchaudio do:
# Paddle's API reference names no such class, so each use is reported with what to write.
from typing import List, Optional

import paddle
import torch


# TODO(torch2paddle): torch.dtype: the class of PyTorch's dtypes, which Paddle's API reference does not name: in an annotation write paddle.dtype (PaConvert's spelling) or str; instead of isinstance(d, torch.dtype) test the dtypes you accept (d in (paddle.float32, paddle.float64))
def cast(x: paddle.Tensor, dtype: Optional[torch.dtype] = None) -> paddle.Tensor:
    # TODO(torch2paddle): torch.dtype: the class of PyTorch's dtypes, which Paddle's API reference does not name: in an annotation write paddle.dtype (PaConvert's spelling) or str; instead of isinstance(d, torch.dtype) test the dtypes you accept (d in (paddle.float32, paddle.float64))
    if dtype is not None and not isinstance(dtype, torch.dtype):
        raise TypeError(dtype)
    return x if dtype is None else x.to(dtype)


# TODO(torch2paddle): torch.dtype: the class of PyTorch's dtypes, which Paddle's API reference does not name: in an annotation write paddle.dtype (PaConvert's spelling) or str; instead of isinstance(d, torch.dtype) test the dtypes you accept (d in (paddle.float32, paddle.float64))
def accepted(req_dtypes: List[torch.dtype]) -> bool:
    return paddle.float32 in req_dtypes
