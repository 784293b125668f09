import paddle
import torch

logits = paddle.randn([32, 10])
scores = paddle.rand([4, 100])

total = paddle.sum(logits)
row_sum = paddle.sum(logits, axis=1)
col_sum = paddle.sum(logits, axis=0, keepdim=True)
avg = paddle.mean(logits, axis=-1)
avg_all = paddle.mean(logits)

# max/min over the whole tensor
best = paddle.max(logits)
lowest = paddle.min(logits)

pred = paddle.argmax(logits, axis=1)
worst = paddle.argmin(logits, axis=-1, keepdim=True)

sd = paddle.std(logits, axis=0)
vr = paddle.var(logits, axis=1, keepdim=True)
pr = paddle.prod(scores, axis=1)
cs = paddle.cumsum(scores, axis=1)
cp = paddle.cumprod(scores, dim=1)
lse = paddle.logsumexp(logits, axis=1)
nrm = paddle.linalg.norm(logits, axis=1)
med = paddle.median(scores, mode='min')

# ranking
top_vals, top_idx = paddle.topk(scores, 5, axis=1)
top_small = paddle.topk(scores, k=3, largest=False)
ranks = paddle.argsort(scores, axis=-1)

# boolean reductions
ok = paddle.all(scores >= 0)
has_nan = paddle.any(paddle.isnan(scores))
count = paddle.count_nonzero(scores > 0.5)
uniq = paddle.unique(pred)


def filter_norms(w, n, dim: int):
    # A number p over several dims is a vector norm in PyTorch (Paddle's linalg.norm over two
    # axes is a matrix norm); 'fro' is the same in both; a p of unknown kind is reported.
    dims = list(range(w.dim()))
    dims.remove(dim)
    per_filter = paddle.linalg.vector_norm(w, p=2, axis=(1, 2, 3))
    l1 = paddle.linalg.vector_norm(w, p=1, axis=[1, 2], keepdim=True)
    fro = paddle.linalg.norm(w, p="fro", axis=(0, 1))
    # TODO(torch2paddle): torch.norm: p of unknown kind with several dims: a number p is a vector norm over those dims in PyTorch, a matrix norm in paddle.linalg.norm (two axes): write paddle.linalg.vector_norm(x, p=p, axis=dims) for a number, paddle.linalg.norm for 'fro' or 'nuc'
    scores = torch.norm(w, p=n, dim=dims)
    return per_filter, l1, fro, scores
