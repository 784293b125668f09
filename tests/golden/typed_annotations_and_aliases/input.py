# Spellings PyTorch accepts that map plainly: a legacy typed tensor class in an annotation is
# paddle.Tensor (an annotation names a type, and Paddle has one tensor class whatever the dtype;
# isinstance with it runs and stays reported); torch.cat takes NumPy's `axis=` for `dim=`; and
# interpolate's recompute_scale_factor=False / None and antialias=False are PyTorch's defaults,
# which Paddle has no parameter for. recompute_scale_factor=True has no counterpart. A name
# annotated with any typed tensor class holds a tensor, so its methods convert.
from typing import List

import torch
import torch.nn.functional as F


def decode(idxs: torch.IntTensor, lengths: torch.LongTensor) -> torch.FloatTensor:
    return idxs.float() / lengths.float()


def gather(samples: List[torch.Tensor], axis: int):
    stacked = torch.cat(samples, axis=axis)
    pair = torch.cat((stacked, stacked), axis=1)
    return pair


def resize(images, masks):
    up = F.interpolate(images, scale_factor=2.0, mode="bilinear", recompute_scale_factor=False)
    down = F.interpolate(images, size=(64, 64), mode="bilinear", antialias=False)
    same = F.interpolate(masks, scale_factor=0.5, recompute_scale_factor=None)
    return up, down, same


def recomputed(images):
    return F.interpolate(images, scale_factor=1.5, recompute_scale_factor=True)


def is_float(x):
    return isinstance(x, torch.FloatTensor)
