# Swapping two dimensions: Paddle's transpose takes a whole permutation, which needs the rank;
# moveaxis with both axes swaps them for any rank and for negative dimensions.
import paddle

x = paddle.rand([2, 3, 5])
a = x.moveaxis([0, 1], [1, 0])
b = paddle.moveaxis(x, [-1, -2], [-2, -1])
c = paddle.moveaxis(x, [1, 2], [2, 1])
d = x.moveaxis([0, 2], [2, 0])
e = paddle.moveaxis(x, [0, 1], [1, 0])
f = paddle.moveaxis(x, [1, 2], [2, 1])
g = (x.moveaxis([0, -1], [-1, 0]) if 0 % x.ndim != (-1) % x.ndim else x)
h = (x + 1).moveaxis([1, 2], [2, 1])
k = x.moveaxis([1, 2], [2, 1]).reshape([2, -1])


# Axes that may be one axis (a variable, or 1 and -1 of a 2-D tensor) swap only when they differ:
# PyTorch's swap of an axis with itself is a no-op, moveaxis refuses it.

def swap_any(x: paddle.Tensor, axis: int):
    a = x.moveaxis([0, 1], [1, 0])
    b = (x.moveaxis([axis, -1], [-1, axis]) if axis % x.ndim != (-1) % x.ndim else x)
    c = (paddle.moveaxis(x, [1, -1], [-1, 1]) if 1 % x.ndim != (-1) % x.ndim else x)
    d = x.moveaxis([-2, -1], [-1, -2])
    # TODO(torch2paddle): torch.Tensor.transpose: the axes may name one axis twice (transpose(axis, -1) with axis the last one is a no-op in PyTorch, and paddle.moveaxis refuses it): pass integer literals, or names so that both cases can be written
    e = (x + 1).transpose(axis, 0)
    return a, b, c, d, e
