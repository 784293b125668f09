import paddle
import torch

x = paddle.randn([3])
x.stop_gradient = False
w = paddle.ones([3])
w.stop_gradient = False
y = (x * w).sum()
y.backward()
print(x.grad)
x.grad.zero_()

z = (x ** 2).sum()
(gx,) = paddle.grad(z, x, create_graph=True)
frozen = x.detach()
frozen.stop_gradient = False
needs = (not frozen.stop_gradient)
leaf = x.is_leaf
h = x.register_hook(lambda g: g * 2)
# TODO(torch2paddle): torch.autograd.set_detect_anomaly has no Paddle equivalent yet
torch.autograd.set_detect_anomaly(True)
