import torch
from torch import Tensor


def upcast(t: Tensor) -> Tensor:
    return t.float()


def enclosing(boxes1: Tensor, boxes2: Tensor):
    boxes1 = upcast(boxes1)
    # the tensors a tensor method returns unpack to tensors: torch.min of two tensors
    x1, y1 = boxes1.unbind(dim=-1)
    x1g, y1g = boxes2.unbind(dim=-1)
    low = torch.min(x1, x1g)
    high = torch.max(y1, y1g)
    # one element of the result read right away: that element alone
    order = boxes1.sort(1)[1]
    return low, high, order
