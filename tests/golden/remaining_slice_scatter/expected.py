# Paddle's slice_scatter takes lists for axes/starts/ends/strides and needs every one of them.
import paddle
import torch
x = paddle.zeros([8, 8])
src = paddle.ones([2, 8])
a = x.slice_scatter(src, axes=[0], starts=[1], ends=[5], strides=[2])
b = paddle.slice_scatter(x, src, axes=[0], starts=[6], ends=[x.shape[0]], strides=[1])
c = paddle.slice_scatter(x, src, axes=[1], starts=[0], ends=[8], strides=[4])
d = x.slice_scatter(src, axes=[0], starts=[0], ends=[x.shape[0]], strides=[1])
# TODO(torch2paddle): torch.slice_scatter: slice_scatter with end=None needs a rewrite by hand (Paddle takes lists of numbers)
e = torch.slice_scatter(x, src, end=None)
