# Receivers of unknown kind: three or more positional arguments to view or repeat is a tensor's
# call (numpy's view and repeat take two at most), unless an argument is of another kind.
import numpy as np
import paddle


def attention(qkv, n_head, cfg):
    B, T, C = qkv.shape
    # TODO(torch2paddle): torch.Tensor.split: split_size is a chunk size (int) or a list of sizes, which only shows when the code runs (Paddle's int is a number of chunks): pass an int or a list literal, or name the tensor and the size
    q, k, v = qkv.split(C // 3, dim=2)
    q = q.view([B, T, n_head, C // n_head])
    grid = cfg.grid.tile([B, 1, 1])
    arr = np.zeros(4)
    # two positional arguments: numpy's view(dtype, type) too, left for review
    # TODO(torch2paddle): torch.Tensor.view: receiver of unknown kind; `view` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    pair = cfg.mask.view(B, T)
    # a str argument is not a tensor's
    # TODO(torch2paddle): torch.Tensor.view: receiver of unknown kind; `view` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    other = cfg.view("a", "b", "c")
    return q, grid, arr, pair, other
