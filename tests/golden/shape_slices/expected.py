import paddle


def targets(boxes: paddle.Tensor, n):
    # a slice of a shape is a shape: passed as it is, never wrapped as one dimension
    ctr = paddle.zeros(boxes.shape[:-1], dtype=boxes.dtype)
    rest = paddle.zeros(boxes.shape[1:])
    first = paddle.ones([boxes.shape[0]])  # one dimension: a list of it
    flat = paddle.empty([n])
    return ctr, rest, first, flat


def stacked(spec: paddle.Tensor, n: int):
    shape = spec.shape
    # a sum or repetition of sequences is a shape too
    flat = spec.reshape([-1] + list(shape[-2:]))
    back = flat.reshape(shape[:-2] + flat.shape[-2:])
    ones = paddle.zeros([1] * n, dtype=spec.dtype)
    return back, ones, spec.view([n * 2, -1])


def per_row(x: paddle.Tensor):
    rows = x.shape[0]  # one dimension (x.size() would be a whole shape)
    return paddle.zeros([rows]), paddle.zeros(x.shape)
