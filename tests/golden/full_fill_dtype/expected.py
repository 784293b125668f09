# torch.full takes its dtype from the fill value (an int: int64, a bool: bool, a float: the default
# float dtype); Paddle's full makes float32 unless given one. x.type() without a dtype is a name.
import paddle


def make(n: int, x: paddle.Tensor, device):
    a = paddle.full((2, 2), 3, dtype=paddle.int64)
    b = paddle.full((2, 2), n, dtype=paddle.int64)
    c = paddle.full((2, 2), True, dtype=paddle.bool)
    d = paddle.full((2, 2), 0.5)
    e = paddle.full((2, 2), 3, dtype=paddle.float32)
    f = paddle.full((2, 2), -100, dtype=paddle.int64)
    # TODO(torch2paddle): torch.Tensor.type: x.type() without a dtype returns PyTorch's type name ('torch.FloatTensor'), which Paddle has no counterpart of: compare x.dtype instead
    t = x.type()
    u = x.astype(paddle.float64)
    return a, b, c, d, e, f, t, u
