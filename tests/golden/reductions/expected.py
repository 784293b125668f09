import paddle

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
