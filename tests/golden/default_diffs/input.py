# Defaults that differ: a call that relies on PyTorch's default gets it written out in Paddle.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision.transforms as T
import torchvision.transforms.functional as TF

# count_include_pad (torch: True) is Paddle's exclusive (default True, i.e. PyTorch's False).
p1 = nn.AvgPool1d(3, padding=1)
p2 = nn.AvgPool2d(3, stride=1, padding=1)
p3 = nn.AvgPool3d(2, count_include_pad=False)
p4 = nn.AvgPool2d(3, 1, 1, False, True)


def pool(x, include):
    a = F.avg_pool1d(x, 3, padding=1)
    b = F.avg_pool2d(x, 3, padding=1, count_include_pad=include)
    c = F.avg_pool3d(x, 2, count_include_pad=True)
    return a, b, c


def sample(theta, img, grid):
    # align_corners: PyTorch's None and absent mean False, Paddle's default is True.
    g = F.affine_grid(theta, [1, 3, 8, 8])
    out = F.grid_sample(img, grid, align_corners=None)
    kept = F.grid_sample(img, grid, mode='nearest', align_corners=True)
    return g, out, kept


def noise(x):
    # training: False in PyTorch's functional forms, True in Paddle's.
    a = F.alpha_dropout(x, 0.2)
    b = F.rrelu(x, training=True)
    c = F.rrelu(x)
    x.uniform_()
    x.uniform_(-1, 1)
    return a, b, c


def softmaxes(x):
    ok = F.softmax(x, dim=-1) + F.log_softmax(x, 1)
    # Without dim PyTorch picks the axis from the rank: reported.
    implicit = F.softmax(x)
    layer = nn.Softmax(dim=1)
    implicit_layer = nn.LogSoftmax()
    return ok, implicit, layer, implicit_layer


with torch.cpu.amp.autocast():
    pass

persp = T.RandomPerspective(distortion_scale=0.3)
persp_nearest = T.RandomPerspective(interpolation=T.InterpolationMode.NEAREST)


def warp(img, start, end):
    return TF.perspective(img, start, end)


def integers(x):
    # random_ draws integers in [from, to): the docs' uniform_ would draw floats.
    x = torch.zeros(3)
    x.random_(0, 10)
    x.random_(5)
    x.random_()
    return x
