# Argument values Paddle spells differently: correction -> unbiased, side -> right, some -> mode,
# upper -> UPLO, batch_first -> time_major (opposite meaning, also when omitted), bidirectional ->
# direction, meshgrid indexing, set_printoptions profiles, searchsorted sorter.
import paddle
import torch

x = paddle.randn([4, 4])
s = paddle.std(x, 1, unbiased=False)
v = paddle.var(x, axis=0, unbiased=True, keepdim=True)
seq = paddle.to_tensor([1, 3, 5, 7])
vals = paddle.to_tensor([3, 6])
i = paddle.searchsorted(seq, vals, right=True)
j = paddle.searchsorted(seq, vals, right=False)
order = paddle.argsort(seq)
k = paddle.searchsorted(paddle.take_along_axis(seq, order, axis=-1), vals)
q, r = paddle.linalg.qr(x, mode='complete')
q2, r2 = paddle.linalg.qr(x, 'reduced')
e, w = paddle.linalg.eigh(x, UPLO='L')
rnn = paddle.nn.layer.rnn.RNNBase('LSTM', 16, 32, direction='bidirectional', time_major=True)
rnn2 = paddle.nn.layer.rnn.RNNBase('GRU', 16, 32)
rnn3 = paddle.nn.layer.rnn.RNNBase('LSTM', 16, 32, time_major=True)
a = paddle.linspace(0, 1, 3)
b = paddle.linspace(0, 1, 4)
g1, g2 = paddle.meshgrid(a, b)
h1, h2 = list([i.T for i in paddle.meshgrid(a, b)])
paddle.set_printoptions(precision=4, threshold=1000000, edgeitems=3, linewidth=80)
paddle.set_printoptions(precision=2, threshold=1000, edgeitems=2, linewidth=80)
paddle.set_printoptions(precision=3)
rank = paddle.linalg.matrix_rank(x, tol=0.01, hermitian=True)
rank2 = paddle.linalg.matrix_rank(x, atol=0.1)
sd1 = x.std(1, unbiased=False)
sd2 = x.std(unbiased=False)
va1 = x.var(axis=0, unbiased=False)
va2 = x.var(1, False, True)
# Not converted: values without a Paddle spelling.
# TODO(torch2paddle): torch.var: argument 'correction=2' of torch.var has no Paddle equivalent value
t = torch.var(x, dim=0, correction=2)
# TODO(torch2paddle): torch.meshgrid: indexing='xy' with other than two tensors needs a rewrite by hand
m1, m2, m3 = torch.meshgrid(a, b, a, indexing='xy')
p = paddle.randn([3, 3])
q3, r3 = p.qr(mode='complete')
e3, w3 = paddle.linalg.eigh(p)
