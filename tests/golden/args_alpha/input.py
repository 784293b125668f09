# alpha= scales the second operand (Paddle's add/subtract/index_add have no alpha); rounding_mode
# on the in-place division becomes divide_ followed by the in-place rounding.
import torch

x = torch.randn(3, 4)
y = torch.randn(3, 4)
out = torch.empty(3, 4)
a = torch.add(x, y, alpha=2)
b = torch.add(x, y)
torch.add(x, y, alpha=0.5, out=out)
c = torch.sub(x, y + 1, alpha=scale + 1)
d = torch.subtract(x, y, alpha=2)
e = x.add(y, alpha=3)
x.add_(y, alpha=-1)
f = x.sub(y, alpha=2) * 2
x.sub_(y, alpha=2)
g = x.subtract(y, alpha=2)
x.subtract_(y, alpha=2)
index = torch.tensor([0, 2])
source = torch.ones(3, 2)
h = torch.index_add(x, 1, index, source, alpha=2)
i = x.index_add(dim=1, index=index, source=source, alpha=0.5)
x.index_add_(1, index, source, alpha=2)
q = torch.tensor([4.0, 8.0, 12.0])
r = torch.tensor([3.0, 4.0, 5.0])
q.div_(r, rounding_mode='floor')
q.divide_(r, rounding_mode="trunc")
