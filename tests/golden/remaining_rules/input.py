import torch

a = torch.randn(3, 4)
# Tensor attributes that are methods in Paddle, and is_pinned.
pinned = a.is_pinned()
sparse = a.is_sparse
csr = a.is_sparse_csr
# torch.numel returns a Python int: Paddle's Tensor.size.
n = torch.numel(a)
m = torch.numel(a + 1)
# RNNBase: bias=False drops both biases; batch_first and bidirectional as for GRU/LSTM/RNN.
r = torch.nn.RNNBase('LSTM', 16, 32, bias=False)
r2 = torch.nn.RNNBase('GRU', 16, 32, 2, False, True)
r3 = torch.nn.RNNBase('GRU', 16, 32, bias=True, bidirectional=True)
# xlogy_ in place: 0 where the receiver is 0, as PyTorch.
b = torch.tensor([0., 2., 3., 4.])
c = torch.zeros(4)
c.xlogy_(b)
d = c.xlogy_(2)
# Tensor.allclose returns a Python bool, as Tensor.equal.
ok = b.allclose(c + 1e-9, atol=1e-6)
