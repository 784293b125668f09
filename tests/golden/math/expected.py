import paddle

x = paddle.randn([4, 4])
y = paddle.randn([4, 4])
bmat = paddle.randn([8, 4, 5])
cmat = paddle.randn([8, 5, 6])

# arithmetic
s = paddle.add(x, y)
s2 = paddle.add(x, 2 * y)
d = paddle.subtract(x, y)
m = paddle.multiply(x, y)
q = x / y
fq = paddle.floor_divide(x, paddle.full([], 3, x.dtype))
p = paddle.pow(x, 2)
r = paddle.remainder(x, y)
neg = paddle.neg(x)
rec = paddle.reciprocal(y)

# elementwise functions
e = paddle.exp(x)
l = paddle.log(paddle.abs(x) + 1e-6)
l2 = paddle.log2(paddle.abs(x) + 1)
l1p = paddle.log1p(paddle.abs(x))
sq = paddle.sqrt(paddle.abs(x))
rs = paddle.rsqrt(paddle.abs(x) + 1)
ab = paddle.abs(x)
sg = paddle.sign(x)
fl = paddle.floor(x)
ce = paddle.ceil(x)
rd = paddle.round(x)
tr = paddle.trunc(x)
sn = paddle.sin(x)
cs = paddle.cos(x)

# clamping
c = paddle.clip(x, min=-1.0, max=1.0)
c2 = paddle.clip(x, 0, 6)
c3 = paddle.clip(x, -0.5, 0.5)

# activations as functions
sig = paddle.nn.functional.sigmoid(x)
th = paddle.nn.functional.tanh(x)
rl = paddle.nn.functional.relu(x)
sm = paddle.nn.functional.softmax(x, axis=-1)

# linear algebra products
mm = paddle.matmul(x, y)
mm2 = paddle.mm(x, y)
bm = paddle.bmm(bmat, cmat)
dt = paddle.dot(x[0], y[0])
ot = paddle.outer(x[0], y[0])

# selection
w = paddle.where(x > 0, x, y)
mx = paddle.maximum(x, y)
mn = paddle.minimum(x, y)
lerp = paddle.lerp(x, y, 0.5)
