import paddle
import torch

a = paddle.randn([4, 4])
b = paddle.randn([4, 2])

inv = paddle.linalg.inv(a)
det = paddle.linalg.det(a)
tr = paddle.trace(a)
n = paddle.linalg.norm(a)
vn = paddle.linalg.vector_norm(b, axis=0)
li = paddle.linalg.inv(a)
sol = paddle.linalg.solve(a, b)
q, r = paddle.linalg.qr(a)
# TODO(torch2paddle): torch.linalg.svd: argument 'full_matrices' of torch.linalg.svd cannot be converted (not_in_paddle_signature)
u, s, vh = torch.linalg.svd(a, full_matrices=False)
evals, evecs = paddle.linalg.eigh(a @ a.T)
ch = paddle.linalg.cholesky(a @ a.T + paddle.eye(4))
pinv = paddle.linalg.pinv(b)
cd = paddle.cdist(b, b)
kr = paddle.kron(a, paddle.eye(2))
cr = paddle.cross(paddle.randn([3]), paddle.randn([3]), axis=0)
am = paddle.addmm(paddle.zeros([4, 2]), a, b)
