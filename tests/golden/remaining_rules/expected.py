import paddle

a = paddle.randn([3, 4])
# Tensor attributes that are methods in Paddle, and is_pinned.
pinned = 'pinned' in str(a.place)
sparse = a.is_sparse()
csr = a.is_sparse_csr()
# torch.numel returns a Python int: Paddle's Tensor.size.
n = a.size
m = (a + 1).size
# RNNBase: bias=False drops both biases; batch_first and bidirectional as for GRU/LSTM/RNN.
r = paddle.nn.layer.rnn.RNNBase('LSTM', 16, 32, bias_ih_attr=False, bias_hh_attr=False, time_major=True)
r2 = paddle.nn.layer.rnn.RNNBase('GRU', 16, 32, 2, bias_ih_attr=False, bias_hh_attr=False)
r3 = paddle.nn.layer.rnn.RNNBase('GRU', 16, 32, direction='bidirectional', time_major=True)
# xlogy_ in place: 0 where the receiver is 0, as PyTorch.
b = paddle.to_tensor([0., 2., 3., 4.])
c = paddle.zeros([4])
paddle.assign(paddle.where(c == 0, paddle.zeros_like(c), c * paddle.log(b)), c)
d = paddle.assign(paddle.where(c == 0, paddle.zeros_like(c), c * paddle.log(paddle.to_tensor(2, dtype=c.dtype))), c)
# Tensor.allclose returns a Python bool, as Tensor.equal.
ok = b.allclose(c + 1e-9, atol=1e-6).item()
