# some=True (PyTorch's default) is Paddle's full_matrices=False (Paddle's default).
import paddle
u, s, v = (lambda u, s, vh: (u, s, paddle.matrix_transpose(vh.conj())))(*paddle.linalg.svd(x))
u, s, v = (lambda u, s, vh: (u, s, paddle.matrix_transpose(vh.conj())))(*paddle.linalg.svd(x, full_matrices=True))
r = (lambda u, s, vh: (u, s, paddle.matrix_transpose(vh.conj())))(*paddle.linalg.svd(x, full_matrices=not flag))
y = (lambda u, s, vh: (u, s, paddle.matrix_transpose(vh.conj())))(*paddle.linalg.svd(a, full_matrices=True))
t = paddle.randn([3, 3])
w = (lambda u, s, vh: (u, s, paddle.matrix_transpose(vh.conj())))(*paddle.linalg.svd(t))
# torch.svd returns V where paddle.linalg.svd returns its conjugate transpose VH (torch.linalg.svd's
# Vh): the third result is transposed back, over the last two axes, so a batch keeps its shape.
U, S, V = (lambda u, s, vh: (u, s, paddle.matrix_transpose(vh.conj())))(*paddle.linalg.svd(paddle.rand([4, 3, 2])))
