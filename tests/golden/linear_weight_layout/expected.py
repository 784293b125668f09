# F.linear(x, w): PyTorch's weight is [out, in], Paddle's [in, out]. A tensor of the user's takes
# .T; a converted layer's weight (self.out_proj.weight) is in Paddle's layout already; a weight
# the function is passed may be either, so that call is reported.
import paddle
import torch.nn.functional as F


class Attn(paddle.nn.Layer):
    def __init__(self, d):
        super().__init__()
        self.out_proj = paddle.nn.Linear(d, d)
        self.w = paddle.base.framework.EagerParamBase.from_tensor(paddle.empty([d, d]))

    def forward(self, x):
        y = paddle.nn.functional.linear(x, self.out_proj.weight, bias=self.out_proj.bias)
        z = paddle.nn.functional.linear(x, self.w.T)
        return project(y, self.out_proj.weight) + z


def project(x, weight, bias=None):
    # TODO(torch2paddle): torch.nn.functional.linear: the weight comes from the caller: a tensor of PyTorch's [out, in] layout needs .T (paddle.nn.functional.linear(x, weight.T, bias)), while the weight of a converted layer (paddle.nn.Linear's weight is [in, out]) is passed as it is
    return F.linear(x, weight, bias)


class MyLinear(paddle.nn.Layer):
    def __init__(self, i, o):
        super().__init__()
        self.weight = paddle.base.framework.EagerParamBase.from_tensor(paddle.empty([o, i]))

    def forward(self, x):
        return paddle.nn.functional.linear(x, self.weight.T)
