"""Tensor creation functions as they appear in data pipelines and model code."""
import numpy as np
import paddle

device = str("cuda" if (paddle.device.cuda.device_count() >= 1) else "cpu").replace("cuda", "gpu")

# *size varargs and shape tuples
a = paddle.zeros([2, 3])
b = paddle.zeros((4, 5), dtype=paddle.float32)
c = paddle.ones([3, 4])
d = paddle.ones([2, 2], dtype=paddle.int64)
e = paddle.empty([8, 16])
f = paddle.full((2, 3), 7.0)
g = paddle.full([4], -1, dtype=paddle.int64)

# ranges
idx = paddle.arange(10)
steps = paddle.arange(0, 1, 0.1)
pos = paddle.arange(0, 128, dtype=paddle.int64)
grid = paddle.linspace(0, 1, num=50)
ident = paddle.eye(4)

# random tensors
noise = paddle.rand([2, 3])
weights = paddle.randn([16, 32])
labels = paddle.randint(0, 10, (32,))
perm = paddle.randperm(100)

# from data
t = paddle.to_tensor([1.0, 2.0, 3.0])
mask = paddle.to_tensor([[1, 0], [0, 1]], dtype=paddle.bool)
arr = np.arange(6, dtype=np.float32)
from_np = paddle.to_tensor(arr)
as_t = paddle.to_tensor(arr)

# *_like variants
z = paddle.zeros_like(t)
o = paddle.ones_like(weights)
fl = paddle.full_like(t, 0.5)
rl = paddle.rand(noise.shape, dtype=noise.dtype)
nl = paddle.randn(noise.shape, dtype=noise.dtype)
el = paddle.empty_like(t)

# gradient tracking at creation
w = paddle.zeros([3, 3])
w.stop_gradient = False
bias = paddle.randn([10])
bias.stop_gradient = False

# out= argument
buf = paddle.empty([2, 3])
paddle.assign(paddle.zeros([2, 3]), buf)
