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
    return x.size()


def local(x):
    T = paddle.Tensor

    def inner(y: T):
        return y.size()

    return inner(x)
