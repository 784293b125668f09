import torch
import torch.nn as nn
import torch.nn.functional as F


def layers(x: torch.Tensor, w, b, bias, beta):
    y1 = F.gelu(x, approximate='tanh')
    y2 = F.gelu(x, approximate="none")
    lin = F.linear(x, w, b)
    bil = F.bilinear(x, x, weight=w, bias=bias)
    loss = F.smooth_l1_loss(x, w, beta=beta)
    loss2 = F.smooth_l1_loss(x, w, reduction='sum', beta=0.5)
    return y1, y2, lin, bil, loss, loss2


def shapes(x: torch.Tensor, s1, s2, s3):
    a = x.narrow(1, 1, 4)
    b = torch.narrow(x, 0, 1, 2)
    c = x.where(x > 0, x * 2)
    d = torch.broadcast_shapes(s1, s2, s3)
    e = torch.flipud(x)
    t = x.transpose(1, 2)
    t2 = torch.transpose(x, 0, -1)
    t3 = torch.swapaxes(x, 0, 1)
    t4 = torch.swapdims(x, dim0=1, dim1=2)
    t5 = x.swapaxes(0, 1)
    t6 = x.swapdims(1, 2)
    # A tuple argument is several tensors in PyTorch; Paddle takes them as separate arguments.
    at1 = torch.atleast_1d((x, s1))
    at2 = torch.atleast_2d(x)
    at3 = torch.atleast_3d(x, s1)
    return a, b, c, d, e, t, t2, t3, t4, t5, t6, at1, at2, at3


pad1 = nn.ConstantPad1d((3, 1), 3.5)
pad2 = nn.ConstantPad2d(2, 0.0)
pad3 = nn.ConstantPad3d((1, 1, 2, 2, 0, 0), value=1.0)
sm = nn.Softmax2d()
p_empty = nn.Parameter()
p_frozen = nn.parameter.Parameter(torch.zeros(3), requires_grad=False)
model = nn.Linear(2, 2)
model.cuda(0)
model.cuda(device=torch.device('cuda', 1))
model.xpu(1)
model.to(non_blocking=True)
idx = 1
d0 = torch.device('cuda', 0)
d1 = torch.device('cuda', idx)
d2 = torch.device('cuda:1')
d3 = torch.device(kind)
d4 = torch.device(0)
g1 = nn.GELU(approximate='tanh')
g2 = nn.GELU(approximate="none")
