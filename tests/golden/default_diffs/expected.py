# Defaults that differ: a call that relies on PyTorch's default gets it written out in Paddle.
import paddle
import torch.nn as nn
import torch.nn.functional as F

# count_include_pad (torch: True) is Paddle's exclusive (default True, i.e. PyTorch's False).
p1 = paddle.nn.AvgPool1D(3, padding=1, exclusive=False)
p2 = paddle.nn.AvgPool2D(3, stride=1, padding=1, exclusive=False)
p3 = paddle.nn.AvgPool3D(2, exclusive=True)
p4 = paddle.nn.AvgPool2D(3, 1, 1, False, False)


def pool(x, include):
    a = paddle.nn.functional.avg_pool1d(x, 3, padding=1, exclusive=False)
    b = paddle.nn.functional.avg_pool2d(x, 3, padding=1, exclusive=not include)
    c = paddle.nn.functional.avg_pool3d(x, 2, exclusive=False)
    return a, b, c


def sample(theta, img, grid):
    # align_corners: PyTorch's None and absent mean False, Paddle's default is True.
    g = paddle.nn.functional.affine_grid(theta, [1, 3, 8, 8], align_corners=False)
    out = paddle.nn.functional.grid_sample(img, grid, align_corners=False)
    kept = paddle.nn.functional.grid_sample(img, grid, mode='nearest', align_corners=True)
    return g, out, kept


def noise(x):
    # training: False in PyTorch's functional forms, True in Paddle's.
    a = paddle.nn.functional.alpha_dropout(x, 0.2, training=False)
    b = paddle.nn.functional.rrelu(x, training=True)
    c = paddle.nn.functional.rrelu(x, training=False)
    x.uniform_(min=0)
    x.uniform_(-1, 1)
    return a, b, c


def softmaxes(x):
    ok = paddle.nn.functional.softmax(x, axis=-1) + paddle.nn.functional.log_softmax(x, 1)
    # Without dim PyTorch picks the axis from the rank: reported.
    # TODO(torch2paddle): torch.nn.functional.softmax: without 'dim=', torch.nn.functional.softmax lets PyTorch pick the axis from the input's rank (deprecated: 0 for 0-, 1- and 3-D inputs, else 1) where Paddle uses -1: pass dim explicitly
    implicit = F.softmax(x)
    layer = paddle.nn.Softmax(axis=1)
    # TODO(torch2paddle): torch.nn.LogSoftmax: without 'dim=', torch.nn.LogSoftmax lets PyTorch pick the axis from the input's rank (deprecated: 0 for 0-, 1- and 3-D inputs, else 1) where Paddle uses -1: pass dim explicitly
    implicit_layer = nn.LogSoftmax()
    return ok, implicit, layer, implicit_layer


with paddle.amp.auto_cast(dtype='bfloat16'):
    pass

persp = paddle.vision.transforms.RandomPerspective(distortion_scale=0.3, interpolation='bilinear')
persp_nearest = paddle.vision.transforms.RandomPerspective(interpolation='nearest')


def warp(img, start, end):
    return paddle.vision.transforms.perspective(img, start, end, interpolation='bilinear')


def integers(x):
    # random_ draws integers in [from, to): the docs' uniform_ would draw floats.
    x = paddle.zeros([3])
    paddle.assign(paddle.randint_like(x, 0, 10), x)
    paddle.assign(paddle.randint_like(x, 0, 5), x)
    # TODO(torch2paddle): torch.Tensor.random_: random_() without bounds draws from the whole range of the dtype, and bounds by keyword or a generator need a rewrite by hand
    x.random_()
    return x
