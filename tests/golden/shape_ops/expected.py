import paddle

a = paddle.randn([2, 3])
b = paddle.randn([2, 3])
seq = paddle.randn([8, 16, 32])

# joining
cat0 = paddle.concat([a, b], axis=0)
cat1 = paddle.concat((a, b), 1)
concat = paddle.concat([a, b], axis=-1)
stk = paddle.stack([a, b])
stk1 = paddle.stack([a, b], axis=1)
hs = paddle.hstack([a, b])
vs = paddle.vstack([a, b])

# splitting
parts = paddle.tensor_split(seq, list(range(4, seq.shape[2], 4)), axis=2)
uneven = paddle.split(seq, [10, 22], axis=-1)
chunks = paddle.chunk(seq, 2, axis=0)
rows = paddle.unbind(a, axis=0)

# adding and removing axes
sq = paddle.squeeze(paddle.zeros([1, 3, 1]))
sq1 = paddle.squeeze(seq, axis=0)
us = paddle.unsqueeze(a, 0)
us2 = paddle.unsqueeze(a, axis=-1)
flat = paddle.flatten(seq)
flat1 = paddle.flatten(seq, start_axis=1)
rs = paddle.reshape(seq, (8, -1))
rs2 = paddle.reshape(a, [3, 2])

# axis order
tp = paddle.moveaxis(seq, [1, 2], [2, 1])
tp2 = paddle.moveaxis(seq, [0, 1], [1, 0])
pm = paddle.transpose(seq, (2, 0, 1))
mt = paddle.t(a)

# repetition and reordering
rp = paddle.tile(a, (2, 1))
ri = paddle.repeat_interleave(a, 2, axis=0)
fp = paddle.flip(a, axis=[1])
rl = paddle.roll(a, shifts=1, axis=1)
bc = paddle.broadcast_to(a[:1], (4, 3))
mg_x, mg_y = paddle.meshgrid(paddle.arange(3), paddle.arange(4))

# gathering
idx = paddle.to_tensor([[0, 1, 2], [2, 1, 0]])
gt = paddle.take_along_axis(a, axis=1, indices=idx, broadcast=False)
gt2 = paddle.take_along_axis(a, axis=1, indices=idx, broadcast=False)
tri = paddle.tril(paddle.ones([4, 4]))
triu = paddle.triu(paddle.ones([4, 4]), diagonal=1)


def expand_to(weight, new_size, input_size):
    # A lone `*_size` name of unknown kind is a shape as often as a count: listed only when it is
    # not a list or tuple already.
    weight = weight.expand(new_size if isinstance(new_size, (list, tuple)) else [new_size])
    return paddle.empty([1], dtype=weight.dtype).expand(input_size if isinstance(input_size, (list, tuple)) else [input_size]), weight.view([-1])
