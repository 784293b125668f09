# Named-tuple fields read on the result: PyTorch returns torch.return_types, Paddle a plain tuple.
import torch

x = torch.rand(4, 3)
a = torch.max(x, dim=1).values
b = torch.max(x, 1).indices
c = x.max(dim=1).values
d = torch.min(x, 0).values
e = x.min(1, keepdim=True).indices
f = torch.sort(x, dim=1).values
g = x.sort(descending=True).indices
h = torch.topk(x, 2).values
i = x.topk(2, dim=0).indices
j = torch.kthvalue(x, 2, 1).values
k = torch.mode(x, 1).values
l = torch.median(x, 1).values
m = torch.cummax(x, 0).values
n = torch.cummin(x, 0).indices
o = torch.linalg.slogdet(x).logabsdet
p = torch.linalg.qr(x).Q
q = torch.linalg.eigh(x).eigenvectors
r = torch.linalg.svd(x).S
s = torch.frexp(x).mantissa
t = torch.aminmax(x).max
u = torch.linalg.eig(x).eigenvalues
w = torch.max(x, dim=1)
vals, idx = x.max(1)
m2 = x.cummax(0).values
n2 = x.cummin(1).indices
s2 = x.frexp().exponent
j2 = x.kthvalue(2, 1).indices
l2 = x.median(1).values
k2 = x.mode(1).indices
t2 = x.aminmax().min
o2 = x.slogdet().sign

# torch.linalg.lstsq returns (solution, residuals, rank, singular_values) as a named tuple.
m = torch.randn(4, 3)
rhs = torch.randn(4, 2)
coeffs = torch.linalg.lstsq(m, rhs, driver="gels").solution
