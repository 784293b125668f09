import paddle

x = paddle.randn([5, 4])
idx = paddle.to_tensor([0, 2, 4])
mask = x > 0

sel = paddle.index_select(x, axis=0, index=idx)
sel2 = x.index_select(axis=1, index=paddle.to_tensor([1, 3]))
ms = paddle.masked_select(x, mask)
mf = x.masked_fill(~mask, 0.0)
mf2 = x.masked_fill(mask, float("-inf"))
sc = paddle.zeros([5, 4]).put_along_axis(axis=1, indices=paddle.zeros([5, 1], dtype=paddle.int64), values=1.0, broadcast=False)
sa = paddle.zeros([3, 4]).put_along_axis(axis=0, indices=paddle.to_tensor([[0, 1, 2, 0]]), values=paddle.ones([1, 4]), reduce='add', include_self=True, broadcast=False)
ia = paddle.zeros([5]).index_add(axis=0, index=idx, value=paddle.ones([3]))
g = x.take_along_axis(axis=1, indices=paddle.zeros([5, 1], dtype=paddle.int64), broadcast=False)
tk = paddle.take(x, paddle.to_tensor([0, 5, 10]))
diag = paddle.diag(paddle.ones([3]))
nz = mask.nonzero()
b = paddle.bucketize(paddle.to_tensor([0.1, 0.7]), paddle.to_tensor([0.0, 0.5, 1.0]))
ss = paddle.searchsorted(paddle.to_tensor([1.0, 2.0, 3.0]), paddle.to_tensor([2.5]))
