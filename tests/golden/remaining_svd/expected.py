# some=True (PyTorch's default) is Paddle's full_matrices=False (Paddle's default).
import paddle
u, s, v = paddle.linalg.svd(x)
u, s, v = paddle.linalg.svd(x, True)
r = paddle.linalg.svd(x, full_matrices=not flag)
y = paddle.linalg.svd(a, full_matrices=True)
t = paddle.randn([3, 3])
w = paddle.linalg.svd(t)
