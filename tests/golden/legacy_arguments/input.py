# Deprecated loss arguments, torchvision weight enums, rounding modes, new_* factories, scalar operands.
import torch
import torch.nn as nn
import torchvision
x = torch.randn(2, 3)
a = x.new_zeros(2, 3)
b = x.new_zeros((4,), dtype=torch.int64)
c = x.new_full((2, 2), 7.0)
x.copy_(a)
y = x.type_as(a)
q = torch.div(x, a, rounding_mode="floor")
loss = nn.NLLLoss(size_average=False)
loss2 = nn.MSELoss(reduce=False, reduction="sum")
m = torchvision.models.resnet18(weights=torchvision.models.ResNet18_Weights.DEFAULT)
le = torch.le(x, 2)
gt = torch.gt(x, a)
t = torch.divide(x, a, rounding_mode="trunc") + x.div(a, rounding_mode="floor") + x.divide(a, rounding_mode="trunc")
e = x.new_empty(3) + x.new_ones([3], dtype=torch.float32)
n = x.new_tensor([1.0, 2.0])
