# Dtype-preserving in-place comparisons and logical operations: torch writes 1/0 into the tensor
# and keeps its dtype, Paddle's less_equal_ & co. would turn it into a bool tensor.
import paddle


class Box:
    def eq_(self, other):
        return self


def compare(x, y, n):
    x = paddle.randn([4, 4])
    y = paddle.randn([4, 4])
    mask = paddle.ones([4, 4])
    paddle.assign((x <= 2.).astype(x.dtype), x)
    paddle.assign((mask == y).astype(mask.dtype), mask)
    paddle.assign((x >= y).astype(x.dtype), x)
    paddle.assign((x > 0).astype(x.dtype), x)
    paddle.assign((x < y).astype(x.dtype), x)
    paddle.assign((x != 0.5).astype(x.dtype), x)
    paddle.assign((x <= y).astype(x.dtype), x)
    paddle.assign((x >= 1).astype(x.dtype), x)
    paddle.assign((x > y).astype(x.dtype), x)
    paddle.assign((x < y).astype(x.dtype), x)
    paddle.assign((x != y).astype(x.dtype), x)
    both = paddle.assign(paddle.logical_and(mask, y).astype(mask.dtype), mask)
    paddle.assign(paddle.logical_or(mask, y).astype(mask.dtype), mask)
    paddle.assign(paddle.logical_xor(mask, y).astype(mask.dtype), mask)
    paddle.assign(paddle.logical_not(mask).astype(mask.dtype), mask)
    total = paddle.assign((x == y).astype(x.dtype), x).sum()
    # A receiver holding a call is computed once before the statement.
    t2p_receiver = paddle.rand([3])
    flags = paddle.assign((t2p_receiver < 0.5).astype(t2p_receiver.dtype), t2p_receiver)
    # Not a tensor: left alone.
    Box().eq_(n)
    return both, total, flags
