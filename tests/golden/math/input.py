import torch

x = torch.randn(4, 4)
y = torch.randn(4, 4)
bmat = torch.randn(8, 4, 5)
cmat = torch.randn(8, 5, 6)

# arithmetic
s = torch.add(x, y)
s2 = torch.add(x, y, alpha=2)
d = torch.sub(x, y)
m = torch.mul(x, y)
q = torch.div(x, y)
fq = torch.div(x, 3, rounding_mode="floor")
p = torch.pow(x, 2)
r = torch.remainder(x, y)
neg = torch.neg(x)
rec = torch.reciprocal(y)

# elementwise functions
e = torch.exp(x)
l = torch.log(torch.abs(x) + 1e-6)
l2 = torch.log2(torch.abs(x) + 1)
l1p = torch.log1p(torch.abs(x))
sq = torch.sqrt(torch.abs(x))
rs = torch.rsqrt(torch.abs(x) + 1)
ab = torch.abs(x)
sg = torch.sign(x)
fl = torch.floor(x)
ce = torch.ceil(x)
rd = torch.round(x)
tr = torch.trunc(x)
sn = torch.sin(x)
cs = torch.cos(x)

# clamping
c = torch.clamp(x, min=-1.0, max=1.0)
c2 = torch.clamp(x, 0, 6)
c3 = torch.clip(x, -0.5, 0.5)

# activations as functions
sig = torch.sigmoid(x)
th = torch.tanh(x)
rl = torch.relu(x)
sm = torch.softmax(x, dim=-1)

# linear algebra products
mm = torch.matmul(x, y)
mm2 = torch.mm(x, y)
bm = torch.bmm(bmat, cmat)
dt = torch.dot(x[0], y[0])
ot = torch.outer(x[0], y[0])

# selection
w = torch.where(x > 0, x, y)
mx = torch.maximum(x, y)
mn = torch.minimum(x, y)
lerp = torch.lerp(x, y, 0.5)
