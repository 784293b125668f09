# Argument values Paddle spells differently: correction -> unbiased, side -> right, some -> mode,
# upper -> UPLO, batch_first -> time_major (opposite meaning, also when omitted), bidirectional ->
# direction, meshgrid indexing, set_printoptions profiles, searchsorted sorter.
import torch

x = torch.randn(4, 4)
s = torch.std(x, 1, correction=0)
v = torch.var(x, dim=0, correction=1, keepdim=True)
seq = torch.tensor([1, 3, 5, 7])
vals = torch.tensor([3, 6])
i = torch.searchsorted(seq, vals, side='right')
j = torch.searchsorted(seq, vals, side="left")
order = torch.argsort(seq)
k = torch.searchsorted(seq, vals, sorter=order)
q, r = torch.qr(x, some=False)
q2, r2 = torch.qr(x, True)
e, w = torch.symeig(x, eigenvectors=True, upper=False)
rnn = torch.nn.RNNBase('LSTM', 16, 32, bidirectional=True)
rnn2 = torch.nn.RNNBase('GRU', 16, 32, batch_first=True, bidirectional=False)
rnn3 = torch.nn.RNNBase('LSTM', 16, 32, batch_first=False)
a = torch.linspace(0, 1, 3)
b = torch.linspace(0, 1, 4)
g1, g2 = torch.meshgrid(a, b, indexing='ij')
h1, h2 = torch.meshgrid(a, b, indexing='xy')
torch.set_printoptions(profile='full')
torch.set_printoptions(profile="short")
torch.set_printoptions(precision=3)
# Not converted: values without a Paddle spelling.
t = torch.var(x, dim=0, correction=2)
m1, m2, m3 = torch.meshgrid(a, b, a, indexing='xy')
p = torch.randn(3, 3)
q3, r3 = p.qr(some=False)
e3, w3 = p.symeig(eigenvectors=True)
