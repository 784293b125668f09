import torch

device = torch.device("cuda:0")
x = torch.randn(4, 3, 8, 8)
labels = torch.randint(0, 10, (4,))

# shape queries
n = x.size(0)
shape = x.size()
c = x.shape[1]
nd = x.dim()

# reshaping
v = x.view(n, -1)
v2 = x.view(-1)
r = x.reshape(4, -1)
p = x.permute(0, 2, 3, 1)
t = x.transpose(1, 2)
f = x.flatten(1)
u = labels.unsqueeze(1)
s = u.squeeze(1)
s0 = u.squeeze()
e = labels.unsqueeze(-1).expand(4, 5)
rp = labels.repeat(2)
ct = t.contiguous()

# device and dtype conversion
g = x.to(device)
g2 = x.cuda()
h = g.cpu()
fx = labels.float()
lx = fx.long()
ix = fx.int()
dx = fx.double()
hx = fx.half()
bx = labels.bool()
tx = labels.to(torch.float32)
ta = x.type(torch.float64)

# leaving the graph
val = x.mean().item()
arr = x.detach().cpu().numpy()
lst = labels.tolist()
cl = x.clone()
dc = x.detach()

# reductions as methods
s1 = x.sum(dim=1)
m1 = x.mean(dim=(2, 3), keepdim=True)
am = x.argmax(dim=1)
sd = x.std()
ab = x.abs().sum()
cl2 = x.clamp(min=0)
ex = x.exp()
lg = x.clamp(min=1e-6).log()
sq = x.sqrt()
pw = x.pow(2)
mm = v.matmul(v.t())
nrm = v.norm(dim=1)
topv, topi = v.topk(3, dim=1)

# in-place methods
x.add_(torch.ones_like(x))
x.mul_(0.5)
x.zero_()
x.fill_(2.0)
x.clamp_(0, 1)
u.masked_fill_(u > 5, 0)
