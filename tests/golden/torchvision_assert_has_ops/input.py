import torch
from torchvision.extension import _assert_has_ops


def roi_pool(input: torch.Tensor, boxes: torch.Tensor):
    # the check that torchvision's C++ operators were built: nothing to check in Paddle
    _assert_has_ops()
    return input.flatten(1), boxes


def guarded():
    if _assert_has_ops() is None:  # used as a value: kept, reported
        return True
