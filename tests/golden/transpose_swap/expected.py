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
g = x.moveaxis([0, -1], [-1, 0])
h = (x + 1).moveaxis([1, 2], [2, 1])
k = x.moveaxis([1, 2], [2, 1]).reshape([2, -1])
