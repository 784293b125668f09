import torch

x = torch.randn(3, requires_grad=True)
w = torch.ones(3)
w.requires_grad_(True)
y = (x * w).sum()
y.backward()
print(x.grad)
x.grad.zero_()

z = (x ** 2).sum()
(gx,) = torch.autograd.grad(z, x, create_graph=True)
frozen = x.detach()
frozen.requires_grad = True
needs = frozen.requires_grad
leaf = x.is_leaf
h = x.register_hook(lambda g: g * 2)
torch.autograd.set_detect_anomaly(True)
