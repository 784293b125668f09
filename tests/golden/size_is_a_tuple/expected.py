# torch.Size is a tuple, Paddle's shape a list: a list never equals a tuple and cannot be added
# to one, so a shape compared with or added to a tuple is written tuple(x.shape).
import paddle


def check(attention: paddle.Tensor, mask: paddle.Tensor, length: paddle.Tensor, b: int, t: int):
    shape_ = (b, 1, t, t)
    if tuple(mask.shape) != shape_:
        raise ValueError("mask")
    if tuple(attention.shape) != (b, t, t):
        raise AssertionError("attention")
    if tuple(length.shape) != () and tuple(length.shape) != (1,):
        raise ValueError("length")
    out = attention.view(tuple(attention.shape[:-2]) + (t * t,))
    same = attention.shape == mask.shape
    return out, same, tuple(attention.shape) + (1,)
