import paddle
from torchvision.extension import _assert_has_ops


def roi_pool(input: paddle.Tensor, boxes: paddle.Tensor):
    # the check that torchvision's C++ operators were built: nothing to check in Paddle
    return input.flatten(1), boxes


def guarded():
    # TODO(torch2paddle): torchvision.extension._assert_has_ops: torchvision's check that its C++ operators are built; Paddle's vision operators ship with Paddle: delete the call
    if _assert_has_ops() is None:  # used as a value: kept, reported
        return True
