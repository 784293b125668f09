# Spellings PyTorch accepts that map plainly: a legacy typed tensor class in an annotation is
# paddle.Tensor (an annotation names a type, and Paddle has one tensor class whatever the dtype;
# isinstance with it runs and stays reported); torch.cat takes NumPy's `axis=` for `dim=`; and
# interpolate's recompute_scale_factor=False / None and antialias=False are PyTorch's defaults,
# which Paddle has no parameter for. recompute_scale_factor=True has no counterpart. A name
# annotated with any typed tensor class holds a tensor, so its methods convert.
from typing import List

import paddle
import torch
import torch.nn.functional as F


def decode(idxs: paddle.Tensor, lengths: paddle.Tensor) -> paddle.Tensor:
    return idxs.astype(dtype='float32') / lengths.astype(dtype='float32')


def gather(samples: List[paddle.Tensor], axis: int):
    stacked = paddle.concat(samples, axis=axis)
    pair = paddle.concat((stacked, stacked), axis=1)
    return pair


def resize(images, masks):
    up = paddle.nn.functional.interpolate(images, scale_factor=2.0, mode="bilinear")
    down = paddle.nn.functional.interpolate(images, size=(64, 64), mode="bilinear")
    same = paddle.nn.functional.interpolate(masks, scale_factor=0.5)
    return up, down, same


def recomputed(images):
    # TODO(torch2paddle): torch.nn.functional.interpolate: argument 'recompute_scale_factor=True' of torch.nn.functional.interpolate has no Paddle equivalent value
    return F.interpolate(images, scale_factor=1.5, recompute_scale_factor=True)


def is_float(x):
    # TODO(torch2paddle): torch.FloatTensor: used as a type, but Paddle creates it with the function paddle.to_tensor
    return isinstance(x, torch.FloatTensor)
