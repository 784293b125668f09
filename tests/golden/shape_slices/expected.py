import paddle


def targets(boxes: paddle.Tensor, n):
    # a slice of a shape is a shape: passed as it is, never wrapped as one dimension
    ctr = paddle.zeros(boxes.shape[:-1], dtype=boxes.dtype)
    rest = paddle.zeros(boxes.shape[1:])
    first = paddle.ones([boxes.shape[0]])  # one dimension: a list of it
    flat = paddle.empty([n])
    return ctr, rest, first, flat
