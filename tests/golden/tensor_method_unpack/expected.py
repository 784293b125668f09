import paddle


def upcast(t: paddle.Tensor) -> paddle.Tensor:
    return t.astype(dtype='float32')


def enclosing(boxes1: paddle.Tensor, boxes2: paddle.Tensor):
    boxes1 = upcast(boxes1)
    # the tensors a tensor method returns unpack to tensors: torch.min of two tensors
    x1, y1 = boxes1.unbind(axis=-1)
    x1g, y1g = boxes2.unbind(axis=-1)
    low = paddle.minimum(x1, x1g)
    high = paddle.maximum(y1, y1g)
    # one element of the result read right away: that element alone
    order = paddle.argsort(boxes1, axis=1)
    return low, high, order
