import paddle
import torch.nn.functional as F


def layers(x: paddle.Tensor, w, b, bias, beta):
    y1 = paddle.nn.functional.gelu(x, approximate=True)
    y2 = paddle.nn.functional.gelu(x)
    # TODO(torch2paddle): torch.nn.functional.linear: the weight comes from the caller: a tensor of PyTorch's [out, in] layout needs .T (paddle.nn.functional.linear(x, weight.T, bias)), while the weight of a converted layer (paddle.nn.Linear's weight is [in, out]) is passed as it is
    lin = F.linear(x, w, b)
    bil = paddle.nn.functional.bilinear(x, x, weight=w, bias=bias.unsqueeze(0))
    loss = paddle.nn.functional.smooth_l1_loss(x, w, delta=beta) / beta
    loss2 = paddle.nn.functional.smooth_l1_loss(x, w, reduction='sum', delta=0.5) / 0.5
    return y1, y2, lin, bil, loss, loss2


def shapes(x: paddle.Tensor, s1, s2, s3):
    a = paddle.slice(x, [1], [1], [1 + 4])
    b = paddle.slice(x, [0], [1], [1 + 2])
    c = paddle.where(x > 0, x, x * 2)
    d = paddle.broadcast_shape(paddle.broadcast_shape(s1, s2), s3)
    e = paddle.flip(x, axis=0)
    t = x.moveaxis([1, 2], [2, 1])
    t2 = (paddle.moveaxis(x, [0, -1], [-1, 0]) if 0 % x.ndim != (-1) % x.ndim else x)
    t3 = paddle.moveaxis(x, [0, 1], [1, 0])
    t4 = paddle.moveaxis(x, [1, 2], [2, 1])
    t5 = x.moveaxis([0, 1], [1, 0])
    t6 = x.moveaxis([1, 2], [2, 1])
    # A tuple argument is several tensors in PyTorch; Paddle takes them as separate arguments.
    at1 = paddle.atleast_1d(*(x, s1))
    at2 = paddle.atleast_2d(x)
    at3 = paddle.atleast_3d(x, s1)
    return a, b, c, d, e, t, t2, t3, t4, t5, t6, at1, at2, at3


pad1 = paddle.nn.Pad1D((3, 1), value=3.5)
pad2 = paddle.nn.Pad2D(2, value=0.0)
pad3 = paddle.nn.Pad3D((1, 1, 2, 2, 0, 0), value=1.0)
sm = paddle.nn.Softmax(axis=-3)
p_empty = paddle.base.framework.EagerParamBase.from_tensor(paddle.to_tensor([]))
p_frozen = paddle.base.framework.EagerParamBase.from_tensor(paddle.zeros([3]), trainable=False)
model = paddle.nn.Linear(2, 2)
model.to('gpu:0')
model.to('gpu:1')
model.to('xpu:1')
model.to(blocking=False)
idx = 1
d0 = 'gpu:0'
d1 = 'gpu' + ':' + str(idx)
d2 = 'gpu:1'
d3 = str(kind).replace("cuda", "gpu")
d4 = 'gpu:0'
g1 = paddle.nn.GELU(approximate=True)
g2 = paddle.nn.GELU()
