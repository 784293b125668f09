# A torch class bound to a module-level name (`Tensor = torch.Tensor`) types an annotation like
# `from torch import Tensor` does; a name bound twice, or in a function, says nothing.
import paddle
import numpy as np

Tensor = paddle.Tensor
Array = np.ndarray
Maybe = paddle.Tensor
Maybe = list


def resize(x: Tensor, n: int) -> Tensor:
    shape = x.shape
    y = x.clone()
    return y.view([n, -1]), shape


def flat(a: Array):
    return a.flatten()


def unsure(x: Maybe):
    # TODO(torch2paddle): torch.Tensor.size: receiver of unknown kind; `size` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    return x.size()


def local(x):
    T = paddle.Tensor

    def inner(y: T):
        # TODO(torch2paddle): torch.Tensor.size: receiver of unknown kind; `size` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
        return y.size()

    return inner(x)
