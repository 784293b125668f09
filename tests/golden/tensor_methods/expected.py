import paddle

device = 'gpu:0'
x = paddle.randn([4, 3, 8, 8])
labels = paddle.randint(0, 10, (4,))

# shape queries
n = x.shape[0]
shape = x.shape
c = x.shape[1]
nd = x.dim()

# reshaping
v = x.view([n, -1])
v2 = x.view([-1])
r = x.reshape([4, -1])
p = x.transpose([0, 2, 3, 1])
t = x.moveaxis([1, 2], [2, 1])
f = x.flatten(1)
u = labels.unsqueeze(1)
s = u.squeeze(1)
s0 = u.squeeze()
e = labels.unsqueeze(-1).expand([4, 5])
rp = labels.tile([2])
ct = t

# device and dtype conversion
g = x.to(device)
g2 = x.cuda()
h = g.cpu()
fx = labels.astype(dtype='float32')
lx = fx.astype(dtype='int64')
ix = fx.astype(dtype='int32')
dx = fx.astype(dtype='float64')
hx = fx.astype(dtype='float16')
bx = labels.astype(dtype='bool')
tx = labels.to(paddle.float32)
ta = x.astype(paddle.float64)

# leaving the graph
val = x.mean().item()
arr = x.detach().cpu().numpy()
lst = labels.tolist()
cl = x.clone()
dc = x.detach()

# reductions as methods
s1 = x.sum(axis=1)
m1 = x.mean(axis=(2, 3), keepdim=True)
am = x.argmax(axis=1)
sd = x.std()
ab = x.abs().sum()
cl2 = x.clip(min=0)
ex = x.exp()
lg = x.clip(min=1e-6).log()
sq = x.sqrt()
pw = x.pow(2)
mm = v.matmul(v.t())
nrm = v.norm(axis=1)
topv, topi = v.topk(3, axis=1)

# in-place methods
x.add_(paddle.ones_like(x))
x.multiply_(paddle.to_tensor(0.5, dtype=x.dtype))
x.zero_()
x.fill_(2.0)
x.clip_(0, 1)
u.masked_fill_(u > 5, 0)
