# out= forms: one tensor -> paddle.assign(result, out); several outputs on a statement of its own
# -> the names are bound to the results; template cases (randint) honour out=, requires_grad= and
# pin_memory= too.
import torch

x = torch.randn(4, 4)
y = torch.empty(4, 4)
torch.abs(x, out=y)
torch.linalg.eig(x, out=(L, V))
torch.qr(x, out=[q, r])
torch.cummax(x, 1, out=(values, indices))
r = torch.randint(10, (2, 2))
torch.randint(10, (2, 2), out=r)
g = torch.randint(10, (2, 2), requires_grad=False)
p = torch.randint(3, 10, (2, 2), pin_memory=True)
# Not converted: the call's value is used, or an output is not a plain name.
z = torch.qr(x, out=(q, r))
torch.qr(x, out=(q, r + 1))
