# A torch class bound to a module-level name (`Tensor = torch.Tensor`) types an annotation like
# `from torch import Tensor` does; a name bound twice, or in a function, says nothing.
import torch
import numpy as np

Tensor = torch.Tensor
Array = np.ndarray
Maybe = torch.Tensor
Maybe = list


def resize(x: Tensor, n: int) -> Tensor:
    shape = x.size()
    y = x.clone().contiguous()
    return y.view(n, -1), shape


def flat(a: Array):
    return a.flatten()


def unsure(x: Maybe):
    return x.size()


def local(x):
    T = torch.Tensor

    def inner(y: T):
        return y.size()

    return inner(x)
