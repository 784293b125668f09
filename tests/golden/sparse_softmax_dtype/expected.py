# torch.sparse.softmax's dtype= casts the input before the softmax (PyTorch's contract); Paddle's
# sparse softmax has no dtype, so the cast is written out with paddle.sparse.cast first.
import paddle


def probabilities(logits: paddle.Tensor, half):
    p = paddle.sparse.nn.functional.softmax(paddle.sparse.cast(logits, value_dtype=paddle.float32), axis=-1)
    q = paddle.sparse.nn.functional.softmax(paddle.sparse.cast(logits, value_dtype=paddle.float64), axis=1)  # dtype passed by position
    r = paddle.sparse.nn.functional.softmax(logits, axis=0)  # no dtype: the argument map
    s = paddle.sparse.nn.functional.softmax(half, axis=-1)  # dtype=None: no cast
    return p, q, r, s
