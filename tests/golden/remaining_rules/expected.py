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
