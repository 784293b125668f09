# Tuple assignments give each name the kind of its own value.
import numpy as np
import paddle


def attention(qkv, mask, device):
    qkv = paddle.to_tensor(qkv).reshape([2, 3, 4, 8])
    q, k, v = qkv[0], qkv[1], qkv[2]
    scores = q @ k.moveaxis([-2, -1], [-1, -2])
    q2, k2 = paddle.nn.functional.softmax(scores, axis=-1), v
    arr, t = np.zeros((3, 4)), paddle.ones([3, 4])
    a = arr.transpose(1, 0)
    b = t.moveaxis([1, 0], [0, 1])
    first, *rest = qkv[0], qkv[1], qkv[2]
    # TODO(torch2paddle): torch.Tensor.transpose: receiver of unknown kind; `transpose` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor
    c = first.transpose(0, 1)
    return q2.sum(), k2.sum(), a, b, c
