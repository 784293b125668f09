# The file imports numpy: `x.all()` and `x.repeat(2, 3)` may be numpy calls and are left for
# review; `gt` is a pandas-only name elsewhere, and pandas is not imported.
import numpy as np
import paddle


def check(x, mask):
    above = x.greater_than(paddle.to_tensor(2, dtype=x.dtype))  # converted
    # TODO(torch2paddle): torch.Tensor.all: receiver of unknown kind; `all` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    every = mask.all()  # needs review, unchanged
    # TODO(torch2paddle): torch.Tensor.repeat: receiver of unknown kind; `repeat` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    tiled = x.repeat(2, 3)  # needs review, unchanged
    return above, every, tiled, np.zeros(3)


def to_host(t):
    return t.cpu().numpy()  # the file makes arrays from tensors too
