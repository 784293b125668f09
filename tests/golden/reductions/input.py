import torch

logits = torch.randn(32, 10)
scores = torch.rand(4, 100)

total = torch.sum(logits)
row_sum = torch.sum(logits, dim=1)
col_sum = torch.sum(logits, dim=0, keepdim=True)
avg = torch.mean(logits, dim=-1)
avg_all = torch.mean(logits)

# max/min over the whole tensor
best = torch.max(logits)
lowest = torch.min(logits)

pred = torch.argmax(logits, dim=1)
worst = torch.argmin(logits, dim=-1, keepdim=True)

sd = torch.std(logits, dim=0)
vr = torch.var(logits, dim=1, keepdim=True)
pr = torch.prod(scores, dim=1)
cs = torch.cumsum(scores, dim=1)
cp = torch.cumprod(scores, dim=1)
lse = torch.logsumexp(logits, dim=1)
nrm = torch.norm(logits, dim=1)
med = torch.median(scores)

# ranking
top_vals, top_idx = torch.topk(scores, 5, dim=1)
top_small = torch.topk(scores, k=3, largest=False)
ranks = torch.argsort(scores, dim=-1)

# boolean reductions
ok = torch.all(scores >= 0)
has_nan = torch.any(torch.isnan(scores))
count = torch.count_nonzero(scores > 0.5)
uniq = torch.unique(pred)


def filter_norms(w, n, dim: int):
    # A number p over several dims is a vector norm in PyTorch (Paddle's linalg.norm over two
    # axes is a matrix norm); 'fro' is the same in both; a p of unknown kind is reported.
    dims = list(range(w.dim()))
    dims.remove(dim)
    per_filter = torch.norm(w, p=2, dim=(1, 2, 3))
    l1 = w.norm(1, dim=[1, 2], keepdim=True)
    fro = torch.norm(w, p="fro", dim=(0, 1))
    scores = torch.norm(w, p=n, dim=dims)
    return per_filter, l1, fro, scores
